import { fitLine } from "../performance/least-squares.js";
import { studentT975 } from "../performance/statistics.js";
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

export const MS_PER_DAY = 86_400_000;
/** Julian year, the unit of the slopes (as speed-loss.ts MS_PER_YEAR). */
export const DAYS_PER_YEAR = 365.25;

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
};

/**
 * The precision a fouling rate is stated to (issue 14: within 10 % of the truth). A rate is 'measured' when
 * its 99 % interval lies within ±10 % of its value, i.e. its 95 % interval within ±7.6 % (normal quantiles
 * 2.576 / 1.960; the intervals near that width rest on dozens of effective days, where Student's t differs by
 * under 3 %); a wider one is 'indicative': shown with its interval, never read as the rate. Why 99 % and not
 * 95 %: a 95 % interval misses the truth one time in twenty by definition, and on simulated fleets it missed
 * it more often (170 of 196 intervals covered, six seeds); with the 95 % rule 4 of 133 'measured' rates were
 * 10.2–13.1 % off, with the 99 % rule none of 96 (worst 8.5 %). Short intervals between a propeller polish
 * and the next event, or noisy data, give ±20–200 % (decision record 009).
 */
export const RATE_PRECISION = 0.1;
const Z_995_OVER_Z_975 = 2.5758 / 1.96;
export type RateStatus = "measured" | "indicative";

/** The 95 % interval's half-width over the rate's magnitude (Infinity for a zero rate). */
export function rateRelativeHalfWidth(t: { slopePerYear: number; low: number; high: number }): number {
  const magnitude = Math.abs(t.slopePerYear);
  return magnitude > 0 ? (t.high - t.low) / 2 / magnitude : Number.POSITIVE_INFINITY;
}

/** 'measured' when the rate's 99 % interval lies within ±RATE_PRECISION of it, else 'indicative'. */
export function rateStatus(t: { slopePerYear: number; low: number; high: number }): RateStatus {
  return rateRelativeHalfWidth(t) * Z_995_OVER_Z_975 <= RATE_PRECISION ? "measured" : "indicative";
}

