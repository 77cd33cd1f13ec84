/**
 * Words and shapes of the three hull sections (hull-hull-resistance, hull-hull-condition, hull-hull-analytics):
 * labels of the contract's enums, a figure with its 95 % interval, maintenance events as chart markers and the
 * fitted trend per interval as a plottable column. Pure, so the rules are unit-tested.
 */
import type {
  Estimate,
  HullEvent,
  HullEventType,
  HullReference,
  HullRejectionReason,
} from "../../../contracts/analysis/hull-common";
import { REFERENCE_CONDITIONS } from "../../../domain/hull/iso19030-filters";
import {
  HULL_LOG_SOG_MAX_KN,
  HULL_MIN_SPEED_KN,
  HULL_WAVE_MAX_M,
  HULL_WEATHER_IMPACT_MAX_PERCENT,
  HULL_WIND_MAX_MPS,
} from "../../../domain/hull/performance-value";
import { formatFixed, formatMoney, formatNumber, formatUtcDate, MISSING } from "../../lib/format";
import type { TimeMarker, TimeSegment } from "../../ui/charts/time-markers";

export const EVENT_TYPE_LABELS: Record<HullEventType, string> = {
  "hull-cleaning": "Hull cleaning",
  "propeller-polishing": "Propeller polish",
  "dry-docking": "Dry-docking",
  "engine-overhaul": "Engine overhaul",
};

/** One colour per event type, the same on every hull chart. */
export const EVENT_TYPE_COLORS: Record<HullEventType, string> = {
  "hull-cleaning": "#15803d", // green-700
  "propeller-polishing": "#7e22ce", // purple-700
  "dry-docking": "#b91c1c", // red-700
  "engine-overhaul": "#a16207", // yellow-700
};

/** Why the reference-condition filter dropped records, in plain words, with the domain's limits. */
export const REJECTION_REASON_LABELS: Record<HullRejectionReason, string> = {
  "missing-data": "Missing speed, power, displacement, sea temperature or wind",
  "not-sailing": `Not sailing (below ${HULL_MIN_SPEED_KN} kn)`,
  "sea-temperature": `Sea at or below ${REFERENCE_CONDITIONS.seaWaterTempMinC} °C`,
  "speed-log": `Speed log more than ${HULL_LOG_SOG_MAX_KN} kn from speed over ground`,
  wind: `Wind above ${HULL_WIND_MAX_MPS} m/s (Beaufort 5)`,
  waves: `Waves above ${HULL_WAVE_MAX_M} m (Douglas 4)`,
  "weather-impact": `Weather impact above ${HULL_WEATHER_IMPACT_MAX_PERCENT} % of calm-water power`,
};

export const INDICATOR_LABELS = {
  "dry-docking-performance": "Dry-docking performance",
  "in-service-performance": "In-service performance",
  "maintenance-trigger": "Maintenance trigger",
  "maintenance-effect": "Maintenance effect",
} as const;

export { CLEANING_ACTION_LABELS as ACTION_LABELS } from "../../../contracts/analysis/hull-analytics-section";

/**
 * A phrase of the server ('no fuel records in this range') as a sentence on its own: capital first letter and
 * a closing full stop, whichever the server sent.
 */
export function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Badge tone of the spec §4 fouling state (Good / Moderate / Poor). */
export function foulingTone(state: "Good" | "Moderate" | "Poor"): "success" | "warning" | "danger" {
  return state === "Good" ? "success" : state === "Moderate" ? "warning" : "danger";
}

/** Badge tone of a recommendation's confidence. */
export function confidenceTone(level: "high" | "medium" | "low"): "success" | "warning" | "danger" {
  return level === "high" ? "success" : level === "medium" ? "warning" : "danger";
}

/** '12.3 %', '51.0 %' with a fixed number of decimals; '—' when missing. */
export function percentText(value: number | null | undefined, decimals = 1): string {
  const text = formatFixed(value, decimals);
  return text === MISSING ? text : `${text} %`;
}

