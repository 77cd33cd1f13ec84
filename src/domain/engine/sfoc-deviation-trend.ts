/**
 * The trend of a main engine's SFOC deviation from its shop test, % per 30 days, with the rule that says when
 * there is one (issue 35 item 3: a fitted trend is shown only where its quality rule allows it). A least-
 * squares slope through two hours of data is a number, not a trend: a week's noise read as a monthly drift.
 * The rule is the hull trend's (domain foulingTrend, decision record 009): daily values (the means of the
 * periods of each UTC day, weighted by their count), at least TREND_MIN_DAYS of them over at least
 * TREND_MIN_SPAN_DAYS calendar days, Chauvenet's criterion on the residuals, and a 95 % interval that allows
 * for neighbouring days being correlated (load, weather and voyages last several days, so does an engine's
 * state between overhauls).
 */

import { type DailyValue, foulingTrend, TREND_MIN_DAYS, TREND_MIN_SPAN_DAYS } from "../hull/fouling-trend.js";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units.js";

const PER_30_DAYS = 30 / JULIAN_YEAR_DAYS;

export type SfocDeviationTrend = {
  /** % (of the shop-test SFOC) per 30 days. */
  percentPer30Days: number;
  /** Its 95 % interval, % per 30 days. */
  lowPercentPer30Days: number;
  highPercentPer30Days: number;
  /** Days the trend rests on. */
  days: number;
};

/**
 * The trend of deviations given per period (start, epoch s; deviation %, null outside the tested loads),
 * or null and why not. Periods shorter than a day are pooled per UTC day; longer ones (a week) are one point.
 */
export function sfocDeviationTrend(
  periods: readonly { tSeconds: number; percent: number | null }[],
): { trend: SfocDeviationTrend; reason: null } | { trend: null; reason: string } {
  const byDay = new Map<number, { sum: number; n: number }>();
  for (const p of periods) {
    if (p.percent === null || !Number.isFinite(p.percent)) continue;
    const dayMs = Math.floor((p.tSeconds * 1000) / DAY_MS) * DAY_MS;
    const d = byDay.get(dayMs) ?? { sum: 0, n: 0 };
    d.sum += p.percent;
    d.n += 1;
    byDay.set(dayMs, d);
  }
  const days: DailyValue[] = [...byDay].map(([dayMs, d]) => ({ dayMs, value: d.sum / d.n, weight: d.n }));
  const t = foulingTrend(days);
  if (t)
    return {
      trend: {
        percentPer30Days: t.slopePerYear * PER_30_DAYS,
        lowPercentPer30Days: t.low * PER_30_DAYS,
        highPercentPer30Days: t.high * PER_30_DAYS,
        days: t.days,
      },
      reason: null,
    };
  const ms = days.map((d) => d.dayMs);
  const apart = ms.length > 0 ? Math.round((Math.max(...ms) - Math.min(...ms)) / DAY_MS) : 0;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return {
    trend: null,
    reason:
      days.length < TREND_MIN_DAYS || apart < TREND_MIN_SPAN_DAYS
        ? `a trend needs deviations on at least ${TREND_MIN_DAYS} days, the first and the last at least ${TREND_MIN_SPAN_DAYS} days apart; this range has ${plural(days.length, "day")}, ${plural(apart, "day")} apart`
        : "too few days are left once the outlying days are set aside",
  };
}
