import { describe, expect, test } from "vitest";
import { powerCorrectedToCalm } from "./calm-water-power.js";
import { staWave1AddedResistance } from "./wave-added-resistance.js";

// STAwave-1 formula [MEM], limits [C1]: reference-data.md §9.
describe("STAwave-1 R_AWL = (1/16)·ρ_S·g·H²·B·√(B/L_BWL)", () => {
  test("hand computation: H 2 m, B 32 m, L_BWL 32 m → 1025·9.80665·8 = 80,414.53 N", () => {
    const r = staWave1AddedResistance({
      significantWaveHeightM: 2,
      beamM: 32,
      bowLengthM: 32,
      lengthBetweenPerpendicularsM: 200,
    });
    expect(r.resistanceN).toBeCloseTo(80_414.53, 1);
    expect(r.validity).toEqual({
      headWaves: true,
      heightWithinLimit: true,
      maxWaveHeightM: 2.25 * Math.SQRT2,
      valid: true,
    });
  });

  test.each([
    ["head seas at the ±45° edge are valid", 2, -45, true, true],
    ["bow-quartering seas at 60° are outside the head sector", 2, 60, false, true],
    ["H above 2.25·√(Lpp/100) = 3.18 m for Lpp 200 m is outside the height limit", 3.5, 0, true, false],
  ])("%s", (_n, h, angle, head, height) => {
    const r = staWave1AddedResistance({
      significantWaveHeightM: h,
      beamM: 32,
      bowLengthM: 25,
      lengthBetweenPerpendicularsM: 200,
      waveAngleOffBowDeg: angle,
    });
    expect(r.validity.headWaves).toBe(head);
    expect(r.validity.heightWithinLimit).toBe(height);
    expect(r.validity.valid).toBe(head && height);
  });

  test("resistance grows with H² (4 m gives four times 2 m)", () => {
    const base = { beamM: 32, bowLengthM: 25, lengthBetweenPerpendicularsM: 200 };
    const r2 = staWave1AddedResistance({ ...base, significantWaveHeightM: 2 }).resistanceN;
    const r4 = staWave1AddedResistance({ ...base, significantWaveHeightM: 4 }).resistanceN;
    expect(r4 / r2).toBeCloseTo(4, 12);
  });
});

describe("P_calm = P_meas − (ΔR_wind + R_AW)·V/η_D (ISO 15016 principles, reference §8–§9)", () => {
  test("hand computation: 60 kN + 40 kN at 7 m/s, η_D 0.7 → 1000 kW added", () => {
    const r = powerCorrectedToCalm({
      measuredPowerKw: 10_000,
      windAddedResistanceN: 60_000,
      waveAddedResistanceN: 40_000,
      speedThroughWaterMps: 7,
      propulsiveEfficiency: 0.7,
    });
    expect(r.addedPowerKw).toBeCloseTo(1000, 9);
    expect(r.calmPowerKw).toBeCloseTo(9000, 9);
  });

  test("default η_D is 0.70 and a helping wind adds power back", () => {
    const r = powerCorrectedToCalm({
      measuredPowerKw: 5000,
      windAddedResistanceN: -7000,
      waveAddedResistanceN: 0,
      speedThroughWaterMps: 5,
    });
    expect(r.calmPowerKw).toBeCloseTo(5050, 9);
  });

  test("corrections larger than the measured power are refused", () => {
    expect(() =>
      powerCorrectedToCalm({
        measuredPowerKw: 100,
        windAddedResistanceN: 1e6,
        waveAddedResistanceN: 0,
        speedThroughWaterMps: 7,
      }),
    ).toThrow(/measuredPowerKw/);
  });
});
