import { describe, expect, it } from "vitest";
import { assessCii } from "../cii/cii-assessment";
import { whatIfYear } from "../cii/projection-interval";
import { co2FromFuel } from "../fuels/fuel-types";
import { seededUniform } from "../performance/trim-evidence";
import {
  cleaningCiiEffect,
  cleaningConfidence,
  cleaningDecision,
  foulingExtraFuel,
} from "./cleaning-decision";
import {
  eventEffect,
  foulingTrend,
  pooledFoulingTrend,
  rateRelativeHalfWidth,
  rateStatus,
  trendAt,
} from "./fouling-trend";
import {
  addHullLogSums,
  EMPTY_HULL_LOG_SUMS,
  fitReferenceFromSums,
  hullLogCoordinates,
  hullPerformanceOfRecord,
  hullPerformanceOfSums,
  powerLawOfCurve,
} from "./performance-value";
import { speedLossPercent } from "./speed-loss";
import { expectedSpeedKn } from "./speed-power-curve";

// A cube-law sea trial at 60,000 t: P = k·Δ^(2/3)·V³ (reference-data.md §11), k chosen so 14 kn needs 8,000 kW.
const DISP = 60_000;
const k = 8000 / (DISP ** (2 / 3) * 14 ** 3);
const power = (v: number, disp = DISP, fouling = 0) => k * disp ** (2 / 3) * v ** 3 * (1 + fouling / 100);
const trial = [10, 12, 14, 16].map((speedKn) => ({ speedKn, powerKw: power(speedKn) }));
const ref = powerLawOfCurve(trial, DISP);

describe("performance value of a stored record (ISO 19030-2 steps 7–8)", () => {
  it("reads the trial's own points as zero and agrees with the domain's speedLossPercent", () => {
    expect(ref.a).toBeCloseTo(1 / 3, 10);
    for (const p of trial) {
      const r = hullPerformanceOfRecord(ref, {
        speedThroughWaterKn: p.speedKn,
        powerKw: p.powerKw,
        displacementT: DISP,
      });
      expect(r.speedLossPercent).toBeCloseTo(0, 9);
      expect(r.excessPowerPercent).toBeCloseTo(0, 9);
    }
    const rec = { speedThroughWaterKn: 13.2, powerKw: 8000, displacementT: 45_000 };
    const curve = { kind: "power-law" as const, ...ref };
    expect(hullPerformanceOfRecord(ref, rec).speedLossPercent).toBeCloseTo(
      speedLossPercent(13.2, expectedSpeedKn(curve, 8000, 45_000)),
      9,
    );
  });

  it("gives a fouled hull's excess power exactly, at any displacement", () => {
    for (const disp of [40_000, 60_000, 75_000]) {
      const r = hullPerformanceOfRecord(ref, {
        speedThroughWaterKn: 13,
        powerKw: power(13, disp, 12),
        displacementT: disp,
      });
      expect(r.excessPowerPercent).toBeCloseTo(12, 9);
      // cube law: speed loss at equal power = 1 − 1.12^(−1/3)
      expect(r.speedLossPercent).toBeCloseTo(100 * (1 - 1.12 ** (-1 / 3)), 9);
    }
  });

  it("reads a day's sums as the records' geometric mean, and fits a clean-hull reference from sums", () => {
    let sums = EMPTY_HULL_LOG_SUMS;
    for (let i = 0; i < 400; i++) {
      const v = 10 + (i % 7);
      const disp = 40_000 + (i % 5) * 8000;
      const { y, u } = hullLogCoordinates({
        speedThroughWaterKn: v,
        powerKw: power(v, disp, 5),
        displacementT: disp,
      });
      sums = addHullLogSums(sums, { n: 1, su: u, sy: y, suu: u * u, suy: u * y, syy: y * y });
    }
    expect(hullPerformanceOfSums(ref, sums)!.excessPowerPercent).toBeCloseTo(5, 9);
    const fitted = fitReferenceFromSums(sums, DISP)!;
    expect(fitted.a).toBeCloseTo(1 / 3, 9);
    expect(hullPerformanceOfSums(fitted, sums)!.excessPowerPercent).toBeCloseTo(0, 9);
    expect(fitReferenceFromSums({ ...sums, n: 10 }, DISP)).toBeNull();
  });
});

