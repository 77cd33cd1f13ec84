/**
 * Everything the PDF vessel report shows, read through the SAME functions that answer the screen: the
 * dashboard's answer (`dashboardView`: ship, range, KPI cards), the Analysis Center sections and the sidebar
 * summary, the report checks and the year's annual figures. The report computes nothing of its own, so a
 * figure in the PDF equals the figure on screen for the same filters (tested in vessel-report.test.ts).
 */
import type { AnalysisQuery } from "../../contracts/analysis/filters";
import type { AlertNotification } from "../alerts/alert-notification";
import { annualFigures } from "../analysis/compliance/annual-figures";
import { loadAnalysisContext } from "../analysis/context";
import { environmentCompliance } from "../analysis/sections/environment-compliance";
import { fuelConsumption } from "../analysis/sections/fuel-consumption";
import { fuelPerformance } from "../analysis/sections/fuel-performance";
import { hullAnalytics } from "../analysis/sections/hull-analytics";
import { hullCondition } from "../analysis/sections/hull-condition";
import { analysisSummary } from "../analysis/summary";
import { dashboardView } from "../dashboard/dashboard.service";
import type { Db } from "../db/client";
import { reportChecks } from "../metrics/report-checks";

/** An open alert as the report lists it (the fields of the alerts issue's notification payload). */
export type ReportAlert = Pick<AlertNotification, "type" | "severity" | "title" | "message" | "occurredAt">;

/**
 * The ship's open alerts, or null where the product has no alert store to read (the report then says so
 * instead of claiming there are none). Wired to the alerts table where the app builds the report.
 */
export type OpenAlertsQuery = (db: Db, orgId: number, shipId: number) => Promise<ReportAlert[] | null>;

/** What a report needs from the app: the database, and where open alerts come from. */
export type ReportDeps = { db: Db; openAlerts?: OpenAlertsQuery };

export async function loadVesselReportData(
  deps: ReportDeps,
  orgId: number,
  shipId: number,
  filters: AnalysisQuery,
  now: Date,
) {
  const ctx = await loadAnalysisContext(deps.db, orgId, shipId, filters, now);
  const end = new Date(Math.min(ctx.range.to.getTime(), now.getTime()));
  const year = new Date(end.getTime() - 1).getUTCFullYear();
  const [
    dashboard,
    summary,
    performance,
    consumption,
    condition,
    analytics,
    compliance,
    checks,
    annual,
    alerts,
  ] = await Promise.all([
    dashboardView(ctx),
    analysisSummary(ctx),
    fuelPerformance(ctx),
    fuelConsumption(ctx),
    hullCondition(ctx),
    hullAnalytics(ctx),
    environmentCompliance(ctx),
    reportChecks(deps.db, orgId, shipId, { from: ctx.range.from, to: ctx.range.to }).then((r) => r.checks),
    annualFigures(deps.db, orgId, shipId, year, now),
    deps.openAlerts ? deps.openAlerts(deps.db, orgId, shipId) : Promise.resolve(null),
  ]);
  return {
    dashboard,
    summary,
    performance,
    consumption,
    condition,
    analytics,
    compliance,
    checks,
    annual,
    alerts,
    generatedAt: now,
  };
}
export type VesselReportData = Awaited<ReturnType<typeof loadVesselReportData>>;
