import { describe, expect, test } from "vitest";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units";
import { ciiFoulingOf, type FoulingNowInput, foulingNow } from "./fouling-now";
import type { FoulingTrend } from "./fouling-trend";
import type { HullInterval } from "./hull-intervals";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** A fitted line: `at0` % on `from`, `slope` points a year, ±`half` at its ends. */
function trend(from: number, to: number, at0: number, slope: number, half: number): FoulingTrend {
  return {
    slopePerYear: slope,
    low: slope - 1,
    high: slope + 1,
    startMs: from,
    interceptAtStart: at0,
    startHalfWidth: half,
    endHalfWidth: half,
    endMs: to,
    days: 120,
    outlierDays: 0,
    effectiveDays: 60,
    lag1Autocorrelation: 0.3,
    ratePrecision: 0.1,
  };
}

/** An interval with one accepted day at its end (enough for currentOf when it has a trend). */
function interval(
  from: number,
  to: number,
  excess: FoulingTrend | null,
  startEvent: HullInterval["startEvent"],
) {
  return {
    fromMs: from,
    toMs: to,
    startEvent,
    points: [{ dayMs: to - DAY_MS, excessForTrend: 0, lossForTrend: 0 }],
    excess,
    loss: excess,
    accepted: 100,
    records: 120,
  } as unknown as HullInterval;
}

const cleaningDay = "2025-06-01";
const cleaned = interval(day("2025-06-02"), day("2026-03-01"), null, {
  type: "hull-cleaning",
  status: "done",
  date: cleaningDay,
} as HullInterval["startEvent"]);
// the clean-hull interval: 2 % the day after the cleaning; the current one: a propeller polish since
const cleanLine = trend(day("2025-06-02"), day("2025-12-01"), 2, 6, 0.5);
const polish = {
  type: "propeller-polishing",
  status: "done",
  date: "2025-12-01",
} as HullInterval["startEvent"];
const currentLine = trend(day("2025-12-02"), day("2026-03-01"), 8, 8, 1);

function input(over: Partial<FoulingNowInput> = {}): FoulingNowInput {
  const first = { ...cleaned, excess: cleanLine, toMs: day("2025-12-01") } as HullInterval;
  const current = interval(day("2025-12-02"), day("2026-03-01"), currentLine, polish);
  return {
    missingReference: null,
    intervals: [first, current],
    hullIntervals: [
      {
        fromMs: first.fromMs,
        toMs: current.toMs,
        startEvent: first.startEvent,
        segments: [first, current],
        records: 240,
        accepted: 200,
        excess: { ...currentLine, slopePerYear: 7 },
        loss: null,
      } as unknown as FoulingNowInput["hullIntervals"][number],
    ],
    events: [first.startEvent!, polish!],
    toMs: day("2026-03-01"),
    recentMain: {
      fuelT: 1500,
      hoursAtSea: 1200,
      byType: [
        { fuelType: "MGO", fuelT: 100 },
        { fuelType: "HFO", fuelT: 1400 },
      ],
    },
    ...over,
  };
}

describe("foulingNow: the fouling's fuel now from the hull intervals and the recent fuel", () => {
  test("a worked example: excess power now against the clean level, the hull interval's rate, fuel per day at sea", () => {
    const f = foulingNow(input());
    if ("reason" in f) throw new Error(f.reason);
    // now: the current line at its end, 8 % + 8 · (89 days / a Julian year)
    const e = 8 + (8 * 89) / JULIAN_YEAR_DAYS;
    expect(f.excessPowerNow.value).toBeCloseTo(e, 12);
    expect(f.excessPowerNow.high - f.excessPowerNow.low).toBeCloseTo(2, 12);
    expect(f.cleanLevelPercent).toBe(2); // the cleaned interval's line on its first day
    expect(f.rate.slopePerYear).toBe(7); // the hull interval's pooled rate, not the segment's 8
    expect(f.fuelTonnesPerDayAtSea).toBeCloseTo((1500 * 24) / 1200, 12); // 30 t/day
    expect(f.atSeaShare).toBeCloseTo(1200 / (60 * 24), 12);
    expect(f.mainFuelType).toBe("HFO");
    expect(f.extraFuelTonnesPerDay).toBeCloseTo((30 * (e - 2)) / (100 + e), 12);
    expect(f.growthTonnesPerDayPerDay).toBeCloseTo((30 * 7) / JULIAN_YEAR_DAYS / (100 + e), 12);
    expect(f.intervalStartMs).toBe(day(cleaningDay) + DAY_MS); // the day after the latest hull cleaning
    const cii = ciiFoulingOf(f);
    expect(cii.fuelType).toBe("HFO");
    expect(cii.extraFuelTonnesPerDay).toBeCloseTo(f.extraFuelTonnesPerDay * f.atSeaShare, 12);
  });

  test.each([
    [{ missingReference: "Enter the ship's speed–power reference curve" }, /speed–power reference curve/],
    [{ intervals: [] }, /No data in the current interval/],
    [{ toMs: day("2026-04-01") }, /No data in the current interval/],
    [
      { recentMain: { fuelT: 0, hoursAtSea: 0, byType: [] } },
      /No main-engine fuel at sea in the last 60 days/,
    ],
  ] as const)("says why it cannot tell (%#)", (over, reason) => {
    const f = foulingNow(input(over as Partial<FoulingNowInput>));
    expect("reason" in f && f.reason).toMatch(reason);
  });

  test("a current interval without a trend has too little data for a rate", () => {
    const i = input();
    const current = { ...i.intervals[1]!, excess: null } as HullInterval;
    const f = foulingNow({ ...i, intervals: [i.intervals[0]!, current] });
    expect("reason" in f && f.reason).toMatch(/Too little accepted data/);
  });
});