/** Reproducible noise: a seeded uniform generator and standard normal draws from it (Box–Muller). */
function seededNoise(seed: number) {
  const rand = seededUniform(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return { rand, gauss };
}

describe("fouling trend with an autocorrelation-aware interval", () => {
  it("covers the true slope of a noisy AR(1) series about 95 % of the time", () => {
    const { gauss } = seededNoise(7);
    let covered = 0;
    let naiveCovered = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      let e = 0;
      const pts = Array.from({ length: 200 }, (_, d) => {
        e = 0.7 * e + gauss() * 2;
        return { dayMs: Date.UTC(2024, 0, 1) + d * 86_400_000, value: 3 + (10 * d) / 365.25 + e };
      });
      const t = foulingTrend(pts)!;
      if (t.low <= 10 && 10 <= t.high) covered++;
      if (t.lag1Autocorrelation > 0.4) naiveCovered++;
    }
    expect(covered / runs).toBeGreaterThan(0.88);
    expect(naiveCovered).toBe(runs);
  });

  it("reads a day as the records it is the mean of: weighted, its interval covers the truth about 95 % of the time", () => {
    const { rand, gauss } = seededNoise(11);
    let covered = 0;
    let weightedError = 0;
    let plainError = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      // hourly records, 1 to 24 accepted a day, 3 points of noise each: a day's mean has 3/√n
      const pts = Array.from({ length: 150 }, (_, d) => {
        const n = 1 + Math.floor(rand() * 24);
        return {
          dayMs: Date.UTC(2024, 0, 1) + d * 86_400_000,
          value: 2 + (15 * d) / 365.25 + (3 * gauss()) / Math.sqrt(n),
          weight: n,
        };
      });
      const t = foulingTrend(pts)!;
      if (t.low <= 15 && 15 <= t.high) covered++;
      weightedError += (t.slopePerYear - 15) ** 2;
      plainError += (foulingTrend(pts.map(({ weight: _, ...p }) => p))!.slopePerYear - 15) ** 2;
    }
    expect(covered / runs).toBeGreaterThan(0.9);
    // the weights use the information: the slope's mean squared error is well below the unweighted one's
    expect(weightedError).toBeLessThan(0.8 * plainError);
  });

  it("widens the interval by the variance inflation of the operating-condition fit", () => {
    const pts = Array.from({ length: 100 }, (_, d) => ({ dayMs: d * 86_400_000, value: d / 10 + (d % 3) }));
    const plain = foulingTrend(pts)!;
    const inflated = foulingTrend(pts, { slopeVarianceInflation: 4 })!;
    expect(inflated.slopePerYear).toBe(plain.slopePerYear);
    expect(inflated.high - inflated.slopePerYear).toBeGreaterThan(1.9 * (plain.high - plain.slopePerYear));
  });

  it("measures an event's effect between the last day of data before it and the first after, covering the truth", () => {
    // 12 % points removed by a dry-docking on day 200, then 20 days in dock and port without data; the line
    // after it, carried back to the event's day, would read 20 days of growth that never happened
    const { gauss } = seededNoise(23);
    const day = (d: number) => Date.UTC(2024, 0, 1) + d * 86_400_000;
    let covered = 0;
    let squaredError = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      const before = Array.from({ length: 180 }, (_, d) => ({
        dayMs: day(20 + d),
        value: 2 + (20 * (20 + d)) / 365.25 + gauss() * 0.8,
      }));
      const after = Array.from({ length: 150 }, (_, d) => ({
        dayMs: day(220 + d),
        value: 0.5 + (15 * d) / 365.25 + gauss() * 0.8,
      }));
      const [lineBefore, lineAfter] = [foulingTrend(before)!, foulingTrend(after)!];
      const e = eventEffect(lineBefore, lineAfter);
      // read on other days (another figure's), the same lines give their values there
      const other = eventEffect(lineBefore, lineAfter, { beforeMs: day(190), afterMs: day(230) });
      expect(other).toMatchObject({ beforeMs: day(190), afterMs: day(230) });
      expect(other.value).toBeCloseTo(trendAt(lineBefore, day(190)) - trendAt(lineAfter, day(230)), 12);
      // the last and first days the lines kept (Chauvenet may leave an end day out)
      const dayOf = (ms: number) => (ms - day(0)) / 86_400_000;
      expect(dayOf(e.beforeMs)).toBeGreaterThan(195);
      expect(dayOf(e.afterMs)).toBeLessThan(224);
      const truth = 2 + (20 * dayOf(e.beforeMs)) / 365.25 - (0.5 + (15 * (dayOf(e.afterMs) - 220)) / 365.25);
      if (e.low <= truth && truth <= e.high) covered++;
      squaredError += (e.value - truth) ** 2;
    }
    expect(covered / runs).toBeGreaterThan(0.9);
    // the two lines' end errors (≈ 0.8·2/√n each): about 0.17 points; the event's day read instead: 0.8
    expect(Math.sqrt(squaredError / runs)).toBeLessThan(0.25);
  });

  it("reads one rate over a hull interval with a step at a propeller polish, more precisely than the stretch after it", () => {
    // 15 %/yr throughout; the polish on day 150 takes 2 points away; 50 days of data after it
    const { gauss } = seededNoise(31);
    const day = (d: number) => Date.UTC(2024, 0, 1) + d * 86_400_000;
    let covered = 0;
    let pooledError = 0;
    let afterError = 0;
    let stepError = 0;
    const runs = 200;
    for (let r = 0; r < runs; r++) {
      let e = 0;
      const value = (d: number) => {
        e = 0.5 * e + gauss();
        return 2 + (15 * d) / 365.25 - (d > 150 ? 2 : 0) + e;
      };
      const before = Array.from({ length: 150 }, (_, d) => ({ dayMs: day(d), value: value(d) }));
      const after = Array.from({ length: 50 }, (_, d) => ({ dayMs: day(151 + d), value: value(151 + d) }));
      const t = pooledFoulingTrend([before, after])!;
      if (t.low <= 15 && 15 <= t.high) covered++;
      pooledError += (t.slopePerYear - 15) ** 2;
      afterError += (foulingTrend(after)!.slopePerYear - 15) ** 2;
      // each stretch's line: its own level, the shared slope; the step between them is the polish's 2 points
      const [a, b] = t.segments;
      expect(a!.slopePerYear).toBe(t.slopePerYear);
      stepError += (trendAt(a!, day(150.5)) - trendAt(b!, day(150.5)) - 2) ** 2;
    }
    expect(Math.sqrt(stepError / runs)).toBeLessThan(0.5);
    expect(covered / runs).toBeGreaterThan(0.9);
    expect(Math.sqrt(pooledError / runs)).toBeLessThan(0.5 * Math.sqrt(afterError / runs));
  });

  it("is foulingTrend for one segment, and gives a stretch under five days no level of its own", () => {
    const pts = Array.from({ length: 60 }, (_, d) => ({ dayMs: d * 86_400_000, value: d / 10 + (d % 4) }));
    const pooled = pooledFoulingTrend([pts])!;
    expect(pooled.segments[0]).toEqual(foulingTrend(pts));
    const short = pts.slice(0, 4).map((p) => ({ ...p, dayMs: p.dayMs + 100 * 86_400_000 }));
    const withShort = pooledFoulingTrend([pts, short])!;
    expect(withShort.segments[1]).toBeNull();
    expect(withShort.slopePerYear).toBe(pooled.slopePerYear);
  });

  it("needs 20 days over 45", () => {
    const pts = Array.from({ length: 30 }, (_, d) => ({ dayMs: d * 86_400_000, value: d }));
    expect(foulingTrend(pts)).toBeNull();
    expect(foulingTrend(pts.map((p) => ({ ...p, dayMs: p.dayMs * 2 })))).not.toBeNull();
  });
});

