/**
 * The hull analysis' arithmetic on a ship's stored days (ISO 19030-2 performance values, rollup
 * `hull_daily`): the performance value of each day, the filter's account over a range, the reference fitted
 * on the first clean-hull period when the ship has no curve, the intervals between maintenance events with
 * their fouling trends at the ship's mean operating condition, the series per day or ISO week, and the hull
 * 'now' of an interval. Pure: the server reads the days and events (metrics layer) and shapes the answer
 * (server/analysis/hull-performance.ts). Rules are those of hull/performance-value, hull/fouling-trend,
 * hull/operating-condition and hull/reference-span.
 */
import {
  cleansHull,
  type MaintenanceEvent,
  segmentsHullAnalysis,
} from "../maintenance/maintenance-events.js";
import { mean, sampleStdDev, studentT975 } from "../performance/statistics.js";
import { DAY_MS } from "../time/units.js";
import {
  type FoulingTrend,
  foulingTrend,
  type PooledTrend,
  pooledFoulingTrend,
  trendAt,
} from "./fouling-trend.js";
import { adjustForOperatingCondition } from "./operating-condition.js";
import {
  addHullLogSums,
  EMPTY_HULL_LOG_SUMS,
  fitReferenceFromSums,
  HULL_FILTER_REASONS,
  type HullFilterReason,
  type HullLogSums,
  hullPerformanceOfSums,
  type PowerLawReference,
} from "./performance-value.js";
import { fittedReferenceSpan, type ReferenceSpan } from "./reference-span.js";

/** Days after an event that a fitted clean-hull reference is fitted on (Sextant choice: one quarter). */
export const CLEAN_PERIOD_DAYS = 90;

/** ms of the UTC midnight of a date (`YYYY-MM-DD…`, only the date part read). */
export const dayMsOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * One stored day of a ship as the hull analysis reads it (the metrics layer's `hull_daily` row satisfies
 * it): its main-engine records, the filter's rejections by reason and the accepted records' log sums.
 */
export type HullDayInput = {
  /** ms of the day's UTC midnight. */
  dayMs: number;
  records: number;
  rejected: Record<HullFilterReason, number>;
  sums: HullLogSums;
  /** Accepted records with trim and draughts, Σ trim m, Σ mean draught m (the day's operating condition). */
  trim: { n: number; sumTrimM: number; sumDraughtM: number };
};

/** What the reference-condition filter kept and dropped over a range, by reason (shares of `records`, 0–1). */
export type HullFilterTally = {
  records: number;
  accepted: number;
  /** 1 − accepted / records; null without records. */
  rejectedShare: number | null;
  rejected: { reason: HullFilterReason; count: number; share: number }[];
};

/** Values per day or ISO week: t (epoch s), % speed loss, % excess power and the accepted records. */
export type HullSeries = {
  t: number[];
  speedLossPercent: number[];
  excessPowerPercent: number[];
  samples: number[];
};

/** An estimate with its 95 % interval (same unit as the value): the hull figures' and the hull alerts' one shape. */
export type Estimate = { value: number; low: number; high: number };

/** The performance values of one day with accepted records (%, ISO 19030-2). */
export type HullPoint = {
  dayMs: number;
  n: number;
  speedLossPercent: number;
  excessPowerPercent: number;
  /** The day's mean trim, draught (m; null when not recorded) and ln speed: its operating condition. */
  trimM: number | null;
  draughtM: number | null;
  lnSpeed: number;
};

/** A point's values at the ship's mean operating condition (domain hull/operating-condition.ts), for trends. */
export type HullTrendPoint = HullPoint & { excessForTrend: number; lossForTrend: number };

/** An interval between segmenting events: its points, counts and its own line (fouling-trend.ts). */
export type HullInterval = {
  fromMs: number;
  toMs: number;
  startEvent: MaintenanceEvent | null;
  points: HullTrendPoint[];
  records: number;
  accepted: number;
  excess: FoulingTrend | null;
  loss: FoulingTrend | null;
};

/** Segments and hull intervals of a range (intervalsOf). */
export type HullIntervals = { intervals: HullInterval[]; hullIntervals: HullSpan[] };

/**
 * A hull interval: from a hull cleaning or dry-docking (or the start of the data) to the next, its segments
 * split by propeller polishes, its fouling rate one slope over all of them (domain pooledFoulingTrend).
 */
export type HullSpan = {
  fromMs: number;
  toMs: number;
  startEvent: MaintenanceEvent | null;
  segments: HullInterval[];
  records: number;
  accepted: number;
  excess: PooledTrend | null;
  loss: PooledTrend | null;
};

