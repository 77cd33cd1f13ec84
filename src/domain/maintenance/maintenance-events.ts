import { DAY_MS } from "../time/units";
/**
 * Maintenance events of a ship: the dated interventions that reset hull or propeller fouling (ISO 19030-2
 * §5.3: the performance indicators are periods between a dry-docking, a hull cleaning or a propeller polish),
 * plus engine overhauls, which reset the engine's SFOC drift but not the hull. Every hull analysis segments
 * its performance values at the events that clean the hull or the propeller.
 *
 * Dates are calendar days (UTC, 'YYYY-MM-DD'): a cleaning takes a port call, not an instant.
 */

export const MAINTENANCE_EVENT_TYPES = [
  "hull-cleaning",
  "propeller-polishing",
  "dry-docking",
  "engine-overhaul",
] as const;
export type MaintenanceEventType = (typeof MAINTENANCE_EVENT_TYPES)[number];

export const MAINTENANCE_STATUSES = ["done", "planned"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/**
 * Where an event comes from: stored by the organisation (form, API, upload, simulator loader), or implied by
 * the hull records' 'Last Cleaning Date' (see `withImpliedCleanings`).
 */
export type MaintenanceEventSource = "stored" | "hull-record";

export type MaintenanceEvent = {
  /** The stored event's id; null for an implied one. */
  id: number | null;
  type: MaintenanceEventType;
  /** Calendar day, 'YYYY-MM-DD' (UTC). */
  date: string;
  status: MaintenanceStatus;
  notes: string | null;
  /** Anti-fouling coating applied (a dry-docking's), name and type; null when not given. */
  coating: string | null;
  coatingType: string | null;
  source: MaintenanceEventSource;
};

/** Events that remove hull fouling: an in-water cleaning, or a dry-docking (blasted and recoated). */
export function cleansHull(type: MaintenanceEventType): boolean {
  return type === "hull-cleaning" || type === "dry-docking";
}

/** Events that remove propeller fouling: a polish, or a dry-docking (the propeller is polished in dock). */
export function cleansPropeller(type: MaintenanceEventType): boolean {
  return type === "propeller-polishing" || type === "dry-docking";
}

/** Events after which a hull's performance starts a new interval (ISO 19030-2 §5.3). */
export function segmentsHullAnalysis(event: Pick<MaintenanceEvent, "type" | "status">): boolean {
  return event.status === "done" && (cleansHull(event.type) || cleansPropeller(event.type));
}

/**
 * How far (days, either side) a stored hull cleaning or dry-docking may lie from a hull record's 'Last
 * Cleaning Date' and still be the same cleaning. A cleaning is logged by the crew on a noon report and by the
 * office from the diver's invoice, often on different days of one port call; two weeks covers a port call
 * and its paperwork, while fouling intervals are months long (the simulator's shortest is 90 days).
 */
export const IMPLIED_CLEANING_WINDOW_DAYS = 14;

const dayNumber = (date: string) => Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/**
 * A ship's events for the hull analysis: the stored events, plus one implied hull cleaning per distinct
 * 'Last Cleaning Date' of its hull records that no stored *done* hull cleaning or dry-docking within
 * ±IMPLIED_CLEANING_WINDOW_DAYS confirms or contradicts. A stored event therefore always wins over a hull
 * record (it is the organisation's own statement, with its type, coating and notes); a planned event does not
 * count, as it has not happened. Implied events found within the window of each other are one cleaning (the
 * first date kept), so a date retyped a day later on later reports does not split an interval. Sorted by
 * date, stored before implied on the same day.
 */
export function withImpliedCleanings(
  stored: readonly MaintenanceEvent[],
  lastCleaningDates: readonly string[],
): MaintenanceEvent[] {
  const cleaningDays = stored
    .filter((e) => e.status === "done" && cleansHull(e.type))
    .map((e) => dayNumber(e.date));
  const implied: MaintenanceEvent[] = [];
  const impliedDays: number[] = [];
  const near = (days: number[], day: number) =>
    days.some((d) => Math.abs(d - day) <= IMPLIED_CLEANING_WINDOW_DAYS);
  for (const date of [...new Set(lastCleaningDates.map((d) => d.slice(0, 10)))].sort()) {
    const day = dayNumber(date);
    if (Number.isNaN(day) || near(cleaningDays, day) || near(impliedDays, day)) continue;
    impliedDays.push(day);
    implied.push({
      id: null,
      type: "hull-cleaning",
      date,
      status: "done",
      notes: null,
      coating: null,
      coatingType: null,
      source: "hull-record",
    });
  }
  return [...stored, ...implied].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.source === b.source ? 0 : a.source === "stored" ? -1 : 1),
  );
}

/** Whole days from an event's date to a day ('YYYY-MM-DD' or an ISO instant); negative before it. */
export function daysSince(eventDate: string, asOf: string): number {
  return dayNumber(asOf) - dayNumber(eventDate);
}

/** The latest done event (optionally only those matching `which`) on or before `asOf`, or null. */
export function latestDoneEvent(
  events: readonly MaintenanceEvent[],
  asOf: string,
  which: (type: MaintenanceEventType) => boolean = () => true,
): MaintenanceEvent | null {
  let latest: MaintenanceEvent | null = null;
  for (const e of events) {
    if (e.status !== "done" || !which(e.type) || daysSince(e.date, asOf) < 0) continue;
    if (!latest || e.date > latest.date) latest = e;
  }
  return latest;
}
