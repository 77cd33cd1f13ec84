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

const base = {
  shipType: "bulk_carrier" as const,
  capacity: 81_600,
  year: 2025,
  yearToDateFuels: [{ fuelType: "HFO" as const, tonnes: 6000 }],
  yearToDateDistanceNm: 40_000,
  daysElapsed: 181,
};
const blocks = [
  { co2Tonnes: 3000, distanceNm: 6500 },
  { co2Tonnes: 3300, distanceNm: 6800 },
  { co2Tonnes: 2900, distanceNm: 6200 },
  { co2Tonnes: 3200, distanceNm: 7000 },
  { co2Tonnes: 3100, distanceNm: 6600 },
  { co2Tonnes: 3184, distanceNm: 6900 },
];

describe("CII projection with interval", () => {
  it("centres on the linear projection and widens with the months' spread", () => {
    const p = projectCiiWithInterval({ ...base, blocks });
    expect(p.attainedCii).toBeCloseTo(projectYearEndCii(base).attainedCii, 12);
    expect(p.low!).toBeLessThan(p.attainedCii);
    expect(p.high!).toBeGreaterThan(p.attainedCii);
    const wider = projectCiiWithInterval({
      ...base,
      blocks: blocks.map((b, i) => ({ ...b, co2Tonnes: b.co2Tonnes * (i % 2 ? 1.3 : 0.7) })),
    });
    expect(wider.high! - wider.low!).toBeGreaterThan(p.high! - p.low!);
  });

  it("has no interval with fewer than two months of sailing, and none left at the year's end", () => {
    const one = projectCiiWithInterval({ ...base, blocks: blocks.slice(0, 1) });
    expect(one.low).toBeNull();
    const full = projectCiiWithInterval({ ...base, daysElapsed: 365, blocks });
    expect(full.high! - full.low!).toBeCloseTo(0, 9);
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
