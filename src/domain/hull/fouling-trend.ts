import { studentT975 } from "../performance/statistics.js";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units.js";
import { chauvenetKeepMask } from "./chauvenet.js";

/**
 * The trend of a daily hull figure (excess power or speed loss, %) over one interval between maintenance
 * events: an ordinary least-squares line against time, its slope in % points per year, and a 95 % interval
 * that allows for the days not being independent (weather systems, loading and voyages last several days,
 * so residuals of neighbouring days are correlated and the plain OLS interval is too narrow).
 *
 * Autocorrelation: the lag-1 autocorrelation ρ of the residuals (in day order) gives an effective number of
 * days n_eff = n·(1 − ρ)/(1 + ρ) (AR(1) variance inflation; Wilks, Statistical Methods in the Atmospheric
 * Sciences, 3rd ed., §5.2.3, eq. 5.12); the slope's standard error is scaled by √((n − 2)/(n_eff − 2)) and
 * the interval uses Student's t with n_eff − 2 degrees of freedom. ρ ≤ 0 leaves the OLS interval as it is.
 */

/** Fewest accepted days an interval needs for a slope (Sextant choice: about a month of sailing days). */
export const TREND_MIN_DAYS = 20;
/** Fewest calendar days an interval must span for a slope (a week of data cannot show a yearly rate). */
export const TREND_MIN_SPAN_DAYS = 45;

/**
 * A day's value and its weight: the number of accepted records it is the mean of (1 when absent). A day's
 * mean of n records carries 1/n of one record's measurement variance, so an hourly day of 24 records is
 * read as 24 records and a day with a single record as one, not as equals (the line is fitted to the
 * records, as ISO 19030-2 reads every data set of a period alike).
 */
export type DailyValue = { dayMs: number; value: number; weight?: number };

export type FoulingTrend = {
  /** % points per year. */
  slopePerYear: number;
  low: number;
  high: number;
  /** Fitted value at `atMs` for any instant: intercept + slope·(t − t0). */
  startMs: number;
  interceptAtStart: number;
  /** The fitted value's 95 % half-width at the first and the last day (same autocorrelation allowance). */
  startHalfWidth: number;
  endHalfWidth: number;
  endMs: number;
  days: number;
  /** Days left out by Chauvenet's criterion on the residuals of a first line (see foulingTrend). */
  outlierDays: number;
  effectiveDays: number;
  lag1Autocorrelation: number;
  /** The relative precision the rate is claimed to when 'measured' (RATE_PRECISION or NOON_RATE_PRECISION). */
  ratePrecision: number;
};

/**
 * The precision a fouling rate is stated to (issue 14: within 10 % of the truth). A rate is 'measured' when
 * its 99 % interval lies within ±10 % of its value, i.e. its 95 % interval within ±7.6 % (normal quantiles
 * 2.576 / 1.960; the intervals near that width rest on dozens of effective days, where Student's t differs by
 * under 3 %); a wider one is 'indicative': shown with its interval, never read as the rate. Why 99 % and not
 * 95 %: a 95 % interval misses the truth one time in twenty by definition, and on simulated fleets it missed
 * it more often (170 of 196 intervals covered, six seeds); with the 95 % rule 4 of 133 'measured' rates were
 * 10.2–13.1 % off, with the 99 % rule none of 96 (worst 8.5 %). Since the rate is read per hull interval
 * (pooledFoulingTrend), 82 of 112 are measured; the indicative ones are cut short by the data's start or end,
 * or noisy (decision record 009).
 */
export const RATE_PRECISION = 0.1;
/**
 * The precision a fouling rate read from daily noon reports is claimed to (issue 32: within 15 % of the truth
 * for the intervals called measured): 'measured' when its 99 % interval lies within ±15 % of its value, the
 * same rule as RATE_PRECISION at the 15 %. One report a day carries one reading's noise (0.1 kn of
 * speed through water is about 2.5 % of power), so a year of noon reports reaches ±10–20 % (decision 042).
 */
