/**
 * Is a sensor series on time, and is its latest value believable? The status of a live tile (spec §4:
 * sensor status active, warning, error). Sextant rules, no standard:
 *
 * - Cadence: each series is judged against its OWN cadence — the median interval between its recent
 *   readings (a noon-report series every 24 h, an NMEA feed every minute); the median, not the mean, so
 *   one gap (a port stay, a logger restart) does not stretch it.
 * - Stale (warning): no reading for more than STALE_FACTOR (3) cadences — two readings in a row missed,
 *   more than jitter. Error: none for more than ERROR_FACTOR (10) cadences: the sensor or its link is down.
 * - Warning too when the latest value lies outside its plausibility range (data-quality/plausibility.ts),
 *   or when it has not changed for DEFAULT_STUCK_RUN readings spanning at least STUCK_MIN_SPAN_MS (2 h) —
 *   a frozen sensor (data-quality/stuck-values.ts), for the series where a steady value is not normal
 *   (live-series.ts `frozenCheck`: not a heading on a steady course or a draught on a passage); zero is exempt (speeds and load sit at 0 in port), and
 *   so are shorter spans (a sea temperature to 0.1 °C may hold for a few minutes of a minute feed).
 * - With fewer than two readings the cadence is unknown and lateness cannot be judged.
 */

import { isPlausible, type PlausibilityRange } from "../data-quality/plausibility.js";
import { DEFAULT_STUCK_RUN, stuckRuns } from "../data-quality/stuck-values.js";
import { DAY_MS } from "../time/units.js";

export const STALE_FACTOR = 3;
export const ERROR_FACTOR = 10;
export const STUCK_MIN_SPAN_MS = 2 * 3_600_000;
/** Readings the cadence is the median interval of. */
export const CADENCE_WINDOW = 50;

export const SENSOR_STATUSES = ["active", "warning", "error"] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];

/** Median interval [ms] of the last CADENCE_WINDOW readings' times (ascending), null with fewer than two. */
export function medianIntervalMs(times: readonly number[]): number | null {
  const recent = times.slice(-CADENCE_WINDOW - 1);
  const gaps: number[] = [];
  for (let i = 1; i < recent.length; i++) {
    const gap = recent[i]! - recent[i - 1]!;
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  return gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
}

export type SeriesState = {
  lastMs: number;
  cadenceMs: number | null;
  /** The latest readings (time ascending, at least the last DEFAULT_STUCK_RUN). */
  recent: readonly { t: number; v: number }[];
  plausible?: PlausibilityRange;
  /** Whether a value unchanged for long means a frozen sensor (live-series.ts `frozenCheck`). */
  frozenCheck?: boolean;
};

export type SeriesVerdict = { status: SensorStatus; stale: boolean; reasons: string[] };

const duration = (ms: number) =>
  ms >= 2 * DAY_MS
    ? `${Math.round(ms / DAY_MS)} days`
    : ms >= 7_200_000
      ? `${Math.round(ms / 3_600_000)} h`
      : ms >= 120_000
        ? `${Math.round(ms / 60_000)} min`
        : `${Math.round(ms / 1000)} s`;

/** The status of a series at `nowMs`, with the reasons in words. */
export function seriesStatus(s: SeriesState, nowMs: number): SeriesVerdict {
  const reasons: string[] = [];
  let status: SensorStatus = "active";
  let stale = false;
  const late = nowMs - s.lastMs;
  if (s.cadenceMs !== null && late > STALE_FACTOR * s.cadenceMs) {
    stale = true;
    const down = late > ERROR_FACTOR * s.cadenceMs;
    status = down ? "error" : "warning";
    reasons.push(
      `${down ? "No reading" : "Late"}: last ${duration(late)} ago, usually every ${duration(s.cadenceMs)}`,
    );
  }
  const latest = s.recent.at(-1);
  if (latest && s.plausible && !isPlausible(latest.v, s.plausible)) {
    if (status === "active") status = "warning";
    reasons.push(`Latest value outside ${s.plausible.min}–${s.plausible.max} ${s.plausible.unit}`);
  }
  const tail = s.recent.slice(-DEFAULT_STUCK_RUN);
  if (
    s.frozenCheck &&
    latest &&
    latest.v !== 0 &&
    tail.length === DEFAULT_STUCK_RUN &&
    stuckRuns(tail.map((r) => r.v)).length > 0 &&
    latest.t - tail[0]!.t >= STUCK_MIN_SPAN_MS
  ) {
    if (status === "active") status = "warning";
    reasons.push(`Unchanged for the last ${DEFAULT_STUCK_RUN} readings (${duration(latest.t - tail[0]!.t)})`);
  }
  return { status, stale, reasons };
}
