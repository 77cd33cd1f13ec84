/**
 * The job that carries an alert to the people who are not looking at the screen: the evaluation
 * (alerts/evaluation) sends it when an alert opens or resolves; the delivery (alerts/delivery) handles it by
 * e-mail, webhook and SMS. The payload is self-contained, so that delivery never reads the evaluation's tables.
 */
import { z } from "zod";
import { ALERT_TYPES } from "../../domain/alerts/alert-types";
import type { JobType } from "../jobs/job-queue";

export { ALERT_TYPES };

export const alertNotificationSchema = z.object({
  orgId: z.number().int(),
  alertId: z.number().int(),
  event: z.enum(["opened", "resolved"]),
  type: z.enum(ALERT_TYPES),
  severity: z.enum(["low", "medium", "high"]),
  /** The channel the configuration asks for beyond the dashboard. */
  notificationMethod: z.enum(["dashboard", "email", "sms"]),
  shipId: z.number().int(),
  shipName: z.string(),
  /** One line naming the figure and the threshold, e.g. "Speed loss 7.4 % above the 5 % threshold". */
  title: z.string(),
  message: z.string(),
  /** The figure that triggered the alert, in its unit, and the threshold it crossed. */
  figure: z.object({ value: z.number().nullable(), unit: z.string(), threshold: z.number() }),
  /** Path of the section that explains it, e.g. /dashboard/3?section=hull-hull-condition. */
  link: z.string(),
  occurredAt: z.string(),
});
export type AlertNotification = z.infer<typeof alertNotificationSchema>;

export const ALERT_NOTIFY_JOB: JobType<AlertNotification> = {
  name: "alert-notify",
  payload: alertNotificationSchema,
};