export const NOON_RATE_PRECISION = 0.15;
/**
 * Fewest accepted records per accepted day, on average over the interval, for the logged-data precision
 * (Sextant choice: a noon report is one record a day; logged data holds a record every hour or less).
 */
export const LOGGED_RECORDS_PER_DAY = 2;
/**
 * Calendar days per block of the block (cluster-robust) allowance of the rate's interval (Sextant choice,
 * decision 042: two months hold a few voyages; measured on daily reports, 30-day blocks still left 2 of 58
 * intervals' truth outside, 60-day blocks 1 of 58).
 */
export const BLOCK_DAYS = 60;
const Z_995_OVER_Z_975 = 2.5758 / 1.96;
export type RateStatus = "measured" | "indicative";

type RateInterval = { slopePerYear: number; low: number; high: number; ratePrecision?: number };

/** The 95 % interval's half-width over the rate's magnitude (Infinity for a zero rate). */
export function rateRelativeHalfWidth(t: RateInterval): number {
  const magnitude = Math.abs(t.slopePerYear);
  return magnitude > 0 ? (t.high - t.low) / 2 / magnitude : Number.POSITIVE_INFINITY;
}

/**
 * 'measured' when the rate's 99 % interval lies within ±its precision of it (RATE_PRECISION unless the trend
 * says otherwise: NOON_RATE_PRECISION for noon reports), else 'indicative'.
 */
export function rateStatus(t: RateInterval): RateStatus {
  return rateRelativeHalfWidth(t) * Z_995_OVER_Z_975 <= (t.ratePrecision ?? RATE_PRECISION)
    ? "measured"
    : "indicative";
}

/** The line's value at an instant. */
export function trendAt(t: FoulingTrend, ms: number): number {
  return t.interceptAtStart + (t.slopePerYear * (ms - t.startMs)) / (DAY_MS * JULIAN_YEAR_DAYS);
}

/** A change across a maintenance event, % points, with its 95 % interval and the two days it compares. */
export type EventEffect = { value: number; low: number; high: number; beforeMs: number; afterMs: number };

/**
 * What a maintenance event changed in a hull figure: the line of the interval before it at its last accepted
 * day minus the line of the interval after it at its first, i.e. what the ship's own data shows across the
 * event. Not both lines carried to the event's day: the port stay in between holds no accepted day, and a
 * dry-docking keeps the hull out of the water for weeks, so a line carried back over it counts growth that
 * never happened (on simulated fleets that put dry-dockings 1–1.7 points off; decision record 009). 95 %
 * interval: the two lines' half-widths in quadrature (fitted on disjoint days). Positive = the event
 * lowered the figure (for excess power and speed loss, an improvement).
 */
export function eventEffect(
  before: FoulingTrend,
  after: FoulingTrend,
  /** Other days to read the lines at: another figure's end days (Chauvenet may have kept other ones). */
  at: Pick<EventEffect, "beforeMs" | "afterMs"> = { beforeMs: before.endMs, afterMs: after.startMs },
): EventEffect {
  const value = trendAt(before, at.beforeMs) - trendAt(after, at.afterMs);
  // the half-widths of the lines' own ends (`at` lies at most a few days from them)
  const h = Math.hypot(before.endHalfWidth, after.startHalfWidth);
  return { value, low: value - h, high: value + h, beforeMs: at.beforeMs, afterMs: at.afterMs };
}

/**
 * Trend of daily values with an autocorrelation-aware 95 % interval; null below TREND_MIN_DAYS /
 * TREND_MIN_SPAN_DAYS. Days whose residual from a first line fails Chauvenet's criterion (ISO 19030-2's
 * outlier test, reference-data.md §8 [C1], here applied to days around the line instead of samples around a
 * block mean) are left out before the line is fitted again.
 */
export function foulingTrend(
  points: readonly DailyValue[],
  options: { slopeVarianceInflation?: number } = {},
): FoulingTrend | null {
  return pooledFoulingTrend([points], options)?.segments[0] ?? null;
}

/** Fewest accepted days a segment of a pooled trend needs for a level of its own (Sextant choice). */
export const SEGMENT_MIN_DAYS = 5;

