import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DomainInputError } from "../errors.js";
import { calculateHullPerformance, type HullCalculatorInput } from "./hull-calculator.js";

const base: HullCalculatorInput = {
  currentPower: 10_000,
  baselinePower: 10_000,
  currentSfoc: 180,
  baselineSfoc: 180,
};

// Method: hull-calculator.ts doc comment; bands spec §4; price 600 $/t spec §9.
describe("hull performance calculator on constructed cases", () => {
  test("current = baseline: efficiency 0, index 100, good band, no cost, no payback", () => {
    const r = calculateHullPerformance(base);
    expect(r.hullEfficiency).toBe(0);
    expect(r.hullRoughnessIndex).toBe(100);
    expect(r.details.roughnessBand).toBe("good");
    expect(r.details.cleaningState).toBe("Good");
    expect(r.economicImpact).toEqual({ additionalFuelCost: 0, annualExtraCost: 0, paybackPeriod: null });
    expect(r.weatherCorrected).toBe(false);
    expect(r.calculationMethod).toMatch(/same speed/);
  });

  test("+10 % power at the same speed: efficiency −100·10/110 = −9.09 (as the hull records), index 125 (orange), 4.32 t/day extra, $2,592/day", () => {
    const r = calculateHullPerformance({ ...base, currentPower: 11_000 });
    expect(r.hullEfficiency).toBeCloseTo(-1000 / 110, 12);
    expect(r.hullRoughnessIndex).toBeCloseTo(125, 12);
    expect(r.details.roughnessBand).toBe("orange");
    expect(r.details.cleaningState).toBe("Moderate");
    expect(r.details.extraFuelTonnesPerDay).toBeCloseTo(4.32, 12); // 1000 kW × 180 g/kWh × 24 h
    expect(r.economicImpact.additionalFuelCost).toBeCloseTo(2592, 9);
    expect(r.economicImpact.annualExtraCost).toBeCloseTo(2592 * 280, 6);
    expect(r.economicImpact.paybackPeriod).toBeCloseTo(25_000 / 2592, 9);
  });

  test("power following the cube law to a lower speed is not degradation", () => {
    const r = calculateHullPerformance({
      ...base,
      currentPower: 10_000 * (13 / 14) ** 3,
      currentSpeed: 13,
      baselineSpeed: 14,
    });
    expect(r.hullEfficiency).toBeCloseTo(0, 10);
    expect(r.calculationMethod).toMatch(/cube law/);
  });

  test("economic inputs are used when given", () => {
    const r = calculateHullPerformance({
      ...base,
      currentPower: 11_000,
      fuelPricePerTonne: 500,
      operatingDaysPerYear: 300,
      cleaningCost: 43_200,
    });
    expect(r.economicImpact.additionalFuelCost).toBeCloseTo(2160, 9);
    expect(r.economicImpact.annualExtraCost).toBeCloseTo(648_000, 6);
    expect(r.economicImpact.paybackPeriod).toBeCloseTo(20, 9);
  });

  test("head seas of 2 m are removed before comparing (STAwave-1, η_D 0.7): corrected efficiency is better", () => {
    const input = {
      ...base,
      currentPower: 11_000,
      currentSpeed: 14,
      baselineSpeed: 14,
      waveHeight: 2,
      beamM: 32,
      bowLengthM: 32,
      lengthM: 200,
      frontalAreaM2: 500,
    };
    const r = calculateHullPerformance(input);
    const addedKw = (80_414.53 * ((14 * 1852) / 3600)) / 0.7 / 1000; // 80,414.53 N: see wave-and-calm-power.test.ts
    expect(r.weatherCorrected).toBe(true);
    expect(r.details.weatherAddedPowerKw).toBeCloseTo(addedKw, 1);
    expect(r.hullEfficiency).toBeCloseTo(100 * (10_000 / (11_000 - addedKw) - 1), 1);
    expect(r.details.staWave1Valid).toBe(true);
  });

  test("sea state stands in for a missing wave height and the method says so; no speed means no correction", () => {
    const withSpeed = calculateHullPerformance({ ...base, currentSpeed: 14, seaState: 4 });
    expect(withSpeed.weatherCorrected).toBe(true);
    expect(withSpeed.calculationMethod).toMatch(/Douglas sea state 4/);
    const noSpeed = calculateHullPerformance({ ...base, seaState: 4, windSpeed: 20 });
    expect(noSpeed.weatherCorrected).toBe(false);
    expect(noSpeed.calculationMethod).toMatch(/no weather correction/);
    expect(noSpeed.corrections.filter((c) => c.correction !== "speed")).toEqual([
      {
        correction: "wind",
        applied: false,
        note: expect.stringMatching(/^Not applied: needs the current speed/),
      },
      {
        correction: "waves",
        applied: false,
        note: expect.stringMatching(/^Not applied: needs the current speed/),
      },
    ]);
  });

  test.each([
    ["currentPower", { currentPower: 0 }],
    ["baselineSfoc", { baselineSfoc: -1 }],
    ["seaState", { seaState: 10 }],
    ["windSpeed", { windSpeed: -2 }],
    ["currentSpeed", { currentSpeed: 0 }],
    ["currentSpeed", { currentSpeed: 0.001 }],
    ["currentSpeed", { currentSpeed: 1, baselineSpeed: 14 }],
    ["baselineSpeed", { baselineSpeed: 60 }],
    ["currentPower", { currentPower: 1e9 }],
    ["currentPower", { currentPower: 100_000, baselinePower: 1_000 }],
    ["currentSfoc", { currentSfoc: 5_000 }],
    ["waveHeight", { waveHeight: 45 }],
    ["cleaningCost", { cleaningCost: 1e308 }],
    ["fuelPricePerTonne", { fuelPricePerTonne: 1e308 }],
  ])("invalid %s is a DomainInputError naming the field", (field, over) => {
    try {
      calculateHullPerformance({ ...base, ...over });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainInputError);
      expect((e as DomainInputError).field).toBe(field);
    }
  });

  test("more excess power never improves hull efficiency nor lowers the index (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1000, max: 50_000, noNaN: true }),
        fc.double({ min: 0.9, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (baseline, ratio, extraRatio) => {
          const current = baseline * ratio;
          const extra = baseline * extraRatio;
          const a = calculateHullPerformance({ ...base, baselinePower: baseline, currentPower: current });
          const b = calculateHullPerformance({
            ...base,
            baselinePower: baseline,
            currentPower: current + extra,
          });
          expect(b.hullEfficiency).toBeLessThanOrEqual(a.hullEfficiency);
          expect(b.hullRoughnessIndex).toBeGreaterThanOrEqual(a.hullRoughnessIndex);
          expect(b.economicImpact.additionalFuelCost).toBeGreaterThanOrEqual(
            a.economicImpact.additionalFuelCost,
          );
        },
      ),
    );
  });

  test("following seas (waves from 180°) are outside STAwave-1: no wave correction, and a note says why", () => {
    const ship = { beamM: 32, bowLengthM: 32, lengthM: 200, frontalAreaM2: 500 };
    const calm = calculateHullPerformance({
      ...base,
      currentPower: 11_000,
      currentSpeed: 14,
      baselineSpeed: 14,
    });
    const r = calculateHullPerformance({
      ...base,
      ...ship,
      currentPower: 11_000,
      currentSpeed: 14,
      baselineSpeed: 14,
      waveHeight: 2,
      waveAngleOffBowDeg: 180,
    });
    expect(r.hullEfficiency).toBe(calm.hullEfficiency);
    expect(r.hullEfficiency).toBeLessThan(0); // 10 % excess stays a degradation, never an "improvement"
    expect(r.weatherCorrected).toBe(false);
    expect(r.details.weatherAddedPowerKw).toBe(0);
    expect(r.details.staWave1Valid).toBe(false);
    const waves = r.corrections.find((c) => c.correction === "waves")!;
    expect(waves.applied).toBe(false);
    expect(waves.note).toMatch(/180° off the bow are outside STAwave-1's validity \(head waves within ±45°/);
    // 40° off the bow is inside the ±45° sector: applied.
    const bow = calculateHullPerformance({
      ...base,
      ...ship,
      currentPower: 11_000,
      currentSpeed: 14,
      waveHeight: 2,
      waveAngleOffBowDeg: 40,
    });
    expect(bow.corrections.find((c) => c.correction === "waves")!.applied).toBe(true);
  });

  test("waves above STAwave-1's height limit are not corrected, and the note gives the limit", () => {
    const r = calculateHullPerformance({
      ...base,
      currentPower: 11_000,
      currentSpeed: 14,
      waveHeight: 8,
      lengthM: 183,
    });
    const waves = r.corrections.find((c) => c.correction === "waves")!;
    expect(waves.applied).toBe(false);
    expect(waves.note).toMatch(/above STAwave-1's height limit for this ship \(3\.04 m/);
  });
});
