import { describe, expect, it } from "vitest";
import { co2FromFuel, FUEL_PROPERTIES } from "../fuels/fuel-types";
import { assessCii } from "./cii-assessment";
import { projectYearEndCii } from "./projection";
import {
  ciiBoundaryMargins,
  cleaningFuelSavedTonnes,
  projectCiiWithInterval,
  whatIfYear,
} from "./projection-interval";
import { ciiRating } from "./rating";
import { CII_DRIFT_PER_YEAR, yearEndSpread } from "./year-end-spread";

const base = {
  shipType: "bulk_carrier" as const,
  capacity: 81_600,
  year: 2025,
  yearToDateFuels: [{ fuelType: "HFO" as const, tonnes: 6000 }],
  yearToDateDistanceNm: 40_000,
  daysElapsed: 181,
};
/** Days of the year so far: `n` days of 100 nm from 1 January, CO2 per day by week (a repeating pattern). */
const daysOf = (n: number, co2ByWeek: readonly number[], from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    dayOfYear: from + i,
    co2Tonnes: co2ByWeek[Math.floor(i / 7) % co2ByWeek.length]!,
    distanceNm: 100,
  }));
// half a year of days, each month a little different (spread across the months)
const halfYear = daysOf(181, [300, 330, 290, 320, 310, 318]);

describe("CII projection with interval", () => {
  it("centres on the linear projection and widens with the days' spread", () => {
    const p = projectCiiWithInterval({ ...base, days: halfYear });
    expect(p.attainedCii).toBeCloseTo(projectYearEndCii(base).attainedCii, 12);
    expect(p.low).toBeLessThan(p.attainedCii);
    expect(p.high).toBeGreaterThan(p.attainedCii);
    const wider = projectCiiWithInterval({
      ...base,
      days: halfYear.map((d, i) => ({ ...d, co2Tonnes: d.co2Tonnes * (Math.floor(i / 30) % 2 ? 1.3 : 0.7) })),
    });
    expect(wider.high - wider.low).toBeGreaterThan(p.high - p.low);
  });

  it("rests on the ship's months from six sailed months on, else on its weeks plus the stated drift", () => {
    const months = projectCiiWithInterval({ ...base, days: halfYear });
    expect(months.basis).toMatchObject({
      kind: "ship-months",
      blocks: 6,
      degreesOfFreedom: 5,
      driftPerYear: 0,
    });
    expect(months.method).toMatch(/6 calendar months/);
    const weeks = projectCiiWithInterval({ ...base, daysElapsed: 150, days: halfYear.slice(0, 150) });
    expect(weeks.basis).toMatchObject({ kind: "ship-weeks", blockDays: 7, driftPerYear: CII_DRIFT_PER_YEAR });
    expect(weeks.method).toMatch(/drift of the CII over the rest of the year of 20 % a year/);
  });

  it("four weeks: half width from the weeks' residual spread (t, 3 d.f.) and the drift, in quadrature", () => {
    // 28 days of 100 nm; 10 and 12 t CO2 a day in alternate weeks: R = 0.11 t/nm, each day's residual ±1 t,
    // each week's ±7 t; variance per day 4·196 / (3·28)
    const days = daysOf(28, [10, 12]);
    const spread = yearEndSpread(days, 2025, 28);
    const w = (365 - 28) / 365;
    const sd = (w * Math.sqrt((4 * 196) / (3 * 28))) / (100 * 0.11);
    const expectedSpread = sd * Math.sqrt(1 / 337 + 1 / 28);
    const drift = w * CII_DRIFT_PER_YEAR * 0.5;
    expect(spread).toMatchObject({ kind: "ship-weeks", blocks: 4, blockDays: 7, degreesOfFreedom: 3 });
    expect(spread.spread).toBeCloseTo(expectedSpread, 12);
    expect(spread.drift).toBeCloseTo(drift, 12);
    expect(spread.halfWidth).toBeCloseTo(Math.hypot(3.182 * expectedSpread, 1.96 * drift), 12);
  });

  it("never a number without bounds: one day of data still has an interval, stated as unmeasured", () => {
    const one = projectCiiWithInterval({ ...base, daysElapsed: 1, days: daysOf(1, [30]) });
    expect(Number.isFinite(one.low) && Number.isFinite(one.high)).toBe(true);
    expect(one.low).toBe(0);
    expect(one.basis.blocks).toBe(1);
    expect(one.method).toMatch(/nothing to measure yet/);
    const none = projectCiiWithInterval({ ...base, days: [] });
    expect(Number.isFinite(none.high)).toBe(true);
  });

  it("has no width left at the year's end, and rates both ends", () => {
    const full = projectCiiWithInterval({ ...base, daysElapsed: 365, days: daysOf(365, [300, 320]) });
    expect(full.high - full.low).toBeCloseTo(0, 9);
    const p = projectCiiWithInterval({ ...base, days: halfYear });
    expect(p.lowRating).toBe(ciiRating(p.low, p.boundaries));
    expect(p.highRating).toBe(ciiRating(p.high, p.boundaries));
    const unrated = projectCiiWithInterval({ ...base, year: 2022, days: halfYear });
    expect([unrated.rating, unrated.lowRating, unrated.highRating]).toEqual([null, null, null]);
  });

  it("margins: emitting exactly the margin ends the year on the boundary", () => {
    const p = projectYearEndCii(base);
    for (const m of ciiBoundaryMargins(p, 33)) {
      const co2 = p.co2Tonnes + m.co2Tonnes;
      expect((co2 * 1e6) / (p.capacity * p.projectedDistanceNm)).toBeCloseTo(m.cii, 9);
      expect(m.days).toBeCloseTo(m.co2Tonnes / 33, 9);
    }
  });
});