/** One slope shared by the segments of a hull interval, and each segment's line (its own level). */
export type PooledTrend = Pick<
  FoulingTrend,
  | "slopePerYear"
  | "low"
  | "high"
  | "days"
  | "outlierDays"
  | "effectiveDays"
  | "lag1Autocorrelation"
  | "ratePrecision"
> & {
  /** Per segment, in the order given: its line (its level, the shared slope); null below SEGMENT_MIN_DAYS. */
  segments: (FoulingTrend | null)[];
};

/**
 * The trend of a hull interval split into segments by events that move the level but not the growth: a
 * propeller polish takes the propeller's fouling away while the hull's grows on, so the interval between two
 * hull cleanings has one fouling rate and a step at each polish. Fitted as a level per segment and one slope
 * (least squares with a dummy per segment: the slope from the days' spread within their segments; e.g.
 * Montgomery, Peck & Vining §8.2), with foulingTrend's weights, autocorrelation allowance and Chauvenet's
 * criterion. A polish a few weeks before the next cleaning then no longer leaves a segment too short for a
 * rate of its own (decision record 009). One segment is foulingTrend.
 */
export function pooledFoulingTrend(
  segments: readonly (readonly DailyValue[])[],
  { slopeVarianceInflation = 1 }: { slopeVarianceInflation?: number } = {},
): PooledTrend | null {
  const all = columnsOf(segments);
  const first = segmentedTrend(withoutShortSegments(all));
  if (!first) return null;
  // Chauvenet on the residuals scaled to one day of mean weight (a one-record day is noisier, not odd)
  const kept = withoutShortSegments(first.data, chauvenetKeepMask(first.residuals));
  const t = segmentedTrend(kept, slopeVarianceInflation);
  if (!t) return null;
  const counts = (c: Columns) => {
    const n = new Array<number>(segments.length).fill(0);
    for (const k of c.segment) n[k]! += 1;
    return n;
  };
  const [before, after] = [counts(all), counts(kept)];
  return {
    slopePerYear: t.slopePerYear,
    low: t.low,
    high: t.high,
    days: kept.dayMs.length,
    outlierDays: all.dayMs.length - kept.dayMs.length,
    effectiveDays: t.effectiveDays,
    lag1Autocorrelation: t.lag1Autocorrelation,
    ratePrecision: t.ratePrecision,
    segments: segments.map((_, j) => {
      const line = t.lines.get(j);
      return line ? { ...line, outlierDays: before[j]! - after[j]! } : null;
    }),
  };
}

/** Days as columns, in segment then day order (the fits below walk them by index: a ten-year ship has thousands). */
type Columns = { dayMs: number[]; value: number[]; weight: number[]; segment: number[] };

function columnsOf(segments: readonly (readonly DailyValue[])[]): Columns {
  const c: Columns = { dayMs: [], value: [], weight: [], segment: [] };
  segments.forEach((points, segment) => {
    const valid = points.filter((q) => Number.isFinite(q.value) && (q.weight === undefined || q.weight > 0));
    valid.sort((a, b) => a.dayMs - b.dayMs);
    for (const q of valid) {
      c.dayMs.push(q.dayMs);
      c.value.push(q.value);
      c.weight.push(q.weight ?? 1);
      c.segment.push(segment);
    }
  });
  return c;
}

/** The days `keep` marks (all when absent), without the segments left under SEGMENT_MIN_DAYS. */
function withoutShortSegments(c: Columns, keep?: readonly boolean[]): Columns {
  const counts = new Map<number, number>();
  c.segment.forEach((k, i) => {
    if (!keep || keep[i]) counts.set(k, (counts.get(k) ?? 0) + 1);
  });
  const out: Columns = { dayMs: [], value: [], weight: [], segment: [] };
  c.segment.forEach((k, i) => {
    if ((keep && !keep[i]) || (counts.get(k) ?? 0) < SEGMENT_MIN_DAYS) return;
    out.dayMs.push(c.dayMs[i]!);
    out.value.push(c.value[i]!);
    out.weight.push(c.weight[i]!);
    out.segment.push(k);
  });
  return out;
}