/**
 * A reference fitted on the first clean-hull period (the 90 days after the first hull cleaning or
 * dry-docking with enough records). Its displacement is the ship's reference displacement when entered;
 * otherwise a nominal 1 t (the admiralty correction then compares each day with the period's loading through
 * Δ^⅔ alone, and the answer shows no curve points).
 */
export function fittedReference(
  referenceDisplacementT: number | null,
  events: readonly MaintenanceEvent[],
  days: readonly HullDayInput[],
): { ref: PowerLawReference; fromMs: number; toMs: number; span: ReferenceSpan | null } | null {
  const displacement = referenceDisplacementT;
  for (const e of events) {
    if (!segmentsHullAnalysis(e) || !cleansHull(e.type)) continue;
    const fromMs = dayMsOf(e.date) + DAY_MS;
    const next = events.find((x) => segmentsHullAnalysis(x) && dayMsOf(x.date) >= fromMs);
    const toMs = Math.min(
      fromMs + CLEAN_PERIOD_DAYS * DAY_MS,
      next ? dayMsOf(next.date) : Number.POSITIVE_INFINITY,
    );
    const fittedOn = days.filter((d) => d.dayMs >= fromMs && d.dayMs < toMs);
    const sums: HullLogSums = sumOf(fittedOn);
    const ref = fitReferenceFromSums(sums, displacement ?? 1);
    // the speeds it rests on: each day's mean speed (geometric, exp of its mean ln V) with its records
    const span = fittedReferenceSpan(
      fittedOn
        .filter((d) => d.sums.n > 0)
        .map((d) => ({ speedKn: Math.exp(d.sums.sy / d.sums.n), n: d.sums.n })),
    );
    if (ref) return { ref, fromMs, toMs, span };
  }
  return null;
}

const sumOf = (days: readonly HullDayInput[]) =>
  days.reduce((a, d) => addHullLogSums(a, d.sums), EMPTY_HULL_LOG_SUMS);

/** The performance values of the days with accepted records (none without a reference). */
export function pointsOf(ref: PowerLawReference | null, days: readonly HullDayInput[]): HullPoint[] {
  if (!ref) return [];
  const out: HullPoint[] = [];
  for (const d of days) {
    const p = hullPerformanceOfSums(ref, d.sums);
    const withTrim = d.trim.n > 0;
    if (p)
      out.push({
        dayMs: d.dayMs,
        n: d.sums.n,
        ...p,
        trimM: withTrim ? d.trim.sumTrimM / d.trim.n : null,
        draughtM: withTrim ? d.trim.sumDraughtM / d.trim.n : null,
        lnSpeed: d.sums.sy / d.sums.n,
      });
  }
  return out;
}

/** The filter's account over [fromMs, toMs). */
export function filterAccount(days: readonly HullDayInput[], fromMs: number, toMs: number): HullFilterTally {
  const inRange = days.filter((d) => d.dayMs >= fromMs && d.dayMs < toMs);
  const records = inRange.reduce((a, d) => a + d.records, 0);
  const accepted = inRange.reduce((a, d) => a + d.sums.n, 0);
  return {
    records,
    accepted,
    rejectedShare: records > 0 ? 1 - accepted / records : null,
    rejected: HULL_FILTER_REASONS.map((reason) => {
      const count = inRange.reduce((a, d) => a + d.rejected[reason], 0);
      return { reason, count, share: records > 0 ? count / records : 0 };
    }).filter((r) => r.count > 0),
  };
}

/**
 * Intervals between the done events that clean the hull or the propeller, overlapping [fromMs, toMs). An
 * interval starts the day after its event (the event's own day mixes the hull before and after) and ends on
 * the next event's day.
 */
