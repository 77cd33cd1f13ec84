import { describe, expect, it } from "vitest";
import { fuelPerDayOfSums, PARTIAL_BUCKET_TOLERANCE_H } from "./fuel-sums";

describe("fuelPerDayOfSums: a day's fuel weighted by the hours it covers (issue 35 item 3)", () => {
  it("a whole day: its fuel is its rate", () => {
    expect(fuelPerDayOfSums({ fuelT: 30, hours: 24 })).toEqual({
      fuelTPerDay: 30,
      hours: 24,
      partial: false,
    });
  });
  it("a first day of 6 h that burnt 7.5 t is 30 t/day, not 7.5, and partial", () => {
    expect(fuelPerDayOfSums({ fuelT: 7.5, hours: 6 })).toEqual({ fuelTPerDay: 30, hours: 6, partial: true });
  });
  it(`within ${PARTIAL_BUCKET_TOLERANCE_H} h of the bucket is whole; a week is 168 h`, () => {
    expect(fuelPerDayOfSums({ fuelT: 23.75, hours: 23.75 }).partial).toBe(false);
    expect(fuelPerDayOfSums({ fuelT: 23, hours: 23 }).partial).toBe(true);
    expect(fuelPerDayOfSums({ fuelT: 210, hours: 168 }, 168)).toEqual({
      fuelTPerDay: 30,
      hours: 168,
      partial: false,
    });
    expect(fuelPerDayOfSums({ fuelT: 90, hours: 72 }, 168)).toMatchObject({ fuelTPerDay: 30, partial: true });
  });
  it("no covered hours: no rate", () => {
    expect(fuelPerDayOfSums({ fuelT: 0, hours: 0 })).toEqual({ fuelTPerDay: null, hours: 0, partial: true });
  });
});
