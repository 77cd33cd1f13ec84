/**
 * Maintenance events (hull cleanings, propeller polishes, dry-dockings with their coating, engine
 * overhauls): the API's, the form's and the upload's contract. Types and statuses are the domain's.
 */
import { z } from "zod";
import { MAINTENANCE_EVENT_TYPES, MAINTENANCE_STATUSES } from "../domain/maintenance/maintenance-events";
import { FUTURE_TOLERANCE_MS, idField, idParam, isoInstant, singleLineText } from "./common";

export { MAINTENANCE_EVENT_TYPES, MAINTENANCE_STATUSES };

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** Free text: an empty text is no text. */
const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();
/** A name on one line (a coating's), optional like free text. */
const optionalLine = (max: number) =>
  singleLineText()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/**
 * An event type as people write it in a file: the id or the label, any case and spacing ('Hull cleaning',
 * 'DRY DOCKING', 'propeller_polishing'); 'dry-dock' and 'drydock' as dry-docking. Other values pass unchanged
 * for the enum to refuse with its list.
 */
export function normalizeEventType(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const id = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  if (id === "dry-dock" || id === "drydock" || id === "drydocking") return "dry-docking";
  return id;
}

/**
 * The event's day: a date or an ISO instant (an upload's date cell), kept as its UTC calendar day. A done
 * event cannot lie in the future; a planned one may.
 */
const eventFields = {
  type: z.preprocess(normalizeEventType, z.enum(MAINTENANCE_EVENT_TYPES)),
  date: isoInstant,
  status: z.enum(MAINTENANCE_STATUSES),
  notes: optionalText(2000),
  /** The anti-fouling coating applied (a dry-docking's): product name. */
  coating: optionalLine(200),
  /** The coating's kind, e.g. 'SPC antifouling', 'foul-release silicone'. */
  coatingType: optionalLine(200),
};

const notFutureIfDone = (v: { status?: string; date?: Date }) =>
  v.status !== "done" || !v.date || v.date.getTime() <= Date.now() + FUTURE_TOLERANCE_MS;
const FUTURE_DONE = {
  path: ["date"],
  message: "must not be in the future for a done event (use status planned)",
};

export const createMaintenanceEventBody = z
  .object({ shipId: idField, ...eventFields, status: eventFields.status.default("done") })
  .strict()
  .refine(notFutureIfDone, FUTURE_DONE);
export type CreateMaintenanceEventBody = z.input<typeof createMaintenanceEventBody>;

export const updateMaintenanceEventBody = z
  .object(eventFields)
  .partial()
  .strict()
  .refine(notFutureIfDone, FUTURE_DONE);
export type UpdateMaintenanceEventBody = z.input<typeof updateMaintenanceEventBody>;

export const maintenanceEvent = z.object({
  id: z.number(),
  shipId: z.number(),
  type: z.enum(MAINTENANCE_EVENT_TYPES),
  /** 'YYYY-MM-DD' (UTC day). */
  date: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  notes: z.string().nullable(),
  coating: z.string().nullable(),
  coatingType: z.string().nullable(),
});
export type MaintenanceEventDto = z.infer<typeof maintenanceEvent>;

export const maintenanceEventListQuery = z.object({ shipId: idParam }).strict();

/** The day an event's date means: its UTC calendar day. */
export const eventDay = (date: Date) => date.toISOString().slice(0, 10);

/** Labels of the types, one place for the form, the list and the upload's messages. */
export const MAINTENANCE_EVENT_LABELS: Record<(typeof MAINTENANCE_EVENT_TYPES)[number], string> = {
  "hull-cleaning": "Hull cleaning",
  "propeller-polishing": "Propeller polishing",
  "dry-docking": "Dry-docking",
  "engine-overhaul": "Engine overhaul",
};
