/**
 * What the three hull sections share: the ship's maintenance events, its ISO 19030-2 reference (its own
 * curve, else one fitted on its first clean-hull period), the daily performance values of the stored days
 * (rollup `hull_daily`), the filter's account over the range and the trend per interval between events.
 * Only shaping: the rules are the domain's (hull/performance-value, hull/fouling-trend), the reads the
 * metrics layer's.
 */
import type {
  Estimate,
  HullDailySeries,
  HullEvent,
  HullFilterAccount,
  HullMethod,
  HullReference,
} from "../../contracts/analysis/hull-common";
import {
  type FoulingTrend,
  foulingTrend,
  type PooledTrend,
  pooledFoulingTrend,
  trendAt,
} from "../../domain/hull/fouling-trend";
import { adjustForOperatingCondition } from "../../domain/hull/operating-condition";
import {
  addHullLogSums,
  EMPTY_HULL_LOG_SUMS,
  fitReferenceFromSums,
  HULL_FILTER_REASONS,
  HULL_FILTER_TEXT,
  type HullLogSums,
  hullPerformanceOfSums,
  type PowerLawReference,
  powerLawOfCurve,
  referencePoints,
} from "../../domain/hull/performance-value";
import {
  enteredCurveSpan,
  fittedReferenceSpan,
  type ReferenceSpan,
  speedsOverSpan,
} from "../../domain/hull/reference-span";
import {
  cleansHull,
  type MaintenanceEvent,
  segmentsHullAnalysis,
} from "../../domain/maintenance/maintenance-events";
import { mean, sampleStdDev, studentT975 } from "../../domain/performance/statistics";
import { DAY_MS } from "../../domain/time/units";
import { type HullDay, hullDays } from "../metrics/hull-days";
import { maintenanceEventsForHull } from "../metrics/maintenance-events";
import type { AnalysisContext } from "./context";

/** Days after an event that a fitted clean-hull reference is fitted on (Sextant choice: one quarter). */
export const CLEAN_PERIOD_DAYS = 90;

const iso = (ms: number) => new Date(ms).toISOString();
const dayMsOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

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

export type HullAnalysis = {
  events: MaintenanceEvent[];
  presentEvents: HullEvent[];
  ref: PowerLawReference | null;
  reference: HullReference | null;
  missingReference: string | null;
  method: HullMethod;
  days: HullDay[];
  /** Performance values of the accepted days read (from the start of the first interval the range overlaps). */
  points: HullPoint[];
  /** Intervals between segmenting events (segments of the hull intervals shown), oldest first, each with its own line. */
  intervals: HullInterval[];
  /** The same grouped into hull intervals (between hull cleanings and dry-dockings), oldest first. */
  hullIntervals: HullSpan[];
  filter: HullFilterAccount;
  series: HullDailySeries;
};

const ENTER_CURVE =
  "Enter the ship's speed–power reference curve (sea trial or model test: speed kn and delivered power kW " +
  "at a stated displacement) and its reference displacement in the ship's particulars";

export const HULL_METHOD_NAME =
  "ISO 19030-2 performance values on stored records: speed loss and excess power against the speed–power " +
  "reference (power law, admiralty displacement correction), the power taken less the record's stored weather " +
  "impact, daily means of the records that meet the reference conditions";

function methodOf(): HullMethod {
  return {
    name: HULL_METHOD_NAME,
    windCorrected: false,
    windNote:
      "No ISO 15016 wind correction: the ship's particulars hold no transverse projected (windage) area, which it " +
      "needs. Each record's power is taken less its stored weather impact (% of calm-water power added by wind " +
      "and waves) where it has one; records above Beaufort 5, Douglas 4 or a weather impact of 20 % are left out.",
    filters: HULL_FILTER_TEXT,
  };
}

function presentEvent(e: MaintenanceEvent): HullEvent {
  return { type: e.type, date: e.date, status: e.status, source: e.source };
}

