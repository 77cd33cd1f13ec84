/**
 * Scheduled reports (issue 17 item 5): defines the monthly jobs (the cron sweep and one job per organisation)
 * and the schedule's routes: members read it with its delivery log, owners and admins set it.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reportScheduleBody, reportScheduleResponse } from "../../../contracts/report-schedule";
import type { AppDeps } from "../../app-deps";
import { adminsOnly, requireAdmin, requireAuth, signedInOnly } from "../../auth/guards";
import { fleetWide } from "../../auth/ship-scope";
import type { OpenAlertsQuery } from "../vessel-report-data";
import {
  type MonthlyReportDeps,
  queueMonthlyReports,
  REPORT_MONTHLY_ORG_JOB,
  REPORT_MONTHLY_SWEEP_JOB,
  sendMonthlyReports,
} from "./monthly-report";
import { getSchedule, listReportDeliveries, saveSchedule } from "./report-schedule.repository";

export type ReportScheduleOptions = AppDeps & { openAlerts?: OpenAlertsQuery };

/** 'on the 1st of each month at 06:00 UTC' for a cron of that shape, else the cron itself. */
export function scheduleWords(cron: string): string {
  const m = /^(\d{1,2}) (\d{1,2}) (\d{1,2}) \* \*$/.exec(cron);
  if (!m) return `on the schedule '${cron}' (cron, UTC)`;
  const [, minute, hour, day] = m;
  const ordinal = day === "1" ? "1st" : day === "2" ? "2nd" : day === "3" ? "3rd" : `${day}th`;
  return `on the ${ordinal} of each month at ${hour!.padStart(2, "0")}:${minute!.padStart(2, "0")} UTC`;
}

export const reportScheduleRoutes: FastifyPluginAsyncZod<ReportScheduleOptions> = async (
  app,
  { db, config, openAlerts },
) => {
  const deps: MonthlyReportDeps = {
    db,
    mailer: app.mailer,
    publicUrl: config.PUBLIC_URL,
    openAlerts,
    log: app.log,
  };
  app.jobs.define({
    ...REPORT_MONTHLY_SWEEP_JOB,
    options: { policy: "singleton", retryLimit: 2, expireInSeconds: 300 },
    schedule: { cron: config.REPORT_SCHEDULE_CRON, payload: {} },
    handler: async () => {
      await queueMonthlyReports(
        db,
        (payload) =>
          app.jobs.send(REPORT_MONTHLY_ORG_JOB, payload, {
            singletonKey: `${payload.orgId}:${payload.period}`,
          }),
        new Date(),
      );
    },
  });
  app.jobs.define({
    ...REPORT_MONTHLY_ORG_JOB,
    // A month of PDFs for a fleet takes seconds; retries cover a mail server that is down for hours.
    options: { retryLimit: 8, retryDelaySeconds: 300, retryBackoff: true, expireInSeconds: 1_800 },
    handler: async ({ orgId, period }) => {
      await sendMonthlyReports(deps, orgId, period);
    },
  });

  app.addHook("onRequest", signedInOnly);
  const tags = ["reports"];
  const view = async (orgId: number) => {
    const [s, deliveries] = await Promise.all([getSchedule(db, orgId), listReportDeliveries(db, orgId)]);
    return {
      enabled: s.enabled,
      shipIds: s.shipIds,
      memberIds: s.memberIds,
      emailAvailable: app.mailer.available,
      when: scheduleWords(config.REPORT_SCHEDULE_CRON),
      updatedAt: s.updatedAt?.toISOString() ?? null,
      deliveries,
    };
  };

  app.get(
    "/api/reports/schedule",
    {
      config: { shipScope: fleetWide },
      schema: {
        tags,
        description:
          "The monthly vessel report by e-mail: on or off, the ships reported, the members it goes to, and the latest deliveries.",
        response: { 200: reportScheduleResponse },
      },
    },
    async (request) => view(requireAuth(request).orgId),
  );

  app.put(
    "/api/reports/schedule",
    {
      onRequest: adminsOnly,
      schema: {
        tags,
        description:
          "Sets the monthly report: on/off, the ships (one PDF each) and the members who receive it (owners and admins).",
        body: reportScheduleBody,
        response: { 200: reportScheduleResponse },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      await saveSchedule(db, auth.orgId, auth.userId, request.body);
      return view(auth.orgId);
    },
  );
};
