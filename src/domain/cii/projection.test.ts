import { describe, expect, test } from "vitest";
import { assessCii } from "./cii-assessment.js";
import { daysInYear, projectYearEndCii } from "./projection.js";

describe("days in year (Gregorian rule)", () => {
  test.each([
    [2023, 365],
    [2024, 366],
    [2100, 365],
    [2000, 366],
  ])("%d has %d days", (year, days) => {
    expect(daysInYear(year)).toBe(days);
  });
});

describe("year-end projection extrapolates YTD fuel and distance linearly (honest: attained = YTD ratio)", () => {
  const input = {
    shipType: "bulk_carrier" as const,
    capacity: 50_000,
    year: 2025,
    yearToDateFuels: [{ fuelType: "HFO" as const, tonnes: 2_000 }],
    yearToDateDistanceNm: 30_000,
    daysElapsed: 73, // 1/5 of 365
  };
  const p = projectYearEndCii(input);
  test("projected distance and attained CII equal a full-year assessment of 5× the data", () => {
    const full = assessCii({
      shipType: "bulk_carrier",
      capacity: 50_000,
      year: 2025,
      fuels: [{ fuelType: "HFO", tonnes: 10_000 }],
      distanceNm: 150_000,
    });
    expect(p.projectedDistanceNm).toBeCloseTo(150_000, 6);
    expect(p.attainedCii).toBeCloseTo(full.attainedCii, 12);
    expect(p.rating).toBe(full.rating);
    expect(p.co2Tonnes).toBeCloseTo(31_140, 6);
  });
  test("states its basis: 73 of 365 days and the method", () => {
    expect(p.basedOnDays).toBe(73);
    expect(p.daysInYear).toBe(365);
    expect(p.method).toMatch(/Linear extrapolation/);
  });
  test("CO2 headroom to the C/D boundary = upper·DWT·D_proj/10⁶ − CO2_ytd", () => {
    expect(p.co2HeadroomToUpperBoundaryTonnes).toBeCloseTo(
      (p.boundaries.upper * 50_000 * 150_000) / 1e6 - 2_000 * 3.114,
      6,
    );
  });
  test.each([
    [{ daysElapsed: 0 }, "daysElapsed"],
    [{ daysElapsed: 366 }, "daysElapsed"],
    [{ yearToDateDistanceNm: 0 }, "yearToDateDistanceNm"],
    [{ year: 2031 }, "calculationYear"],
  ])("bad input %o → field %s", (override, field) => {
    expect(() => projectYearEndCii({ ...input, ...override })).toThrow(expect.objectContaining({ field }));
  });
});
