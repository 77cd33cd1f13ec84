/**
 * maintenanceSchedule (issue 16 item 2): a planned maintenance event within `threshold` days (or past its
 * date and still planned), or a hull cleaning due by the hull analysis's recommendation (domain
 * hull/cleaning-decision.ts `cleaningDecision`: 'clean-now', or its economic date within `threshold` days),
 * counted only when that recommendation's confidence is medium or high: a low-confidence reading
 * (few accepted days, a wide interval) is stated, not alerted on.
 */
import type { MaintenanceEventType } from "../maintenance/maintenance-events";
import { DAY_MS } from "../time/units";
import { ALERT_THRESHOLD_UNITS, fmt, type RuleResult } from "./alert-types";

export type CleaningDue =
  | {
      action: "clean-now" | "plan-cleaning";
      /** Economic cleaning date, 'YYYY-MM-DD'. */
      recommendedDate: string;
      confidence: "high" | "medium" | "low";
      extraFuelTonnesPerDay: number;
    }
  /** The hull shows no fouling cost now: no cleaning is due. */
  | { action: "none"; reason: string }
  /** The hull analysis cannot tell (no reference, too little data, no price). */
  | { missing: string };

export type MaintenanceScheduleInput = {
  /** Planned (not done) events, dates 'YYYY-MM-DD'. */
  planned: readonly { type: MaintenanceEventType; date: string }[];
  cleaning: CleaningDue;
  nowMs: number;
};

const dayMs = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

export function maintenanceScheduleRule(input: MaintenanceScheduleInput, threshold: number): RuleResult {
  const unit = ALERT_THRESHOLD_UNITS.maintenanceSchedule;
  const today = Math.floor(input.nowMs / DAY_MS) * DAY_MS;
  const daysTo = (date: string) => Math.round((dayMs(date) - today) / DAY_MS);
  const next = [...input.planned].sort((a, b) => a.date.localeCompare(b.date))[0];
  const c = input.cleaning;
  const cleaningDays =
    "action" in c && c.action !== "none" && c.confidence !== "low" ? daysTo(c.recommendedDate) : null;
  const candidates: { days: number; text: string }[] = [];
  if (next) {
    const d = daysTo(next.date);
    candidates.push({
      days: d,
      text:
        d < 0
          ? `planned ${next.type} on ${next.date} is ${-d} days overdue`
          : `planned ${next.type} on ${next.date}, in ${d} days`,
    });
  }
  if (cleaningDays !== null && "action" in c && c.action !== "none")
    candidates.push({
      days: cleaningDays,
      text:
        c.action === "clean-now"
          ? `hull cleaning due now by the hull analysis (fouling costs ${fmt(c.extraFuelTonnesPerDay)} t fuel per day at sea)`
          : `hull cleaning recommended on ${c.recommendedDate}, in ${cleaningDays} days`,
    });
  const soonest = candidates.sort((a, b) => a.days - b.days)[0];
  if (soonest && soonest.days <= threshold)
    return {
      state: "fires",
      figure: soonest.days,
      threshold,
      unit,
      reason: `${capitalise(soonest.text)}: within the ${fmt(threshold, 0)}-day threshold.`,
    };
  const planned = soonest ? capitalise(soonest.text) : "No planned maintenance";
  if ("missing" in c)
    return {
      state: "no-data",
      figure: soonest?.days ?? null,
      threshold,
      unit,
      reason: `${planned}; whether the hull needs cleaning is unknown: ${c.missing}`,
    };
  const cleaning =
    c.action === "none"
      ? c.reason
      : c.confidence === "low"
        ? `a low-confidence cleaning recommendation (${c.action === "clean-now" ? "clean now" : c.recommendedDate}) is not alerted on`
        : `hull cleaning recommended on ${c.recommendedDate}`;
  return {
    state: "clear",
    figure: soonest?.days ?? null,
    threshold,
    unit,
    reason: `${planned}; ${cleaning}`,
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