export function intervalsOf(
  events: readonly MaintenanceEvent[],
  days: readonly HullDayInput[],
  points: readonly HullPoint[],
  fromMs: number,
  toMs: number,
): HullIntervals {
  const seg = events.filter((e) => segmentsHullAnalysis(e) && dayMsOf(e.date) < toMs);
  const firstDay = days.length ? days[0]!.dayMs : toMs;
  const bounds: { fromMs: number; startEvent: MaintenanceEvent | null }[] = [
    { fromMs: Math.min(firstDay, seg.length ? dayMsOf(seg[0]!.date) : firstDay), startEvent: null },
    ...seg.map((e) => ({ fromMs: dayMsOf(e.date) + DAY_MS, startEvent: e })),
  ];
  const endOf = (i: number) => (i + 1 < bounds.length ? bounds[i + 1]!.fromMs - DAY_MS : toMs);
  // the bounds grouped into hull intervals: a new one at the start and at each hull cleaning or dry-docking; a
  // propeller polish only opens a segment (the hull grows on: one rate, a step in the level)
  // the hull cleaning or dry-docking of an event's day (a polish of the same port call comes with it)
  const hullEventOfDay = (e: MaintenanceEvent | null) =>
    e && seg.find((x) => x.date.slice(0, 10) === e.date.slice(0, 10) && cleansHull(x.type));
  const opensHullInterval = (e: MaintenanceEvent | null) => e === null || hullEventOfDay(e) !== undefined;
  const groups: number[][] = [];
  bounds.forEach((b, i) => {
    if (endOf(i) <= b.fromMs) return; // an event's day shared with the next event
    const group = groups[groups.length - 1];
    if (!group || opensHullInterval(b.startEvent)) groups.push([i]);
    else group.push(i);
  });
  // a hull interval is shown, every segment of it, when any of it overlaps the range
  const shownGroups = groups.filter((g) => endOf(g[g.length - 1]!) > fromMs && bounds[g[0]!]!.fromMs < toMs);
  const shownSet = new Set(shownGroups.flat());
  const shown = (i: number) => shownSet.has(i);
  // the last interval starting at or before ms (bounds are in time order), -1 on an event's own day
  const intervalOf = (ms: number) => {
    let lo = 0;
    let hi = bounds.length - 1;
    if (hi < 0 || ms < bounds[0]!.fromMs) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bounds[mid]!.fromMs <= ms) lo = mid;
      else hi = mid - 1;
    }
    return ms < endOf(lo) ? lo : -1;
  };
  // the operating condition is fitted on the intervals shown, whatever else was read (the analytics reads
  // the whole history for its indicators), so that every section reads the same line for an interval
  const { points: trendPoints, slopeVarianceInflation } = atMeanCondition(
    points.filter((p) => {
      const i = intervalOf(p.dayMs);
      return i >= 0 && shown(i);
    }),
    intervalOf,
  );
  // the points and days of each interval, in one pass (both are in day order; a ten-year history has dozens
  // of intervals, and filtering the whole history once per interval cost milliseconds per call)
  const pointsIn = new Map<number, HullTrendPoint[]>();
  for (const p of trendPoints) {
    const i = intervalOf(p.dayMs);
    const list = pointsIn.get(i);
    if (list) list.push(p);
    else pointsIn.set(i, [p]);
  }
  const countsIn = new Map<number, { records: number; accepted: number }>();
  for (const d of days) {
    const i = intervalOf(d.dayMs);
    if (i < 0) continue;
    const c = countsIn.get(i) ?? { records: 0, accepted: 0 };
    c.records += d.records;
    c.accepted += d.sums.n;
    countsIn.set(i, c);
  }
  const valuesOf = (pts: readonly HullTrendPoint[], pick: (p: HullTrendPoint) => number) =>
    pts.map((p) => ({ dayMs: p.dayMs, value: pick(p), weight: p.n }));
  const out: HullInterval[] = [];
  const hullIntervals: HullSpan[] = [];
  for (const group of shownGroups) {
    const pooled = (pick: (p: HullTrendPoint) => number) =>
      pooledFoulingTrend(
        group.map((i) => valuesOf(pointsIn.get(i) ?? [], pick)),
        // the slope rests on every segment: the largest inflation of theirs, to stay on the safe side
        { slopeVarianceInflation: Math.max(...group.map((i) => slopeVarianceInflation.get(i) ?? 1)) },
      );
    const first = out.length;
    for (const i of group) {
      const counts = countsIn.get(i) ?? { records: 0, accepted: 0 };
      const pts = pointsIn.get(i) ?? [];
      // each segment's own line (its level and its slope, as the season had it): what the hull is now and
      // what an event changed are read from these; the rate is the hull interval's below
      const line = (pick: (p: HullTrendPoint) => number) =>
        foulingTrend(valuesOf(pts, pick), { slopeVarianceInflation: slopeVarianceInflation.get(i) ?? 1 });
      out.push({
        fromMs: bounds[i]!.fromMs,
        toMs: endOf(i),
        startEvent: bounds[i]!.startEvent,
        points: pts,
        records: counts.records,
        accepted: counts.accepted,
        excess: line((p) => p.excessForTrend),
        loss: line((p) => p.lossForTrend),
      });
    }
    const segments = out.slice(first);
    const opening = segments[0]!.startEvent;
    hullIntervals.push({
      fromMs: segments[0]!.fromMs,
      toMs: segments[segments.length - 1]!.toMs,
      startEvent: hullEventOfDay(opening) ?? opening,
      segments,
      records: segments.reduce((a, x) => a + x.records, 0),
      accepted: segments.reduce((a, x) => a + x.accepted, 0),
      excess: pooled((p) => p.excessForTrend),
      loss: pooled((p) => p.lossForTrend),
    });
  }
  return { intervals: out, hullIntervals };
}

/**
 * The points' excess power and speed loss at the ship's mean trim, draught and speed, each fitted jointly
 * over the intervals read (domain adjustForOperatingCondition); as they are when the fit cannot be made.
 */
