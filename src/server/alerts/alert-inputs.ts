/**
 * Each alert rule's inputs for one ship, read from the analysis that shows the same figure (one rule, one
 * place): the SFOC card, the engine-performance section, the hull analysis and its cleaning recommendation,
 * the compliance year and the trim section. Nothing is computed here but which figure feeds which rule; only
 * the enabled types are read (the trim analysis costs most and is off by default).
 */

import type { AnalysisQuery } from "../../contracts/analysis/filters";
import type { AlertType } from "../../domain/alerts/alert-types";
import type { RuleInputs } from "../../domain/alerts/index";
import type { CleaningDue } from "../../domain/alerts/maintenance-schedule";
import { NO_FOULING_COST } from "../../domain/hull/cleaning-decision";
import { hullNow } from "../../domain/hull/hull-intervals";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import { complianceYear } from "../analysis/compliance/compliance-year";
import { type AnalysisContext, resolveRange } from "../analysis/context";
import { hullEmptyReason, loadHullAnalysis } from "../analysis/hull-performance";
import { sfocCardOf } from "../analysis/kpis";
import { enginePerformance } from "../analysis/sections/engine-performance";
import { hullAnalytics } from "../analysis/sections/hull-analytics";
import { trimOptimization } from "../analysis/sections/trim-optimization";
import type { Db } from "../db/client";
import { fuelTotals } from "../metrics/fuel-totals";
import { maintenanceEventsForHull } from "../metrics/maintenance-events";

/** The ranges the rules read: the last 7 days (SFOC, engine) and 30 days (hull, trim), main engine. */
const WINDOWS = { week: "7days", month: "30days" } as const;

/** The Analysis Center section that explains each type's figure, over the window it was read on. */
const SECTIONS: Record<AlertType, { section: string; window: keyof typeof WINDOWS }> = {
  fuelEfficiency: { section: "fuel-fuel-performance", window: "week" },
  enginePerformance: { section: "engine-engine-performance", window: "week" },
  hullFouling: { section: "hull-hull-condition", window: "month" },
  ciiCompliance: { section: "environment-compliance", window: "week" },
  trimOptimization: { section: "engine-trim-optimization", window: "month" },
  maintenanceSchedule: { section: "hull-hull-analytics", window: "month" },
};

/** Path of the section that explains an alert of `type` on the ship. */
export function alertLink(shipId: number, type: AlertType): string {
  const { section, window } = SECTIONS[type];
  return `/dashboard/${shipId}?voyage=all&range=${WINDOWS[window]}&engine=main&section=${section}`;
}

type Contexts = { week: () => Promise<AnalysisContext>; month: () => Promise<AnalysisContext> };

const GATHER: { [T in AlertType]: (c: Contexts) => Promise<RuleInputs[T]> } = {
  fuelEfficiency: async (c) => {
    const ctx = await c.week();
    const sums = await fuelTotals(ctx.db, ctx.orgId, ctx.ship.id, ctx.range);
    return { sfoc: sfocCardOf(ctx, sums) };
  },
  enginePerformance: async (c) => {
    const ctx = await c.week();
    const s = await enginePerformance(ctx);
    return {
      hasShopTest: ctx.ship.shopTestCurve !== null,
      meanDeviationPercent: s.summary.meanDeviationPercent,
    };
  },
  hullFouling: async (c) => {
    const ctx = await c.month();
    const a = await loadHullAnalysis(ctx);
    const now = hullNow(a, ctx.range.to);
    if (now) return { speedLossPercent: now.speedLossPercent, excessPowerPercent: now.excessPowerPercent };
    return {
      missing:
        hullEmptyReason(a) ??
        "Too little accepted data in the current interval (since the last maintenance event, up to now) to read the hull's state now.",
    };
  },
  ciiCompliance: async (c) => {
    const { db, orgId, ship, now } = await c.week();
    const year = now.getUTCFullYear();
    const y = await complianceYear(db, orgId, ship, year, now);
    const p = y.cii.projection;
    if (p === null) {
      const why = y.reasons
        .filter((r) => r.figure === "cii" || r.figure === "projection")
        .map((r) => r.reason);
      return { missing: why.join(" ") || "No CII year to date to project from." };
    }
    return {
      year,
      projectedRating: p.rating,
      projectedAttained: p.attained,
      daysToCdBoundary: y.cii.margins.find((m) => m.boundary === "upper")?.days ?? null,
    };
  },
  trimOptimization: async (c) => {
    const t = await trimOptimization(await c.month());
    const r = t.recommendation;
    if (!r || !t.current) return { missing: t.noRecommendationReason ?? "no recommendation" };
    return {
      currentTrimM: t.current.trimM,
      optimumTrimM: r.optimumTrimM,
      savingPercent: r.expectedSavingPercent,
      savingInterval: r.savingInterval,
    };
  },
  maintenanceSchedule: async (c) => {
    const ctx = await c.month();
    const [events, analytics] = await Promise.all([
      maintenanceEventsForHull(ctx.db, ctx.orgId, ctx.ship.id),
      hullAnalytics(ctx),
    ]);
    const r = analytics.recommendation;
    const reason = analytics.reason ?? "No cleaning recommendation.";
    const cleaning: CleaningDue =
      r?.action === "no-action"
        ? { action: "none", reason: "The hull analysis recommends no cleaning." }
        : r
          ? {
              action: r.action,
              recommendedDate: r.recommendedDate,
              confidence: r.confidence.level,
              extraFuelTonnesPerDay: r.extraFuelTonnesPerDay,
            }
          : reason === NO_FOULING_COST
            ? { action: "none", reason }
            : { missing: reason };
    return {
      planned: events.filter((e) => e.status === "planned").map((e) => ({ type: e.type, date: e.date })),
      cleaning,
      nowMs: ctx.now.getTime(),
    };
  },
};

/** The inputs of the given types' rules for the ship as of `now`. */
export async function gatherRuleInputs<T extends AlertType>(
  db: Db,
  orgId: number,
  ship: ShipProfile,
  types: readonly T[],
  now: Date,
): Promise<{ [K in T]: RuleInputs[K] }> {
  const once = (range: AnalysisQuery["range"]) => {
    let p: Promise<AnalysisContext> | undefined;
    return () => {
      p ??= resolveRange(db, orgId, ship.id, { voyage: "all", range, engine: "main" }, now).then((r) => ({
        db,
        orgId,
        ship,
        range: r,
        now,
      }));
      return p;
    };
  };
  const contexts: Contexts = { week: once(WINDOWS.week), month: once(WINDOWS.month) };
  const entries = await Promise.all(
    types.map(
      async (type) => [type, await (GATHER[type] as (c: Contexts) => Promise<unknown>)(contexts)] as const,
    ),
  );
  return Object.fromEntries(entries) as { [K in T]: RuleInputs[K] };
}
