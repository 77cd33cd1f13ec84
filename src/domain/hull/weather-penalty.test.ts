import { describe, expect, it } from "vitest";
import { calculatorWeatherCorrection } from "./hull-calculator-weather";
import {
  headingSectorOf,
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
