/**
 * Alerts (issue 16): the configuration per organisation with per-ship overrides (items 1), and the alert
 * inbox with its lifecycle (item 4). Shared by the routes and the web's dialog and pages.
 */
import { z } from "zod";
import {
  ALERT_SEVERITIES,
  ALERT_THRESHOLD_UNITS,
  ALERT_TYPES,
  type AlertType,
  NOTIFICATION_METHODS,
} from "../domain/alerts/alert-types";
import { idParam } from "./common";

export type { AlertConfig, AlertSeverity, AlertType, NotificationMethod } from "../domain/alerts/alert-types";
export {
  ALERT_DEFAULTS,
  ALERT_LABELS,
  ALERT_SEVERITIES,
  ALERT_THRESHOLD_UNITS,
  ALERT_TYPES,
  NOTIFICATION_METHODS,
} from "../domain/alerts/alert-types";

/** Largest threshold accepted: a year of days, or 1,000 % (anything beyond is a typing error). */
export const ALERT_THRESHOLD_MAX = 1000;

export const alertConfigItem = z
  .object({
    enabled: z.boolean(),
    threshold: z
      .number()
      .min(0, "must be 0 or more")
      .max(ALERT_THRESHOLD_MAX, `must be at most ${ALERT_THRESHOLD_MAX}`),
    severity: z.enum(ALERT_SEVERITIES),
    notificationMethod: z.enum(NOTIFICATION_METHODS),
  })
  .strict();

const shape = <T extends z.ZodType>(item: T) =>
  Object.fromEntries(ALERT_TYPES.map((t) => [t, item])) as { [K in AlertType]: T };

/** The six types' configuration (spec §2 alertConfigs). */
export const alertConfigMap = z.object(shape(alertConfigItem)).strict();
export type AlertConfigMap = z.infer<typeof alertConfigMap>;

export const alertConfigQuery = z.object({ shipId: idParam.optional() }).strict();

/**
 * PUT body: the types to set, keyed by type. With `?shipId=` each is the ship's override; null removes the
 * ship's override (the organisation's value applies again). Types left out keep their value.
 */
export const alertConfigBody = z
  .object(
    Object.fromEntries(ALERT_TYPES.map((t) => [t, alertConfigItem.nullable().optional()])) as {
      [K in AlertType]: z.ZodOptional<z.ZodNullable<typeof alertConfigItem>>;
    },
  )
  .strict();
export type AlertConfigBody = z.infer<typeof alertConfigBody>;

export const alertConfigResponse = z.object({
  /** The ship whose effective configuration this is, or null for the organisation's. */
  shipId: z.number().int().nullable(),
  config: alertConfigMap,
  /** Types the ship overrides (empty for the organisation's). */
  overridden: z.array(z.enum(ALERT_TYPES)),
  /** Types the organisation has set (the others have the specification's defaults). */
  customised: z.array(z.enum(ALERT_TYPES)),
});
export type AlertConfigResponse = z.infer<typeof alertConfigResponse>;

export const ALERT_STATUSES = ["open", "acknowledged", "resolved"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const alertItem = z.object({
  id: z.number().int(),
  shipId: z.number().int(),
  shipName: z.string(),
  type: z.enum(ALERT_TYPES),
  status: z.enum(ALERT_STATUSES),
  severity: z.enum(ALERT_SEVERITIES),
  /** The figure that opened the alert and its threshold, in `unit`. */
  figure: z.number().nullable(),
  threshold: z.number(),
  unit: z.enum(["%", "days"]),
  message: z.string(),
  /** The latest evaluation's figure and sentence (the same as the opening ones until re-evaluated). */
  latestFigure: z.number().nullable(),
  latestMessage: z.string(),
  /** Path of the Analysis Center section that explains the figure. */
  link: z.string(),
  openedAt: z.string(),
  evaluatedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: person,
  resolvedAt: z.string().nullable(),
  /** Null with a `resolvedAt`: resolved automatically when the condition cleared. */
  resolvedBy: person,
  resolutionNote: z.string().nullable(),
});
export type AlertItem = z.infer<typeof alertItem>;

export const alertListQuery = z
  .object({
    status: z.enum(ALERT_STATUSES).optional(),
    shipId: idParam.optional(),
    type: z.enum(ALERT_TYPES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AlertListQuery = z.input<typeof alertListQuery>;
export type AlertListFilter = z.output<typeof alertListQuery>;

export const alertListResponse = z.object({
  items: z.array(alertItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AlertListResponse = z.infer<typeof alertListResponse>;

/** The bell's counts: unresolved alerts of the organisation, by status. */
export const alertCountsResponse = z.object({ open: z.number().int(), acknowledged: z.number().int() });
export type AlertCounts = z.infer<typeof alertCountsResponse>;

export const resolveAlertBody = z
  .object({ note: z.string().trim().max(1000, "must be at most 1000 characters").optional() })
  .strict();

/** Unit of a type's threshold as the dialog labels it. */
export const thresholdUnitOf = (type: AlertType) => ALERT_THRESHOLD_UNITS[type];