/** A 0–1 share as a percentage: 0.123 → '12.3 %'. */
export function shareText(share: number | null | undefined, decimals = 1): string {
  return share === null || share === undefined ? MISSING : percentText(share * 100, decimals);
}

/** The 95 % interval of an estimate: '10.1 to 14.5 %' (a 'to' keeps a negative bound readable). */
export function intervalText(estimate: Estimate, unit: string, decimals = 1): string {
  return `${formatFixed(estimate.low, decimals)} to ${formatFixed(estimate.high, decimals)} ${unit}`;
}

/** A figure with its 95 % interval: '12.3 %/year (95 %: 10.1 to 14.5)'; no unit when the column names it. */
export function estimateText(estimate: Estimate, unit: string, decimals = 1): string {
  return `${formatFixed(estimate.value, decimals)}${unit ? ` ${unit}` : ""} (95 %: ${formatFixed(estimate.low, decimals)} to ${formatFixed(estimate.high, decimals)})`;
}

/** Money per day at sea: '1,234 USD/day' ('—' when missing). */
export function moneyPerDay(value: number | null | undefined, currency: string): string {
  const text = formatMoney(value, currency, 0);
  return text === MISSING ? text : `${text}/day`;
}

/** A calendar day 'YYYY-MM-DD' from an ISO date or instant (UTC); '—' when unreadable. */
export function dayText(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(ms) ? MISSING : formatUtcDate(new Date(ms));
}

/** Epoch seconds of an ISO date ('2026-03-01', UTC midnight) or instant. */
export function toEpochSeconds(iso: string): number {
  return Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) / 1000;
}

/** Whole days from one ISO date or instant to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toEpochSeconds(to) - toEpochSeconds(from)) / 86_400);
}

/** 'in 34 days', 'today', '90 days ago': from the reference day to `date`. */
export function distanceText(date: string, reference: string): string {
  const days = daysBetween(dayText(reference), dayText(date));
  if (days === 0) return "today";
  const count = `${formatNumber(Math.abs(days), 0)} day${Math.abs(days) === 1 ? "" : "s"}`;
  return days > 0 ? `in ${count}` : `${count} ago`;
}

/** Maintenance events as chart markers: planned ones dashed and marked so. */
export function eventMarkers(events: readonly HullEvent[]): TimeMarker[] {
  return events.map((e) => ({
    t: toEpochSeconds(e.date),
    label: `${EVENT_TYPE_LABELS[e.type]}${e.status === "planned" ? " (planned)" : ""}`,
    color: EVENT_TYPE_COLORS[e.type],
    dashed: e.status === "planned",
  }));
}

/**
 * Fitted lines per interval as chart segments of one colour, from each interval's start to its end; `ends`
 * reads the line's value at the interval's start and end.
 */
export function trendSegments<T extends { from: string; to: string }>(
  intervals: readonly T[],
  ends: (interval: T) => readonly [number, number],
  color: string,
): TimeSegment[] {
  return intervals.map((interval) => {
    const [v0, v1] = ends(interval);
    return { t0: toEpochSeconds(interval.from), v0, t1: toEpochSeconds(interval.to), v1, color };
  });
}

/**
 * The speeds the reference curve is drawn over and why (issue 35 item 3: the server sends the curve only over
 * its span, domain hull/reference-span.ts): "Reference fitted on 11.2–14.8 kn …" or "Curve entered over …".
 */
export function referenceSpanText(reference: Pick<HullReference, "source" | "span">): string {
  const { span } = reference;
  if (span === null)
    return reference.source === "ship"
      ? "The entered curve has no span of speeds to draw: enter points at two or more speeds."
      : "The reference was fitted on records at a single speed: no curve is drawn, as it rests on no span of speeds.";
  const range = `${formatFixed(span.fromKn, 1)}–${formatFixed(span.toKn, 1)} kn`;
  return span.basis === "entered-points"
    ? `Reference curve entered over ${range} (its own points); not drawn beyond them.`
    : `Reference fitted on ${range} (5th–95th percentile of the daily mean speeds it was fitted on); not drawn beyond.`;
}
