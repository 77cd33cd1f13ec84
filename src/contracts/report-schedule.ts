/**
 * Scheduled reports (issue 17 item 5): the organisation's monthly vessel report by e-mail, which ships to which
 * members, and the log of what was sent. Shared by the server's routes and the admin panel's card.
 */
import { z } from "zod";
import { idParam } from "./common";

/** Most ships and members one schedule lists (a fleet's worth; each ship is one PDF per e-mail). */
export const MAX_SCHEDULED_SHIPS = 50;
export const MAX_SCHEDULED_MEMBERS = 100;

const uniqueIds = (max: number, what: string) =>
  z
    .array(idParam)
    .max(max, `must list at most ${max} ${what}`)
    .refine((ids) => new Set(ids).size === ids.length, "must not repeat an id");

export const reportScheduleBody = z
  .object({
    enabled: z.boolean(),
    shipIds: uniqueIds(MAX_SCHEDULED_SHIPS, "ships"),
    memberIds: uniqueIds(MAX_SCHEDULED_MEMBERS, "members"),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.enabled) return;
    if (b.shipIds.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["shipIds"],
        message: "must list a ship when the schedule is on",
      });
    if (b.memberIds.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["memberIds"],
        message: "must list a member when the schedule is on",
      });
  });
export type ReportScheduleBody = z.infer<typeof reportScheduleBody>;

export const REPORT_DELIVERY_OUTCOMES = ["sending", "sent", "failed", "skipped"] as const;

export const reportDelivery = z.object({
  period: z.string(),
  target: z.string(),
  shipIds: z.array(z.number()),
  outcome: z.enum(REPORT_DELIVERY_OUTCOMES),
  attempts: z.number(),
  error: z.string().nullable(),
  at: z.string(),
});
export type ReportDelivery = z.infer<typeof reportDelivery>;

export const reportScheduleResponse = z.object({
  enabled: z.boolean(),
  shipIds: z.array(z.number()),
  memberIds: z.array(z.number()),
  /** Whether this server has a mail server (SMTP_URL); without one the month is logged as skipped. */
  emailAvailable: z.boolean(),
  /** When it is sent, in words ('on the 1st of each month at 06:00 UTC'), from REPORT_SCHEDULE_CRON. */
  when: z.string(),
  updatedAt: z.string().nullable(),
  /** The latest deliveries, newest first. */
  deliveries: z.array(reportDelivery),
});
export type ReportSchedule = z.infer<typeof reportScheduleResponse>;
