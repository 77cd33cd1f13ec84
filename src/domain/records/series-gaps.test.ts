import { describe, expect, it } from "vitest";
import { breakGaps } from "./series-gaps";

describe("breakGaps", () => {
  it("inserts a null row after a jump much larger than the usual step", () => {
    const { times, columns } = breakGaps([0, 10, 20, 100, 110], [[1, 2, 3, 4, 5]]);
    expect(times).toEqual([0, 10, 20, 30, 100, 110]);
    expect(columns).toEqual([[1, 2, 3, null, 4, 5]]);
  });
  it("leaves regular series alone", () => {
    expect(breakGaps([0, 10, 20, 30], [[1, 2, 3, 4]])).toEqual({
      times: [0, 10, 20, 30],
      columns: [[1, 2, 3, 4]],
    });
  });
  it("leaves short series alone", () => {
    expect(breakGaps([0, 100], [[1, 2]])).toEqual({ times: [0, 100], columns: [[1, 2]] });
  });
});
