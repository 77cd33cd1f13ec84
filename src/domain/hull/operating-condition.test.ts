import { describe, expect, it } from "vitest";
import { solveLinearSystem, solveLinearSystems } from "../performance/least-squares";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units";
import { foulingTrend } from "./fouling-trend";
import { adjustForOperatingCondition, type ConditionDay } from "./operating-condition";

/** Deterministic uniform numbers in [0, 1) (a linear congruential generator; the test needs no better). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Two intervals with fouling at 12 and 20 % points a year and a 9-point step between them, voyages of ten
 * days at a random draught and speed and a crew trim off the optimum (optimum linear in draught, penalty
 * 2.5 %/m², up to about 6 points): the simulator's trim model with the optimum's small speed term left out,
 * so that the fit can be exact.
 */
function shipDays(withTrim = true): { days: ConditionDay[]; trueSlopes: number[] } {
  const rnd = lcg(7);
  const days: ConditionDay[] = [];
  const start = Date.UTC(2022, 0, 1);
  let trim = 0;
  let draught = 10;
  let speed = 14;
  for (let d = 0; d < 600; d++) {
    if (d % 10 === 0) {
      draught = 8 + 4 * rnd();
      speed = 12 + 3 * rnd();
      trim = 0.5 + (rnd() - 0.5) * 3;
    }
    const interval = d < 300 ? 0 : 1;
    const years = ((d % 300) * 1) / JULIAN_YEAR_DAYS;
    const fouling = interval === 0 ? 3 + 12 * years : 4 + 20 * years;
    const optimum = -0.2 + 3 * (1 - draught / 12);
    const penalty = 100 * 0.025 * (trim - optimum) ** 2;
    days.push({
      dayMs: start + d * DAY_MS,
      values: [fouling + penalty],
      interval,
      trimM: withTrim ? trim : null,
      draughtM: withTrim ? draught : null,
      lnSpeed: Math.log(speed),
    });
  }
  return { days, trueSlopes: [12, 20] };
}

describe("adjustForOperatingCondition", () => {
  it("takes a crew's trim error out of the daily values, so each interval's line has its true slope", () => {
    const { days, trueSlopes } = shipDays();
    const raw = [0, 1].map(
      (i) =>
        foulingTrend(
          days.filter((d) => d.interval === i).map((d) => ({ dayMs: d.dayMs, value: d.values[0]! })),
        )!.slopePerYear,
    );
    const adjusted = adjustForOperatingCondition(days)!;
    expect(adjusted.fittedDays).toBe(600);
    const fixed = [0, 1].map(
      (i) =>
        foulingTrend(
          days.flatMap((d, k) =>
            d.interval === i ? [{ dayMs: d.dayMs, value: adjusted.values[0]![k]! }] : [],
          ),
        )!.slopePerYear,
    );
    // the voyages' trim errors move the plain line by more than a point a year; the adjusted one is exact
    expect(Math.max(...raw.map((r, i) => Math.abs(r - trueSlopes[i]!)))).toBeGreaterThan(1);
    for (const [i, f] of fixed.entries()) expect(f).toBeCloseTo(trueSlopes[i]!, 6);
    // the step between the intervals (the event's effect) is kept: 3 + 12·299/365.25 − 4 at the boundary
    const end0 = adjusted.values[0]![299]! - adjusted.values[0]![300]!;
    expect(end0).toBeCloseTo(3 + (12 * 299) / JULIAN_YEAR_DAYS - 4, 6);
  });

  it("reads each day at the optimum trim: the adjusted values are the fouling itself, without the crew's mean penalty", () => {
    const { days } = shipDays();
    const adjusted = adjustForOperatingCondition(days)!;
    days.forEach((d, k) => {
      const years = ((k % 300) * 1) / JULIAN_YEAR_DAYS;
      const fouling = d.interval === 0 ? 3 + 12 * years : 4 + 20 * years;
      expect(adjusted.values[0]![k]!).toBeCloseTo(fouling, 6);
    });
  });

  it("states how much the condition terms inflate each interval's slope variance (at least 1)", () => {
    const adjusted = adjustForOperatingCondition(shipDays().days)!;
    expect([...adjusted.slopeVarianceInflation.keys()]).toEqual([0, 1]);
    for (const v of adjusted.slopeVarianceInflation.values()) {
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThan(2);
    }
  });

  it("leaves the values alone (null) when most days carry no trim or draught", () => {
    expect(adjustForOperatingCondition(shipDays(false).days)).toBeNull();
  });

  it("is null when the ship always sails at one trim and draught (nothing to separate)", () => {
    const days = shipDays().days.map((d) => ({ ...d, trimM: 1, draughtM: 10 }));
    expect(adjustForOperatingCondition(days)).toBeNull();
  });
});

describe("solveLinearSystem", () => {
  it("solves a system that needs pivoting, and refuses a singular one", () => {
    const x = solveLinearSystem(
      [
        [0, 2, 1],
        [1, 1, 1],
        [2, 1, 3],
      ],
      [7, 6, 13],
    )!;
    expect(x[0]).toBeCloseTo(1, 12);
    expect(x[1]).toBeCloseTo(2, 12);
    expect(x[2]).toBeCloseTo(3, 12);
    expect(
      solveLinearSystem(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toBeNull();
  });

  it("solves several right-hand sides with one elimination, each as a single solve does", () => {
    const a = [
      [4, -2, 1, 0],
      [-2, 5, 0, 1],
      [1, 0, 3, -1],
      [0, 1, -1, 6],
    ];
    const bs = [
      [1, 2, 3, 4],
      [0, 0, 1, 0],
      [-3, 7, 0.5, 2],
    ];
    const all = solveLinearSystems(a, bs)!;
    bs.forEach((b, j) => {
      const one = solveLinearSystem(a, b)!;
      for (const [i, v] of one.entries()) expect(all[j]![i]).toBeCloseTo(v, 12);
      // and it is a solution: A·x = b
      for (const [i, row] of a.entries())
        expect(row.reduce((s, v, c) => s + v * all[j]![c]!, 0)).toBeCloseTo(b[i]!, 12);
    });
    expect(
      solveLinearSystems(
        [
          [1, 2],
          [2, 4],
        ],
        [
          [1, 2],
          [0, 1],
        ],
      ),
    ).toBeNull();
  });
});
