import { describe, expect, test } from "vitest";
import { assessCii } from "./cii-assessment.js";
import {
  type CiiYearDay,
  type CiiYearToDateInput,
  CUBE_LAW_EXPONENT,
  ciiYearToDate,
} from "./cii-year-to-date.js";

const day = (key: string, over: Partial<CiiYearDay> = {}): CiiYearDay => ({
  key,
  fuel: [{ fuelType: "HFO", fuelT: 30 }],
  distanceNm: 300,
  hours: 24,
  hoursAtSea: 24,
  stwKnHours: 12.5 * 24,
  stwHours: 24,
  ...over,
});

const input = (over: Partial<CiiYearToDateInput> = {}): CiiYearToDateInput => ({
  ship: { shipType: "Bulk Carrier", deadweight: 50_000, grossTonnage: null },
  year: 2025,
  cutoffMs: Date.UTC(2025, 0, 11),
  fuelByType: [{ fuelType: "HFO", fuelT: 300 }],
  distanceNm: 3_000,
  distanceDerivedNm: 100,
  days: Array.from({ length: 10 }, (_, i) => day(`2025-01-${String(i + 1).padStart(2, "0")}`)),
  ...over,
});

describe("the CII year to date (MEPC.352(78), rated per MEPC.354(78))", () => {
  test("is assessCii of the year's fuel and distance, over the days elapsed to the cut-off", () => {
    const y = ciiYearToDate(input());
    if ("reason" in y) throw new Error(y.reason);
    expect(y.assessment).toEqual(
      assessCii({
        shipType: "bulk_carrier",
        capacity: 50_000,
        year: 2025,
        fuels: [{ fuelType: "HFO", tonnes: 300 }],
        distanceNm: 3_000,
      }),
    );
    expect(y.daysElapsed).toBe(10);
    expect(y.yearToDateDistanceDerivedNm).toBe(100);
    expect(y.days.map((d) => d.dayOfYear)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(y.cutoff.toISOString()).toBe("2025-01-11T00:00:00.000Z");
  });

  test("a cut-off past the year's end stops at 31 December", () => {
    const y = ciiYearToDate(input({ cutoffMs: Date.UTC(2026, 5, 1) }));
    if ("reason" in y) throw new Error(y.reason);
    expect(y.daysElapsed).toBe(365);
  });

  test("one speed for every day: no fit, the cube law", () => {
    const y = ciiYearToDate(input());
    if ("reason" in y) throw new Error(y.reason);
    expect(y.speedLaw).toEqual({ meanSpeedKn: 12.5, exponent: CUBE_LAW_EXPONENT, fitted: false });
  });

  test.each([
    [
      "a year without an adopted Z",
      { year: 2031, cutoffMs: Date.UTC(2031, 5, 1) },
      "No CII reduction factor",
    ],
    [
      "a ship type the guidelines do not cover",
      { ship: { shipType: "Research Vessel", deadweight: 1, grossTonnage: 1 } },
      "do not cover the ship type",
    ],
    [
      "a GT ship without gross tonnage",
      { ship: { shipType: "Cruise Passenger Ship", deadweight: 9_000, grossTonnage: null } },
      "no gross tonnage",
    ],
    ["a year not started", { cutoffMs: Date.UTC(2024, 11, 1) }, "has not started"],
    ["a fuel type without a Cf", { fuelByType: [{ fuelType: "Tallow", fuelT: 1 }] }, "no CO2 factor"],
    ["no fuel records", { fuelByType: [] }, "No fuel records in 2025"],
    ["no distance", { distanceNm: 0 }, "carry no distance"],
  ])("%s is not assessed, and says why", (_name, over, reason) => {
    const y = ciiYearToDate(input(over as Partial<CiiYearToDateInput>));
    expect("reason" in y && y.reason).toContain(reason);
  });
});
