import { describe, expect, it } from "vitest";
import { deviationEmptyReason, NO_POWER_AND_LOAD } from "./engine-performance-empty";

describe("deviationEmptyReason (issue 35: Main Engine's empty deviation names its cause)", () => {
  const shopTest = { loadPercent: [50, 75, 100], sfoc: [180, 175, 178] };
  it("no SFOC per load in the range", () => {
    expect(deviationEmptyReason({ scatter: { loadPercent: [], sfocIso: [] }, shopTest })).toBe(
      NO_POWER_AND_LOAD,
    );
  });
  it("no shop-test curve", () => {
    expect(deviationEmptyReason({ scatter: { loadPercent: [60], sfocIso: [180] }, shopTest: null })).toMatch(
      /^No shop-test SFOC curve for this ship — set it under Ship Details/,
    );
  });
  it("loads outside the curve's", () => {
    expect(
      deviationEmptyReason({ scatter: { loadPercent: [20, 32.4], sfocIso: [190, 188] }, shopTest }),
    ).toBe(
      "The loads of this range (20–32 % MCR) lie outside the shop test's (50–100 % MCR) — add shop-test points at these loads, or choose a range at them",
    );
  });
});