describe("CII what-if on the rest of the year", () => {
  it("with no change is the linear projection", () => {
    const y = whatIfYear(base, {});
    const a = assessCii({ ...base, ...y });
    expect(a.attainedCii).toBeCloseTo(projectYearEndCii(base).attainedCii, 9);
  });

  it("a speed reduction scales the rest's fuel by rⁿ and its distance by r (same time at sea)", () => {
    const y = whatIfYear(base, { speedReductionKn: { knots: 1, meanSpeedKn: 12, exponent: 3.2 } });
    const rest = 365 / 181 - 1;
    const r = 11 / 12;
    expect(y.distanceNm).toBeCloseTo(40_000 * (1 + rest * r), 6);
    expect(y.fuels[0]!.tonnes).toBeCloseTo(6000 * (1 + rest * r ** 3.2), 6);
    const a = assessCii({ ...base, ...y });
    expect(a.attainedCii).toBeLessThan(projectYearEndCii(base).attainedCii);
  });

  it("a cleaning removes the fouling's extra fuel as grown by its date, on the days after it only", () => {
    // 2 t/day now, growing 0.01 t/day per day: by day 273 (92 days after the data's end) 2.92 t/day,
    // saved on each of the 92 days left
    const cleaning = {
      dayOfYear: 273,
      extraFuelTonnesPerDay: 2,
      growthTonnesPerDayPerDay: 0.01,
      fuelType: "HFO" as const,
    };
    expect(cleaningFuelSavedTonnes(cleaning, 181, 365)).toBeCloseTo(2.92 * 92, 9);
    const y = whatIfYear(base, { cleaning });
    const rest = 6000 * ((365 - 181) / 181);
    expect(y.fuels[0]!.tonnes).toBeCloseTo(6000 + rest - 2.92 * 92, 6);
    // a cleaning dated before the data's end counts from the data's end, at today's extra
    expect(cleaningFuelSavedTonnes({ ...cleaning, dayOfYear: 100 }, 181, 365)).toBeCloseTo(2 * 184, 9);
    // a speed reduction lowers the power, and the fouling's share of it with it
    const both = whatIfYear(base, { cleaning, speedReductionKn: { knots: 1, meanSpeedKn: 12, exponent: 3 } });
    expect(both.fuels[0]!.tonnes).toBeCloseTo(6000 + (rest - 2.92 * 92) * (11 / 12) ** 3, 6);
  });

  it("a cleaning of a fuel the ship does not burn saves nothing, and never below zero fuel", () => {
    const y = whatIfYear(base, {
      cleaning: { dayOfYear: 200, extraFuelTonnesPerDay: 1e6, growthTonnesPerDayPerDay: 0, fuelType: "HFO" },
    });
    expect(y.fuels[0]!.tonnes).toBeCloseTo(6000, 9);
    const other = whatIfYear(base, {
      cleaning: { dayOfYear: 200, extraFuelTonnesPerDay: 5, growthTonnesPerDayPerDay: 0, fuelType: "MGO" },
    });
    expect(other.fuels.find((f) => f.fuelType === "HFO")!.tonnes).toBeCloseTo(6000 * (365 / 181), 6);
  });

  it("a fuel switch burns the same energy of the new fuel (LCV) with its Cf", () => {
    const y = whatIfYear(base, { fuelSwitch: "LNG" });
    const lng = y.fuels.find((f) => f.fuelType === "LNG")!;
    const restHfo = 6000 * (184 / 181);
    expect(lng.tonnes * FUEL_PROPERTIES.LNG.lcvKjPerKg).toBeCloseTo(
      restHfo * FUEL_PROPERTIES.HFO.lcvKjPerKg,
      3,
    );
    expect(y.co2Tonnes).toBeCloseTo(co2FromFuel(6000, "HFO") + co2FromFuel(lng.tonnes, "LNG"), 6);
  });

  it("refuses a reduction at or above the mean speed", () => {
    expect(() => whatIfYear(base, { speedReductionKn: { knots: 12, meanSpeedKn: 12, exponent: 3 } })).toThrow(
      /speedReductionKn|mean speed/,
    );
  });
});