export function atMeanCondition(
  points: readonly HullPoint[],
  intervalOf: (ms: number) => number,
): { points: HullTrendPoint[]; slopeVarianceInflation: Map<number, number> } {
  // fitted on the log ratios, where fouling and trim penalty add: P = P_clean·(1 + F)·(1 + T)
  const lnExcess = (e: number) => 100 * Math.log1p(e / 100);
  const lnLoss = (l: number) => -100 * Math.log1p(-l / 100);
  const adjusted = adjustForOperatingCondition(
    points.map((p) => ({
      dayMs: p.dayMs,
      values: [lnExcess(p.excessPowerPercent), lnLoss(p.speedLossPercent)],
      interval: intervalOf(p.dayMs),
      trimM: p.trimM,
      draughtM: p.draughtM,
      lnSpeed: p.lnSpeed,
      weight: p.n,
    })),
  );
  const v = adjusted?.values;
  return {
    points: points.map((p, i) => ({
      ...p,
      excessForTrend: v ? 100 * Math.expm1(v[0]![i]! / 100) : p.excessPowerPercent,
      lossForTrend: v ? -100 * Math.expm1(-v[1]![i]! / 100) : p.speedLossPercent,
    })),
    slopeVarianceInflation: adjusted?.slopeVarianceInflation ?? new Map(),
  };
}

/** Monday 00:00 UTC of the week of `ms`. */
const weekOf = (ms: number) => {
  const d = Math.floor(ms / DAY_MS);
  return (d - ((d + 3) % 7)) * DAY_MS;
};

/**
 * The range's values per day (per ISO week for ranges the context reads weekly), pooled from the days' sums.
 * `range`: its start and end instants (ms) and whether it is read weekly.
 */
export function seriesOf(
  range: { fromMs: number; toMs: number; weekly: boolean },
  ref: PowerLawReference | null,
  days: readonly HullDayInput[],
): HullSeries {
  const buckets = new Map<number, HullLogSums>();
  for (const d of days) {
    if (d.dayMs < range.fromMs - DAY_MS + 1 || d.dayMs >= range.toMs || d.sums.n === 0) continue;
    const key = range.weekly ? weekOf(d.dayMs) : d.dayMs;
    buckets.set(key, addHullLogSums(buckets.get(key) ?? EMPTY_HULL_LOG_SUMS, d.sums));
  }
  const series: HullSeries = { t: [], speedLossPercent: [], excessPowerPercent: [], samples: [] };
  if (!ref) return series;
  for (const [key, s] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
    const p = hullPerformanceOfSums(ref, s)!;
    series.t.push(key / 1000);
    series.speedLossPercent.push(p.speedLossPercent);
    series.excessPowerPercent.push(p.excessPowerPercent);
    series.samples.push(s.n);
  }
  return series;
}

/** Accepted days the fallback 'now' (a mean, when the interval is too short for a trend) rests on. */
const RECENT_DAYS = 30;
const RECENT_MIN_DAYS = 5;

/** The trend read at its last day, or the mean of the last RECENT_DAYS accepted days with a t interval. */
export function nowOf(
  trend: FoulingTrend | null,
  points: readonly HullTrendPoint[],
  pick: (p: HullTrendPoint) => number,
): Estimate | null {
  if (trend) {
    const v = trendAt(trend, trend.endMs);
    return { value: v, low: v - trend.endHalfWidth, high: v + trend.endHalfWidth };
  }
  const recent = points.slice(-RECENT_DAYS).map(pick);
  if (recent.length < RECENT_MIN_DAYS) return null;
  const m = mean(recent);
  const h = (studentT975(recent.length - 1) * sampleStdDev(recent)) / Math.sqrt(recent.length);
  return { value: m, low: m - h, high: m + h };
}

/** The hull now: the current interval's figures at its last accepted day (null without enough data). */
export function currentOf(current: HullInterval | undefined) {
  if (!current || current.points.length === 0) return null;
  const excess = nowOf(current.excess, current.points, (p) => p.excessForTrend);
  const loss = nowOf(current.loss, current.points, (p) => p.lossForTrend);
  if (!excess || !loss) return null;
  const last = current.points[current.points.length - 1]!;
  return {
    speedLossPercent: loss,
    excessPowerPercent: excess,
    at: new Date(last.dayMs).toISOString(),
    intervalFrom: new Date(current.fromMs).toISOString(),
    samples: current.accepted,
  };
}

/** The hull now as of the range's end: the current interval's figures when it reaches the end, else null. */
export function hullNow(a: { intervals: readonly HullInterval[] }, rangeTo: Date) {
  const current = a.intervals[a.intervals.length - 1];
  return current && current.toMs >= rangeTo.getTime() ? currentOf(current) : null;
}
