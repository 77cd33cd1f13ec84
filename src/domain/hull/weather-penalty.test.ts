import { describe, expect, it } from "vitest";
import { calculatorWeatherCorrection } from "./hull-calculator-weather";
import {
  headingSectorOf,
  implausibleOrdering,
  PENALTY_BIN_MIN_RECORDS,
  type WeatherRecord,
  waveBinOf,
  weatherPenalty,
  windAngleOffBowDeg,
} from "./weather-penalty";

const base: WeatherRecord = {
  hours: 1,
  fuelT: 1,
  powerKw: 8000,
  stwKn: 12,
  windSpeedKn: 5,
  windDirectionDeg: 0,
  waveHeightM: 0.5,
  seaState: 2,
  headingDeg: 0,
};
const ship = { lengthM: 190, beamM: 32 };

describe("weather penalty", () => {
  it("angles off the bow, wave bins and heading sectors", () => {
    expect(windAngleOffBowDeg(350, 10)).toBe(20);
    expect(windAngleOffBowDeg(90, 270)).toBe(180);
    expect(windAngleOffBowDeg(100, 10)).toBe(90);
    expect([0, 0.99, 1, 5.9, 6, 12].map(waveBinOf)).toEqual([0, 0, 1, 4, 5, 5]);
    expect([0, 29.9, 30, 179, 180].map(headingSectorOf)).toEqual([0, 0, 1, 5, 5]);
  });

  it("ISO share is the calculator's added power over the measured power, fuel-weighted", () => {
    const head = { ...base, windSpeedKn: 25, waveHeightM: 2 };
    const c = calculatorWeatherCorrection({
      currentPowerKw: 8000,
      currentSpeedKn: 12,
      windSpeedKn: 25,
      waveHeightM: 2,
      lengthM: 190,
      beamM: 32,
      windAngleOffBowDeg: 0,
      waveAngleOffBowDeg: 0,
    });
    const p = weatherPenalty([head, { ...head, fuelT: 3 }], ship);
    expect(p.iso15016.sharePercent).toBeCloseTo((100 * c.addedPowerKw) / 8000, 12);
    expect(p.iso15016.weatherFuelT).toBeCloseTo((4 * c.addedPowerKw) / 8000, 12);
    expect(p.iso15016.recordsKept).toBe(2);
  });

  it("the Beaufort ≤ 4 filter: reference from the light-weather records, the rest above it is weather", () => {
    // same speed; light weather burns 1 t, a gale 1.3 t → weather 0.3 of 2.3 t
    const p = weatherPenalty([base, { ...base, windSpeedKn: 40, fuelT: 1.3, powerKw: 10_400 }], ship);
    expect(p.calmFilter.referenceRecords).toBe(1);
    expect(p.calmFilter.weatherFuelT).toBeCloseTo(0.3, 12);
    expect(p.calmFilter.sharePercent).toBeCloseTo((100 * 0.3) / 2.3, 12);
    const gale = p.byBeaufort.find((b) => b.force === 8)!;
    expect(gale.fuelPenaltyPercent).toBeCloseTo(30, 9);
    expect(gale.powerPenaltyPercent).toBeCloseTo(30, 9);
    expect(p.byBeaufort.find((b) => b.force === 2)!.fuelPenaltyPercent).toBeCloseTo(0, 12);
  });

  it("the reference scales with V³ (admiralty law): a faster light-weather record is no penalty", () => {
    const fast = { ...base, stwKn: 14, fuelT: (14 / 12) ** 3, powerKw: 8000 * (14 / 12) ** 3 };
    const p = weatherPenalty([base, fast], ship);
    expect(p.calmFilter.sharePercent).toBeCloseTo(0, 9);
  });

  it("records without speed, power or wind are left out; no light weather gives no filter figure", () => {
    const p = weatherPenalty(
      [
        { ...base, stwKn: 0 },
        { ...base, windSpeedKn: null },
        { ...base, windSpeedKn: 30 },
      ],
      ship,
    );
    expect(p.records).toBe(1);
    expect(p.calmFilter.sharePercent).toBeNull();
    expect(p.byBeaufort[0]!.fuelPenaltyPercent).toBeNull();
  });
});

describe("a binned penalty with its interval, and whether the bins are plausible", () => {
  // fuel = k·V³·h with a ±2 % alternating scatter: the calm bin (Beaufort 2, 6 kn) sets k; the Beaufort 6 bin
  // (25 kn) burns 10 % more at the same speeds
  const rec = (wind: number, extra: number, i: number): WeatherRecord => ({
    ...base,
    windSpeedKn: wind,
    stwKn: 11 + (i % 4),
    fuelT: 1e-3 * (11 + (i % 4)) ** 3 * (1 + extra) * (i % 2 === 0 ? 1.02 : 0.98),
  });
  const calm = Array.from({ length: 40 }, (_, i) => rec(6, 0, i));
  it("holds the true penalty in its 95 % interval and widens with fewer records", () => {
    const many = weatherPenalty([...calm, ...Array.from({ length: 40 }, (_, i) => rec(25, 0.1, i))], ship);
    const bf6 = many.byBeaufort.find((b) => b.force === 6)!;
    expect(bf6.fuelPenaltyPercent).toBeCloseTo(10, 0);
    expect(bf6.fuelPenaltyLowPercent!).toBeLessThan(10);
    expect(bf6.fuelPenaltyHighPercent!).toBeGreaterThan(10);
    const few = weatherPenalty([...calm, ...Array.from({ length: 4 }, (_, i) => rec(25, 0.1, i))], ship);
    const bf6few = few.byBeaufort.find((b) => b.force === 6)!;
    expect(bf6few.fuelPenaltyHighPercent! - bf6few.fuelPenaltyLowPercent!).toBeGreaterThan(
      bf6.fuelPenaltyHighPercent! - bf6.fuelPenaltyLowPercent!,
    );
    const named = many.byBeaufort.map((b) => ({ ...b, name: `Beaufort ${b.force}` }));
    expect(implausibleOrdering(named)).toBeNull();
  });
  it("says so when a stronger wind shows a penalty below a milder one's beyond their intervals", () => {
    const p = weatherPenalty(
      [
        ...calm,
        ...Array.from({ length: 20 }, (_, i) => rec(19, 0.12, i)), // Beaufort 5: +12 %
        ...Array.from({ length: 20 }, (_, i) => rec(25, 0.02, i)), // Beaufort 6: +2 %
      ],
      ship,
    );
    const named = p.byBeaufort.map((b) => ({ ...b, name: `Beaufort ${b.force}` }));
    expect(implausibleOrdering(named)).toMatch(/^The penalty falls from Beaufort 5 to Beaufort 6 beyond/);
    // a bin of fewer than PENALTY_BIN_MIN_RECORDS is not judged
    const thin = named.map((b) => (b.force === 6 ? { ...b, records: PENALTY_BIN_MIN_RECORDS - 1 } : b));
    expect(implausibleOrdering(thin)).toBeNull();
  });
});
