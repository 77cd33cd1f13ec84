import { describe, expect, it } from "vitest";
import {
  alignTables,
  axisLabel,
  barScaleRange,
  constantColumn,
  countValues,
  extent,
  hasValues,
  isoToSeconds,
  latestIndex,
  legendValue,
  nonOverlappingLabels,
  stackColumns,
} from "./chart-data";

describe("isoToSeconds", () => {
  it("converts ISO instants to epoch seconds", () => {
    expect([...isoToSeconds(["1970-01-01T00:01:00Z", "2026-01-01T00:00:00Z"])]).toEqual([60, 1767225600]);
  });
  it("gives NaN for an unreadable instant", () => {
    expect(Number.isNaN(isoToSeconds(["nope"])[0])).toBe(true);
  });
});

describe("hasValues / countValues", () => {
  it.each([
    ["an empty column has none", [], false, 0],
    ["only nulls has none", [null, null], false, 0],
    ["NaN does not count", [Number.NaN, 1], true, 1],
    ["numbers count", [1, null, 3], true, 2],
  ])("%s", (_rule, column, has, count) => {
    expect(hasValues(column)).toBe(has);
    expect(countValues(column)).toBe(count);
  });
});

describe("alignTables", () => {
  it("sorts a scatter cloud by x and keeps duplicate x values", () => {
    const { x, ys } = alignTables([{ x: [12, 10, 12], ys: [[30, 20, 31]] }]);
    expect([...x]).toEqual([10, 12, 12]);
    expect(ys).toEqual([[20, 30, 31]]);
  });

  it("aligns a cloud and a curve on one x, with nulls where a table has no value", () => {
    const { x, ys } = alignTables([
      { x: [11, 13], ys: [[25, 35]] },
      { x: [10, 12, 14], ys: [[20, 30, 40]] },
    ]);
    expect([...x]).toEqual([10, 11, 12, 13, 14]);
    expect(ys).toEqual([
      [null, 25, null, 35, null],
      [20, null, 30, null, 40],
    ]);
  });

  it("drops rows whose x is not finite and turns non-finite y into null", () => {
    const { x, ys } = alignTables([{ x: [1, Number.NaN, 2], ys: [[Number.POSITIVE_INFINITY, 5, 6]] }]);
    expect([...x]).toEqual([1, 2]);
    expect(ys).toEqual([[null, 6]]);
  });

  // its speed with 100,000 points is measured in bench/charts.bench.ts, not here
  it("sorts 100,000 unsorted points and keeps each y with its x", () => {
    const n = 100_000;
    const xs = Float64Array.from({ length: n }, (_, i) => (i * 7919) % n);
    const { x, ys } = alignTables([{ x: xs, ys: [Array.from(xs, (v) => 2 * v)] }]);
    expect(x.length).toBe(n);
    // one expectation, not 100,000 (each costs more than the sort itself on a loaded machine)
    expect(x.every((v, i) => i === 0 || v > x[i - 1]!)).toBe(true);
    expect(ys[0]!.every((v, i) => v === 2 * x[i]!)).toBe(true);
  });
});

describe("category names on an axis", () => {
  it("keeps every name that clears the last one kept", () => {
    // 5 names 70 px apart: all fit ((52 + 70) / 2 + 6 = 67 ≤ 70); 64 px apart the last is left out
    expect(nonOverlappingLabels([26, 33, 42, 52, 70], 70)).toEqual([0, 1, 2, 3, 4]);
    expect(nonOverlappingLabels([26, 33, 42, 52, 70], 64)).toEqual([0, 1, 2, 3]);
    // 22 names of 90 px, 30 px apart: every fourth ((90 + 90) / 2 + 6 = 96 ≤ 4 · 30)
    expect(nonOverlappingLabels(new Array(22).fill(90), 30)).toEqual([0, 4, 8, 12, 16, 20]);
    // a long name is skipped, the next short one shown
    expect(nonOverlappingLabels([40, 120, 40], 60)).toEqual([0, 2]);
  });
});

describe("small helpers", () => {
  it("builds a constant line", () => {
    expect([...constantColumn(180, 3)]).toEqual([180, 180, 180]);
  });
  it("finds the extent of several columns, ignoring nulls", () => {
    expect(extent([[3, null, 1], [7]])).toEqual([1, 7]);
    expect(extent([[null]])).toBeNull();
  });
  it("labels an axis with its unit", () => {
    expect(axisLabel("SFOC", "g/kWh")).toBe("SFOC (g/kWh)");
    expect(axisLabel("Trim")).toBe("Trim");
  });
});

describe("stackColumns", () => {
  it("sums columns cumulatively, a missing value counting as 0", () => {
    expect(
      stackColumns([
        [1, null, 2],
        [3, 4, null],
      ]),
    ).toEqual([
      [1, null, 2],
      [4, 4, 2],
    ]);
  });
  it("stays null where every column so far is missing", () => {
    expect(stackColumns([[null], [null]])).toEqual([[null], [null]]);
  });
});

describe("latestIndex (the legend's value when the cursor is off the chart)", () => {
  it.each([
    ["a missing column has none", undefined, null],
    ["only nulls has none", [null, null], null],
    ["the last finite number counts, trailing nulls skipped", [1, 2, null, null], 1],
    ["NaN is skipped", [1, Number.NaN], 0],
    ["the last element when it is a number", [null, 3], 1],
  ])("%s", (_rule, column, index) => {
    expect(latestIndex(column)).toBe(index);
  });
});

describe("legendValue", () => {
  const column = [1.234, null, 5.678, null];
  it.each([
    ["under the cursor: the series' own value at that row", 0, "latest", "1.2"],
    ["under the cursor on a row without a value: a dash", 1, "latest", "—"],
    ["off the chart, time series: the latest value, not a dash", null, "latest", "5.7"],
    ["off the chart, scatter or category chart: blank", null, "blank", ""],
  ] as const)("%s", (_rule, idx, atRest, text) => {
    expect(legendValue(column, idx, 1, atRest)).toBe(text);
  });
  it("off the chart, a series without any value shows a dash", () => {
    expect(legendValue([null, null], null, 1, "latest")).toBe("—");
  });
});

describe("barScaleRange: an axis of bars starts at zero and keeps its negatives (issue 35 item 3)", () => {
  it("positive quantities from 27.3 to 31: the axis starts at 0, not 27.3", () => {
    const [lo, hi] = barScaleRange(27.3, 31);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(31 + 0.05 * 31, 9);
  });
  it("a range with negative values includes them and 0", () => {
    const [lo, hi] = barScaleRange(-1, 6);
    expect(lo).toBeCloseTo(-1 - 0.35, 9);
    expect(hi).toBeCloseTo(6 + 0.35, 9);
    expect(lo).toBeLessThan(-1);
    expect(hi).toBeGreaterThan(6);
  });
  it("only negatives: the axis ends at 0", () => {
    const [lo, hi] = barScaleRange(-8, -2);
    expect(lo).toBeCloseTo(-8.4, 9);
    expect(hi).toBe(0);
  });
  it("all zero, or no value at all: [0, 1]", () => {
    expect(barScaleRange(0, 0)).toEqual([0, 1]);
    expect(barScaleRange(null, null)).toEqual([0, 1]);
    expect(barScaleRange(Number.NaN, Number.NaN)).toEqual([0, 1]);
  });
});