/**
 * Weighted least squares (weights = the days' records, scaled to a mean of 1 so that the residual variance
 * is that of a day of mean weight and the degrees of freedom count days: σ̂²·(XᵀWX)⁻¹, e.g. Montgomery, Peck
 * & Vining §5.5.2) of a level per segment and one slope, in closed form: the slope is Σ Sxy / Σ Sxx of the
 * days about their segment's mean, a segment's level its mean less the slope's share. `residuals`: each
 * day's, scaled by √(w/w̄) to one of a mean-weight day (Chauvenet, the autocorrelation, which pairs
 * neighbouring days of one segment only).
 */
function segmentedTrend(data: Columns, vif = 1) {
  const { dayMs, value, segment } = data;
  const n = dayMs.length;
  if (n < TREND_MIN_DAYS) return null;
  let t0 = Number.POSITIVE_INFINITY;
  let tEnd = Number.NEGATIVE_INFINITY;
  let weightSum = 0;
  for (let i = 0; i < n; i++) {
    t0 = Math.min(t0, dayMs[i]!);
    tEnd = Math.max(tEnd, dayMs[i]!);
    weightSum += data.weight[i]!;
  }
  if ((tEnd - t0) / DAY_MS < TREND_MIN_SPAN_DAYS) return null;
  const w = data.weight.map((x) => (x * n) / weightSum);
  const xs = dayMs.map((d) => (d - t0) / DAY_MS / JULIAN_YEAR_DAYS);
  // each segment is a run of consecutive days: its weight, weighted means and first and last index
  type Run = { segment: number; weight: number; mx: number; my: number; first: number; last: number };
  const runs: Run[] = [];
  for (let i = 0; i < n; i++) {
    let r = runs[runs.length - 1];
    if (!r || r.segment !== segment[i]) {
      r = { segment: segment[i]!, weight: 0, mx: 0, my: 0, first: i, last: i };
      runs.push(r);
    }
    r.weight += w[i]!;
    r.mx += w[i]! * xs[i]!;
    r.my += w[i]! * value[i]!;
    r.last = i;
  }
  let sxx = 0;
  let sxy = 0;
  for (const r of runs) {
    r.mx /= r.weight;
    r.my /= r.weight;
    for (let i = r.first; i <= r.last; i++) {
      const dx = xs[i]! - r.mx;
      sxx += w[i]! * dx * dx;
      sxy += w[i]! * dx * (value[i]! - r.my);
    }
  }
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  const residuals = new Array<number>(n);
  for (const r of runs)
    for (let i = r.first; i <= r.last; i++)
      residuals[i] = (value[i]! - r.my - slope * (xs[i]! - r.mx)) * Math.sqrt(w[i]!);
  const parameters = runs.length + 1;
  if (n <= parameters + 1) return null;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    den += residuals[i]! ** 2;
    if (i > 0 && segment[i] === segment[i - 1]) num += residuals[i]! * residuals[i - 1]!;
  }
  const sigma = Math.sqrt(den / (n - parameters));
  const rho = den > 0 ? Math.max(0, Math.min(0.95, num / den)) : 0;
  const nEff = Math.max(parameters + 1, (n * (1 - rho)) / (1 + rho));
  const inflate = Math.sqrt((n - parameters) / (nEff - parameters));
  let tq = studentT975(nEff - parameters);
  let se = (sigma / Math.sqrt(sxx)) * inflate * Math.sqrt(vif);
  // The larger of that and a block (cluster-robust) allowance: residuals that share a voyage or a season's
  // weather keep an offset for weeks, which the lag-1 autocorrelation of neighbouring days does not see.
  // Non-overlapping calendar blocks of BLOCK_DAYS as clusters, the slope's variance Σ_g(Σ_{i∈g} wᵢ·dxᵢ·eᵢ)²/Sxx²
  // with the G/(G − 1) correction, Student t on G − 1 degrees of freedom (Bester, Conley & Hansen, "Inference
  // with dependent data using cluster covariance estimators", J. Econometrics 165 (2011) 137–151; Cameron &
  // Miller, J. Human Resources 50 (2015) 317–372, §II.C and §VI). Decision 042.
  const blocks = new Map<number, number>();
  for (const r of runs)
    for (let i = r.first; i <= r.last; i++) {
      const g = Math.floor((dayMs[i]! - t0) / DAY_MS / BLOCK_DAYS);
      // residuals[i] is already scaled by √wᵢ: wᵢ·dxᵢ·eᵢ = √wᵢ·dxᵢ·residuals[i]
      blocks.set(g, (blocks.get(g) ?? 0) + Math.sqrt(w[i]!) * (xs[i]! - r.mx) * residuals[i]!);
    }
  const G = blocks.size;
  if (G >= 3) {
    let ss = 0;
    for (const v of blocks.values()) ss += v * v;
    const seBlock = (Math.sqrt((G / (G - 1)) * ss) / sxx) * Math.sqrt(vif);
    const tqBlock = studentT975(G - 1);
    if (tqBlock * seBlock > tq * se) {
      tq = tqBlock;
      se = seBlock;
    }
  }
  // the precision a rate is claimed to: noon reports (about one record a day) carry a day's noise each
  const ratePrecision = weightSum / n < LOGGED_RECORDS_PER_DAY ? NOON_RATE_PRECISION : RATE_PRECISION;
  const lines = new Map<number, Omit<FoulingTrend, "outlierDays">>();
  for (const r of runs) {
    const at = (x: number) => r.my + slope * (x - r.mx);
    // the line's standard error at x (not that day's own noise)
    const lineSe = (x: number) => sigma * inflate * Math.sqrt(1 / r.weight + (x - r.mx) ** 2 / sxx);
    const x0 = xs[r.first]!;
    const x1 = xs[r.last]!;
    lines.set(r.segment, {
      slopePerYear: slope,
      low: slope - tq * se,
      high: slope + tq * se,
      startMs: dayMs[r.first]!,
      interceptAtStart: at(x0),
      startHalfWidth: tq * lineSe(x0),
      endHalfWidth: tq * lineSe(x1),
      endMs: dayMs[r.last]!,
      days: r.last - r.first + 1,
      effectiveDays: nEff,
      lag1Autocorrelation: rho,
      ratePrecision,
    });
  }
  return {
    data,
    residuals,
    lines,
    slopePerYear: slope,
    low: slope - tq * se,
    high: slope + tq * se,
    effectiveDays: nEff,
    lag1Autocorrelation: rho,
    ratePrecision,
  };
}

