import { describe, expect, it } from "vitest";
import { enteredCurveSpan, fittedReferenceSpan, speedsOverSpan } from "./reference-span";

describe("the speed span a reference curve may be drawn over (issue 35 item 3)", () => {
  it("an entered curve: its own points' lowest to highest speed, in any order", () => {
    expect(enteredCurveSpan([{ speedKn: 14 }, { speedKn: 10 }, { speedKn: 16 }, { speedKn: 12 }])).toEqual({
      fromKn: 10,
      toKn: 16,
      basis: "entered-points",
    });
    expect(enteredCurveSpan([{ speedKn: 12 }])).toBeNull();
    expect(enteredCurveSpan([{ speedKn: 12 }, { speedKn: 12 }])).toBeNull();
  });

  it("a fitted reference: the record-weighted 5th–95th percentile of the speeds it was fitted on", () => {
    // 100 records: 3 at 8 kn and 3 at 18 kn (tails under 5 %), the rest 11–14 kn
    const groups = [
      { speedKn: 18, n: 3 },
      { speedKn: 11, n: 20 },
      { speedKn: 12, n: 30 },
      { speedKn: 8, n: 3 },
      { speedKn: 13, n: 24 },
      { speedKn: 14, n: 20 },
    ];
    const span = fittedReferenceSpan(groups);
    expect(span).toEqual({ fromKn: 11, toKn: 14, basis: "fitted-speeds" });
    // never beyond the speeds sailed, whatever the design speed
    expect(span!.fromKn).toBeGreaterThanOrEqual(8);
    expect(span!.toKn).toBeLessThanOrEqual(18);
  });

  it("a fitted reference on one speed, or on no records, has no span to draw", () => {
    expect(fittedReferenceSpan([{ speedKn: 13, n: 500 }])).toBeNull();
    expect(fittedReferenceSpan([])).toBeNull();
    expect(
      fittedReferenceSpan([
        { speedKn: 13, n: 0 },
        { speedKn: Number.NaN, n: 4 },
      ]),
    ).toBeNull();
  });

  it("the speeds drawn start and end on the span and stay inside it", () => {
    const speeds = speedsOverSpan({ fromKn: 11.2, toKn: 14.8, basis: "fitted-speeds" }, 5);
    expect(speeds[0]).toBe(11.2);
    expect(speeds.at(-1)).toBe(14.8);
    expect(speeds).toHaveLength(5);
    for (const v of speeds) {
      expect(v).toBeGreaterThanOrEqual(11.2);
      expect(v).toBeLessThanOrEqual(14.8);
    }
    expect(() => speedsOverSpan({ fromKn: 1, toKn: 2, basis: "entered-points" }, 1)).toThrow();
  });
});
