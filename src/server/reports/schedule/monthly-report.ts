/**
 * The monthly vessel report by e-mail (issue 17 item 5). On REPORT_SCHEDULE_CRON (the 1st of the month) the
 * sweep job queues one job per organisation whose schedule is on, for the month that just ended; that job
 * builds the PDF vessel report of each chosen ship for the whole month (the same `buildVesselReport` as the
 * download) and e-mails them, attached, to each chosen member through the app's mailer.
 *
 * Once per month per organisation and recipient, however many processes run: pg-boss sends the cron job from
 * one process, the per-organisation job has a singleton key, and, what decides, each recipient's send is
 * claimed in `report_deliveries` first (report-schedule.repository.ts). A failed send leaves a 'failed' row
 * and the job throws, so pg-boss retries it, and the retry sends only to the recipients still failed.
 */
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { AnalysisQuery } from "../../../contracts/analysis/filters";
import type { Db } from "../../db/client";
import type { JobType } from "../../jobs/job-queue";
import type { MailAttachment, Mailer } from "../../mail/mailer";
import { listShipProfiles } from "../../ships/ships.repository";
import { buildVesselReport } from "../vessel-report";
import type { OpenAlertsQuery } from "../vessel-report-data";
import {
  claimDelivery,
  getSchedule,
  logSkipped,
  recipientsOf,
  scheduledOrgIds,
  settleDelivery,
} from "./report-schedule.repository";

/** A reported month, 'YYYY-MM' (UTC). */
const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month, YYYY-MM");

export const REPORT_MONTHLY_SWEEP_JOB: JobType<Record<string, never>> = {
  name: "report-monthly",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

const orgPayload = z.object({ orgId: z.number().int(), period });
export const REPORT_MONTHLY_ORG_JOB: JobType<z.infer<typeof orgPayload>> = {
  name: "report-monthly-org",
  payload: orgPayload,
};

/** Shown as the target of a month skipped as a whole. */
export const NO_RECIPIENT = "(none)";

export type MonthlyReportDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  openAlerts?: OpenAlertsQuery;
  log: Pick<FastifyBaseLogger, "warn">;
};

/** The calendar month before `now` (UTC), e.g. 2026-11-01T06:00Z → '2026-10'. */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The dashboard filters of a whole month: a custom range from its first instant to the next month's. */
export function monthFilters(month: string): AnalysisQuery {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return {
    voyage: "all",
    range: "custom",
    engine: "main",
    from: new Date(Date.UTC(y, m - 1, 1)),
    to: new Date(Date.UTC(y, m, 1)),
  };
}

/** 'October 2026'. */
export function monthLabel(month: string): string {
  const { from } = monthFilters(month);
  return from!.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** The sweep: one job per organisation whose schedule is on, for the month before `now`. */
export async function queueMonthlyReports(
  db: Db,
  send: (payload: z.infer<typeof orgPayload>) => Promise<unknown>,
  now: Date,
): Promise<number> {
  const month = previousMonth(now);
  const orgIds = await scheduledOrgIds(db);
  for (const orgId of orgIds) await send({ orgId, period: month });
  return orgIds.length;
}

/**
 * Sends one organisation's monthly reports for `month`. Resolves when every recipient was sent to (now or
 * before); throws when any send failed, after logging it, so the job is retried.
 */
export async function sendMonthlyReports(
  deps: MonthlyReportDeps,
  orgId: number,
  month: string,
): Promise<{ sent: string[] }> {
  const { db } = deps;
  const schedule = await getSchedule(db, orgId);
  if (!schedule.enabled) return { sent: [] };
  const wanted = new Set(schedule.shipIds);
  const chosen = (await listShipProfiles(db, orgId)).filter((s) => wanted.has(s.id));
  const shipIds = chosen.map((s) => s.id);
  const recipients = await recipientsOf(db, orgId, schedule.memberIds);
  const none = { orgId, period: month, target: NO_RECIPIENT };
  if (!deps.mailer.available) {
    await logSkipped(db, none, "no mail server is configured (SMTP_URL)");
    return { sent: [] };
  }
  if (chosen.length === 0 || recipients.length === 0) {
    await logSkipped(
      db,
      none,
      chosen.length === 0 ? "none of the chosen ships exists" : "no chosen member is left",
    );
    return { sent: [] };
  }
  const claimed: string[] = [];
  for (const to of recipients) {
    if (await claimDelivery(db, { orgId, period: month, target: to }, shipIds)) claimed.push(to);
  }
  if (claimed.length === 0) return { sent: [] };

  let attachments: MailAttachment[];
  try {
    attachments = await monthlyPdfs(deps, orgId, chosen, month);
  } catch (err) {
    for (const to of claimed)
      await settleDelivery(db, { orgId, period: month, target: to }, "failed", errorText(err));
    throw err;
  }
  const message = monthlyMessage(month, chosen, deps.publicUrl);
  const results = await Promise.all(
    claimed.map(async (to) => {
      const key = { orgId, period: month, target: to };
      try {
        await deps.mailer.send({ to, ...message, attachments });
        await settleDelivery(db, key, "sent", null);
        return null;
      } catch (err) {
        await settleDelivery(db, key, "failed", errorText(err));
        return `${to}: ${errorText(err)}`;
      }
    }),
  );
  const failures = results.filter((r): r is string => r !== null);
  if (failures.length > 0) throw new Error(`monthly report not delivered to ${failures.join("; ")}`);
  return { sent: claimed };
}

async function monthlyPdfs(
  deps: MonthlyReportDeps,
  orgId: number,
  chosen: { id: number }[],
  month: string,
): Promise<MailAttachment[]> {
  const filters = monthFilters(month);
  const attachments: MailAttachment[] = [];
  // One after the other: each report reads a month of every section; in parallel they would only compete.
  for (const ship of chosen) {
    const report = await buildVesselReport(deps, orgId, ship.id, filters);
    attachments.push({ filename: report.fileName, content: report.pdf, contentType: "application/pdf" });
  }
  return attachments;
}

function monthlyMessage(month: string, chosen: { id: number; name: string }[], publicUrl: string) {
  const label = monthLabel(month);
  const lines = chosen.map((s) => `- ${s.name}: ${publicUrl}/dashboard/${s.id}`);
  return {
    subject: `Sextant monthly vessel report — ${label}`,
    text:
      `The vessel report${chosen.length > 1 ? "s" : ""} of ${label} (UTC) ${chosen.length > 1 ? "are" : "is"} attached, one PDF per ship:\n\n` +
      `${lines.join("\n")}\n\n` +
      "You receive this because an administrator of your organisation chose you for the monthly report " +
      "(Organisation Admin › Scheduled reports).\n",
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