/** In words, for the answer's `intervalMethod`. */
export const FOULING_TREND_METHOD =
  "Trim and draught taken out first (one least-squares fit over the intervals shown, on the log ratios: a " +
  "level and a slope per interval, shared terms in trim, trim², draught, draught², trim × draught, " +
  "trim × ln speed and draught × ln speed; each day then read at the optimum trim the fit finds). Then the " +
  "least-squares trend of the daily mean excess power (and speed loss) against time within each interval " +
  "between hull cleanings and dry-dockings: one slope, with a level of its own for each stretch between the " +
  "propeller polishes inside it (a polish takes the propeller's fouling away; the hull's grows on), each day " +
  "weighing its accepted records; slope in % points per year. 95 % " +
  "interval: Student t on the slope's standard error inflated for the lag-1 autocorrelation of the daily " +
  "residuals (effective days n·(1 − ρ)/(1 + ρ), Wilks 2011 §5.2.3) and for the trim fit (its variance " +
  "inflation factor), or, when larger, a block allowance (cluster-robust variance over 60-day blocks, Student t " +
  "on blocks − 1; Bester, Conley & Hansen 2011). A rate whose 99 % interval lies within ±10 % of it (noon " +
  "reports, under 2 records a day: ±15 %) is marked measured; a wider one is indicative (shown, not claimed)." +
  ` An interval needs ${TREND_MIN_DAYS} accepted days over ${TREND_MIN_SPAN_DAYS} calendar days.`;