/** The line's value at an instant. */
export function trendAt(t: FoulingTrend, ms: number): number {
  return t.interceptAtStart + (t.slopePerYear * (ms - t.startMs)) / (MS_PER_DAY * DAYS_PER_YEAR);
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
export function eventEffect(before: FoulingTrend, after: FoulingTrend): EventEffect {
  const value = trendAt(before, before.endMs) - trendAt(after, after.startMs);
  const h = Math.hypot(before.endHalfWidth, after.startHalfWidth);
  return { value, low: value - h, high: value + h, beforeMs: before.endMs, afterMs: after.startMs };
}

/**
 * Trend of daily values with an autocorrelation-aware 95 % interval; null below TREND_MIN_DAYS /
 * TREND_MIN_SPAN_DAYS. Days whose residual from a first line fails Chauvenet's criterion (ISO 19030-2's
 * outlier test, reference-data.md §8 [C1], here applied to days around the line instead of samples around a
 * block mean) are left out before the line is fitted again.
 */
export function foulingTrend(
  points: readonly DailyValue[],
  { slopeVarianceInflation = 1 }: { slopeVarianceInflation?: number } = {},
): FoulingTrend | null {
  const all = [...points]
    .filter((q) => Number.isFinite(q.value) && (q.weight === undefined || q.weight > 0))
    .sort((a, b) => a.dayMs - b.dayMs);
  if (all.length < TREND_MIN_DAYS) return null;
  const first = olsTrend(all);
  if (!first) return null;
  // Chauvenet on the residuals scaled to one day of mean weight (a one-record day is noisier, not odd)
  const keep = chauvenetKeepMask(all.map((q, i) => (q.value - trendAt(first, q.dayMs)) * first.scale[i]!));
  const kept = all.filter((_, i) => keep[i]);
  const t = olsTrend(kept, slopeVarianceInflation);
  if (!t) return null;
  const { scale: _, ...trend } = t;
  return { ...trend, outlierDays: all.length - kept.length };
}

/**
 * Weighted least squares (weights = the days' records, scaled to a mean of 1 so that the residual variance
 * is that of a day of mean weight and the degrees of freedom count days: σ̂²·(XᵀWX)⁻¹, e.g. Montgomery, Peck
 * & Vining §5.5.2); unweighted when every day has one record or none is given. `scale`: √(w/w̄) per day,
 * which turns a residual into one of a mean-weight day (for Chauvenet and the autocorrelation).
 */
function olsTrend(p: readonly DailyValue[], vif = 1): (FoulingTrend & { scale: number[] }) | null {
  if (p.length < TREND_MIN_DAYS) return null;
  const t0 = p[0]!.dayMs;
  const span = (p[p.length - 1]!.dayMs - t0) / MS_PER_DAY;
  if (span < TREND_MIN_SPAN_DAYS) return null;
  const n = p.length;
  const meanW = p.reduce((a, q) => a + (q.weight ?? 1), 0) / n;
  const w = p.map((q) => (q.weight ?? 1) / meanW);
  const scale = w.map(Math.sqrt);
  const xs = p.map((q) => (q.dayMs - t0) / MS_PER_DAY / DAYS_PER_YEAR);
  const ys = p.map((q) => q.value);
  const line = fitLine(xs, ys, w);
  const res = ys.map((y, i) => (y - line.intercept - line.slope * xs[i]!) * scale[i]!);
  let num = 0;
  let den = 0;
  for (let i = 0; i < res.length; i++) {
    den += res[i]! * res[i]!;
    if (i > 0) num += res[i]! * res[i - 1]!;
  }
  const rho = den > 0 ? Math.max(0, Math.min(0.95, num / den)) : 0;
  const nEff = Math.max(3, (n * (1 - rho)) / (1 + rho));
  const inflate = Math.sqrt((n - 2) / (nEff - 2));
  const tq = studentT975(nEff - 2);
  const se = line.slopeStdError * inflate * Math.sqrt(vif);
  const mx = xs.reduce((a, x, i) => a + w[i]! * x, 0) / n;
  const sxx = xs.reduce((a, x, i) => a + w[i]! * (x - mx) ** 2, 0);
  const xEnd = xs[n - 1]!;
  // the line's standard error at the first and the last day (not that day's own noise)
  const lineSe = (x: number) => line.residualStdError * inflate * Math.sqrt(1 / n + (x - mx) ** 2 / sxx);
  return {
    slopePerYear: line.slope,
    low: line.slope - tq * se,
    high: line.slope + tq * se,
    startMs: t0,
    interceptAtStart: line.intercept,
    startHalfWidth: tq * lineSe(0),
    endHalfWidth: tq * lineSe(xEnd),
    endMs: p[n - 1]!.dayMs,
    days: n,
    outlierDays: 0,
    effectiveDays: nEff,
    lag1Autocorrelation: rho,
    scale,
  };
}

/** In words, for the answer's `intervalMethod`. */
export const FOULING_TREND_METHOD =
  "Trim and draught taken out first (one least-squares fit over the intervals shown, on the log ratios: a " +
  "level and a slope per interval, shared terms in trim, trim², draught, draught², trim × draught, " +
  "trim × ln speed and draught × ln speed; each day then read at the optimum trim the fit finds). Then the " +
  "least-squares line of the daily mean excess power (and speed loss) against time within each interval " +
  "between maintenance events, each day weighing its accepted records; slope in % points per year. 95 % " +
  "interval: Student t on the slope's standard error inflated for the lag-1 autocorrelation of the daily " +
  "residuals (effective days n·(1 − ρ)/(1 + ρ), Wilks 2011 §5.2.3) and for the trim fit (its variance " +
  "inflation factor). A rate whose 99 % interval lies within ±10 % of it (its 95 % interval within ±7.6 %) is " +
  `marked measured; a wider one is indicative (shown, not claimed to 10 %). An interval needs ${TREND_MIN_DAYS} accepted days over ${TREND_MIN_SPAN_DAYS} calendar days.`;