describe("cleaning decision in money", () => {
  // 40 t/day at sea with 20 % excess over a clean level of 2 %: 40·18/120 = 6 t/day extra
  const base = {
    excessPowerNow: { value: 20, low: 18, high: 22 },
    cleanLevelPercent: 2,
    growthPercentPerYear: 8,
    fuelTonnesPerDayAtSea: 40,
    pricePerTonne: 600,
    cleaningCost: 25_000,
    intervalStartMs: Date.UTC(2022, 0, 1),
    nowMs: Date.UTC(2024, 5, 1),
  };
  it("prices the extra fuel, repays the cleaning and dates it", () => {
    const d = cleaningDecision(base);
    if (d.action === null) throw new Error(d.reason);
    expect(d.extraFuelTonnesPerDay).toBeCloseTo(6, 9);
    expect(d.extraCostPerDay).toBeCloseTo(3600, 6);
    // 25,000 / 3,600 = 6.9 → 7 days
    expect(d.breakEvenMs).toBe(base.nowMs + 7 * 86_400_000);
    expect(d.breakEvenDays).toBe(7);
    // k = 40·8/365.25/120·600 = 4.38 per day²; T* = √(2·25,000/4.38) = 106.8 days: long past → clean now
    expect(d.action).toBe("clean-now");
    expect(d.recommendedMs).toBe(base.nowMs);
  });
  it("plans a cleaning while the economic interval runs, and says why there is none", () => {
    const d = cleaningDecision({ ...base, intervalStartMs: base.nowMs - 30 * 86_400_000 });
    expect(d.action).toBe("plan-cleaning");
    if (d.action === null) return;
    expect((d.recommendedMs - (base.nowMs - 30 * 86_400_000)) / 86_400_000).toBeCloseTo(
      Math.sqrt((2 * 25_000) / ((40 * 8) / 365.25 / 120) / 600),
      6,
    );
    const none = cleaningDecision({ ...base, excessPowerNow: { value: 3, low: 1, high: 5 } });
    expect(none.action).toBeNull();
  });
  it("reads the fouling's extra fuel and its growth (one rule for the decision and the CII what-if)", () => {
    const f = foulingExtraFuel(base);
    if ("reason" in f) throw new Error(f.reason);
    expect(f.extraFuelTonnesPerDay).toBeCloseTo(6, 9);
    expect(f.growthTonnesPerDayPerDay).toBeCloseTo((40 * 8) / 365.25 / 120, 12);
    expect("reason" in foulingExtraFuel({ ...base, excessPowerNow: { value: 3, low: 1, high: 5 } })).toBe(
      true,
    );
  });
  it("gives the CII of cleaning now vs at the docking through the what-if", () => {
    const year = {
      shipType: "bulk_carrier" as const,
      capacity: 81_600,
      year: 2025,
      yearToDateFuels: [{ fuelType: "HFO" as const, tonnes: 6000 }],
      yearToDateDistanceNm: 40_000,
      daysElapsed: 181,
    };
    const fouling = { extraFuelTonnesPerDay: 3, growthTonnesPerDayPerDay: 0.02, fuelType: "HFO" as const };
    const e = cleaningCiiEffect({ ...year, fouling, dockingDayOfYear: 300 });
    const at = (dayOfYear: number) =>
      assessCii({ ...year, ...whatIfYear(year, { cleaning: { ...fouling, dayOfYear } }) }).attainedCii;
    expect(e.attainedIfCleanNow).toBe(at(181));
    expect(e.attainedIfCleanAtDocking).toBe(at(300));
    // by hand: now saves 3 t/day × 184 days; at day 300 (3 + 0.02·119) t/day × 65 days
    const cii = (saved: number) =>
      (co2FromFuel(6000 * (365 / 181) - saved, "HFO") * 1e6) / (81_600 * 40_000 * (365 / 181));
    expect(e.attainedIfCleanNow).toBeCloseTo(cii(3 * 184), 9);
    expect(e.attainedIfCleanAtDocking).toBeCloseTo(cii((3 + 0.02 * 119) * 65), 9);
    // no docking this year: the year as projected
    const none = cleaningCiiEffect({ ...year, fouling, dockingDayOfYear: 400 });
    expect(none.attainedIfCleanAtDocking).toBeCloseTo(cii(0), 9);
  });
  it("grades its confidence, never high on an indicative fouling rate", () => {
    // 95 % half-widths ±6 % (measured) and ±38 % (indicative); a zero slope has no precision
    const measured = { slopePerYear: 10, low: 9.4, high: 10.6 };
    const indicative = { slopePerYear: 10, low: 6.2, high: 13.8 };
    expect(cleaningConfidence(90, 2, 0.3, measured)).toMatchObject({ level: "high", rateStatus: "measured" });
    expect(cleaningConfidence(90, 2, 0.3, indicative)).toMatchObject({
      level: "medium",
      rateStatus: "indicative",
    });
    expect(cleaningConfidence(40, 5, 0.5, measured).level).toBe("medium");
    expect(cleaningConfidence(10, 5, 0.5, measured).level).toBe("low");
    expect(cleaningConfidence(90, 2, 0.3, indicative).note).toContain("fouling rate indicative (±38 %)");
    expect(cleaningConfidence(90, 2, 0.3, measured).note).toContain("fouling rate measured");
    for (const none of [null, { slopePerYear: 0, low: -1, high: 1 }]) {
      const c = cleaningConfidence(90, 2, 0.3, none);
      expect(c).toMatchObject({ level: "medium", rateStatus: "indicative" });
      expect(c.note).toContain("no fouling growth measured");
    }
  });
  it("states a fouling rate as measured only when its 99 % interval lies within ±10 % of it", () => {
    // 95 % half-widths: ±7.6 % is the edge (7.6 · 2.576/1.96 = 9.99 %)
    const cases = [
      { slopePerYear: 5, low: 4.62, high: 5.38, width: 0.076, status: "measured" },
      { slopePerYear: 5, low: 4.6, high: 5.4, width: 0.08, status: "indicative" },
      { slopePerYear: -2, low: -2.1, high: -1.9, width: 0.05, status: "measured" },
      { slopePerYear: 5, low: 4.5, high: 5.5, width: 0.1, status: "indicative" },
      { slopePerYear: 4, low: 2.5, high: 5.5, width: 0.375, status: "indicative" },
      { slopePerYear: 0, low: -1, high: 1, width: Number.POSITIVE_INFINITY, status: "indicative" },
    ] as const;
    for (const c of cases) {
      expect(rateRelativeHalfWidth(c)).toBeCloseTo(c.width, 12);
      expect(rateStatus(c), JSON.stringify(c)).toBe(c.status);
    }
  });
});