/** The ship's own curve as a power law, or null when it has none (fewer than 2 points or no displacement). */
function shipReference(ctx: AnalysisContext): PowerLawReference | null {
  const { speedPowerCurve, referenceDisplacementT } = ctx.ship;
  if (!speedPowerCurve || speedPowerCurve.length < 2 || !referenceDisplacementT) return null;
  try {
    return powerLawOfCurve(speedPowerCurve, referenceDisplacementT);
  } catch {
    return null;
  }
}

const sumOf = (days: readonly HullDay[]) =>
  days.reduce((a, d) => addHullLogSums(a, d.sums), EMPTY_HULL_LOG_SUMS);

/**
 * A reference fitted on the first clean-hull period (the 90 days after the first hull cleaning or
 * dry-docking with enough records). Its displacement is the ship's reference displacement when entered;
 * otherwise a nominal 1 t (the admiralty correction then compares each day with the period's loading through
 * Δ^⅔ alone, and the answer shows no curve points).
 */
function fittedReference(
  ctx: AnalysisContext,
  events: readonly MaintenanceEvent[],
  days: readonly HullDay[],
): { ref: PowerLawReference; fromMs: number; toMs: number; span: ReferenceSpan | null } | null {
  const displacement = ctx.ship.referenceDisplacementT ?? null;
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

function referenceOf(
  ctx: AnalysisContext,
  events: readonly MaintenanceEvent[],
  days: readonly HullDay[],
): Pick<HullAnalysis, "ref" | "reference" | "missingReference"> {
  // drawn only over the speeds the reference rests on (domain hull/reference-span.ts), not 0.6–1.0 × design speed
  const pointsOver = (ref: PowerLawReference, span: ReferenceSpan | null) =>
    span ? referencePoints(ref, speedsOverSpan(span)) : [];
  const own = shipReference(ctx);
  if (own) {
    const span = enteredCurveSpan(ctx.ship.speedPowerCurve ?? []);
    return {
      ref: own,
      reference: {
        source: "ship",
        referenceDisplacementT: own.referenceDisplacementT,
        points: pointsOver(own, span),
        span,
        fittedFrom: null,
        fittedTo: null,
        advice: null,
      },
      missingReference: null,
    };
  }
  const fitted = fittedReference(ctx, events, days);
  if (!fitted)
    return {
      ref: null,
      reference: null,
      missingReference: `${ENTER_CURVE}. Without it a reference is fitted on the first ${CLEAN_PERIOD_DAYS} days after a recorded hull cleaning or dry-docking, and none has enough records yet.`,
    };
  const advice =
    `Fitted on this ship's records of ${iso(fitted.fromMs).slice(0, 10)} – ${iso(fitted.toMs).slice(0, 10)}, just after a ` +
    "hull cleaning or dry-docking: fouling is measured against the ship as it sailed then, not against a sea trial. " +
    `${ENTER_CURVE} for ISO 19030 values.`;
  return {
    ref: fitted.ref,
    reference: {
      source: "fitted-clean-period",
      referenceDisplacementT: ctx.ship.referenceDisplacementT ?? null,
      points: ctx.ship.referenceDisplacementT ? pointsOver(fitted.ref, fitted.span) : [],
      span: fitted.span,
      fittedFrom: iso(fitted.fromMs),
      fittedTo: iso(fitted.toMs),
      advice,
    },
    missingReference: advice,
  };
}

/** The performance values of the days with accepted records (none without a reference). */
export function pointsOf(ref: PowerLawReference | null, days: readonly HullDay[]): HullPoint[] {
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
export function filterAccount(days: readonly HullDay[], fromMs: number, toMs: number): HullFilterAccount {
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
function intervalsOf(
  events: readonly MaintenanceEvent[],
  days: readonly HullDay[],
  points: readonly HullPoint[],
  fromMs: number,
  toMs: number,
): Pick<HullAnalysis, "intervals" | "hullIntervals"> {
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
function atMeanCondition(
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

/** The range's values per day (per ISO week for ranges the context reads weekly), pooled from the days' sums. */
function seriesOf(
  ctx: AnalysisContext,
  ref: PowerLawReference | null,
  days: readonly HullDay[],
): HullDailySeries {
  const { from, to, resolution } = ctx.range;
  const buckets = new Map<number, HullLogSums>();
  for (const d of days) {
    if (d.dayMs < from.getTime() - DAY_MS + 1 || d.dayMs >= to.getTime() || d.sums.n === 0) continue;
    const key = resolution === "weekly" ? weekOf(d.dayMs) : d.dayMs;
    buckets.set(key, addHullLogSums(buckets.get(key) ?? EMPTY_HULL_LOG_SUMS, d.sums));
  }
  const series: HullDailySeries = { t: [], speedLossPercent: [], excessPowerPercent: [], samples: [] };
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

/**
 * The hull analysis of the context's range. `wholeHistory`: read every stored day (the ISO indicators compare
 * periods after earlier dockings); otherwise only the intervals the range overlaps.
 */
export async function loadHullAnalysis(
  ctx: AnalysisContext,
  { wholeHistory = false }: { wholeHistory?: boolean } = {},
): Promise<HullAnalysis> {
  const { db, orgId, ship, range } = ctx;
  const fromMs = Math.floor(range.from.getTime() / DAY_MS) * DAY_MS;
  const toMs = range.to.getTime();
  const events = await maintenanceEventsForHull(db, orgId, ship.id);
  // Only the days of the intervals the range overlaps: from the last event before the range (a ten-year
  // history read for 'Last 30 Days' would cost what a ten-year range does).
  // (a hull interval's: from its hull cleaning or dry-docking, so that its rate rests on all its segments)
  const before = events.filter(
    (e) => segmentsHullAnalysis(e) && cleansHull(e.type) && dayMsOf(e.date) < fromMs,
  );
  const since = !wholeHistory && before.length ? new Date(dayMsOf(before[before.length - 1]!.date)) : null;
  const ownCurve = shipReference(ctx) !== null;
  const [days, allDays] = await Promise.all([
    hullDays(db, orgId, ship.id, range.to, since),
    // a fitted reference reads the ship's first clean-hull period, wherever the range is
    ownCurve || since === null ? null : hullDays(db, orgId, ship.id, range.to),
  ]);
  const r = referenceOf(ctx, events, allDays ?? days);
  const points = pointsOf(r.ref, days);
  return {
    events,
    presentEvents: events.filter((e) => dayMsOf(e.date) < toMs + 366 * DAY_MS).map(presentEvent),
    ...r,
    method: methodOf(),
    days,
    points,
    ...intervalsOf(events, days, points, fromMs, toMs),
    filter: filterAccount(days, fromMs, toMs),
    series: seriesOf(ctx, r.ref, days),
  };
}

/** Why a hull section has no values, or null when it has. */
export function hullEmptyReason(a: HullAnalysis): string | null {
  if (!a.ref) return a.missingReference;
  if (a.filter.records === 0)
    return "No main-engine records in this range: upload fuel records with speed through water and engine power.";
  if (a.filter.accepted === 0)
    return "No record in this range meets the reference conditions (see the rejections by reason): records need speed through water, engine power, displacement (trim records), sea temperature and wind speed (environmental records) at the same time.";
  return null;
}

/** Accepted days the fallback 'now' (a mean, when the interval is too short for a trend) rests on. */
const RECENT_DAYS = 30;
const RECENT_MIN_DAYS = 5;

/** The trend read at its last day, or the mean of the last RECENT_DAYS accepted days with a t interval. */
function nowOf(
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
    at: iso(last.dayMs),
    intervalFrom: iso(current.fromMs),
    samples: current.accepted,
  };
}

/** The hull now as of the range's end: the current interval's figures when it reaches the end, else null. */
export function hullNow(a: Pick<HullAnalysis, "intervals">, rangeTo: Date) {
  const current = a.intervals[a.intervals.length - 1];
  return current && current.toMs >= rangeTo.getTime() ? currentOf(current) : null;
}

export { dayMsOf, iso as isoOf };
