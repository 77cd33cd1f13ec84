/**
 * hull-hull-analytics: the four ISO 19030-2 indicators with their periods, the fouling rate per interval
 * between maintenance events (domain foulingTrend: slope with an autocorrelation-aware 95 % interval) and the
 * cleaning recommendation in money (domain cleaningDecision, cleaningConfidence, cleaningCiiEffect).
 */
import type { HullAnalyticsSectionResponse } from "../../../contracts/analysis/hull-analytics-section";
import { CAPACITY_BASIS, requireCiiShipType } from "../../../domain/cii/capacity-basis";
import { daysInYear } from "../../../domain/cii/projection";
import { hasReductionFactor } from "../../../domain/cii/reduction-factors";
import { isFuelType } from "../../../domain/fuels/fuel-types";
import {
  cleaningCiiEffect,
  cleaningConfidence,
  cleaningDecision,
} from "../../../domain/hull/cleaning-decision";
import { FOULING_TREND_METHOD, MS_PER_DAY, trendAt } from "../../../domain/hull/fouling-trend";
import {
  dryDockingPerformance,
  type IndicatorResult,
  inServicePerformance,
  type LossPoint,
  maintenanceEffect,
  maintenanceTrigger,
  type PeriodMean,
} from "../../../domain/hull/performance-indicators";
import {
  cleansHull,
  latestDoneEvent,
  type MaintenanceEvent,
  segmentsHullAnalysis,
} from "../../../domain/maintenance/maintenance-events";
import { exactFuelByType } from "../../metrics/fuel-by-type";
import { exactFuelTotals } from "../../metrics/fuel-totals";
import { loadHullCleaningCost, loadPricing } from "../../metrics/org-settings";
import type { AnalysisContext } from "../context";
import { presentRange, rangeAsOf } from "../context";
import { currentOf, dayMsOf, type HullAnalysis, isoOf, loadHullAnalysis } from "../hull-performance";

type Response = HullAnalyticsSectionResponse;
type Indicator = Response["indicators"][number];

/** Days of main-engine fuel the 'fuel per day at sea now' is read over (Sextant choice: two months). */
const RECENT_FUEL_DAYS = 60;

const presentPeriod = (p: PeriodMean) => ({
  from: isoOf(p.startMs),
  to: isoOf(p.endMs),
  count: p.count,
  meanSpeedLossPercent: p.meanSpeedLossPercent,
});

function indicatorOf(id: Indicator["id"], r: IndicatorResult | string): Indicator {
  if (typeof r === "string")
    return { id, reference: null, evaluation: null, speedLossChangePercent: null, unavailableReason: r };
  const missing = r.reference.count === 0 || r.evaluation.count === 0;
  return {
    id,
    reference: presentPeriod(r.reference),
    evaluation: presentPeriod(r.evaluation),
    speedLossChangePercent: r.speedLossChangePercent,
    unavailableReason: missing ? "A period holds no accepted day of data." : null,
  };
}

/** The four ISO 19030-2 indicators on the daily speed losses (domain performance-indicators). */
function indicators(a: HullAnalysis, toMs: number): Indicator[] {
  const points: LossPoint[] = a.points.map((p) => ({
    timestampMs: p.dayMs,
    speedLossPercent: p.speedLossPercent,
  }));
  const done = a.events.filter((e) => segmentsHullAnalysis(e) && dayMsOf(e.date) < toMs);
  const dockings = done.filter((e) => e.type === "dry-docking").map((e) => dayMsOf(e.date) + MS_PER_DAY);
  const cleanings = done.filter((e) => cleansHull(e.type)).map((e) => dayMsOf(e.date) + MS_PER_DAY);
  const noRef = "No speed–power reference: see Hull Resistance for what to enter.";
  const latestDock = dockings[dockings.length - 1];
  const latestCleaning = cleanings[cleanings.length - 1];
  const latestEvent = done[done.length - 1];
  return [
    indicatorOf(
      "dry-docking-performance",
      !a.ref
        ? noRef
        : dockings.length < 2
          ? "Needs two recorded dry-dockings with data after each."
          : dryDockingPerformance(points, {
              previousOutDockingMs: dockings[dockings.length - 2]!,
              latestOutDockingMs: latestDock!,
            }),
    ),
    indicatorOf(
      "in-service-performance",
      !a.ref
        ? noRef
        : latestDock === undefined
          ? "Needs a recorded dry-docking (out-docking) with data after it."
          : inServicePerformance(points, { outDockingMs: latestDock, intervalEndMs: toMs }),
    ),
    indicatorOf(
      "maintenance-trigger",
      !a.ref
        ? noRef
        : latestCleaning === undefined
          ? "Needs a recorded dry-docking or hull cleaning with data after it."
          : // the reference period starts at the latest out-docking or, after it, the latest hull cleaning
            maintenanceTrigger(points, { outDockingMs: latestCleaning, nowMs: toMs }),
    ),
    indicatorOf(
      "maintenance-effect",
      !a.ref
        ? noRef
        : latestEvent === undefined
          ? "Needs a recorded hull cleaning, propeller polish or dry-docking."
          : maintenanceEffect(points, { eventMs: dayMsOf(latestEvent.date) + MS_PER_DAY }),
    ),
  ];
}

type Rec = { recommendation: Response["recommendation"]; reason: string | null };
const none = (reason: string): Rec => ({ recommendation: null, reason });

async function recommend(ctx: AnalysisContext, a: HullAnalysis): Promise<Rec> {
  const { db, orgId, ship, range } = ctx;
  const toMs = range.to.getTime();
  if (!a.ref) return none(a.missingReference ?? "No speed–power reference.");
  const current = a.intervals[a.intervals.length - 1];
  if (!current || current.toMs < toMs)
    return none("No data in the current interval (since the last maintenance event).");
  const now = currentOf(current);
  if (!now || !current.excess)
    return none(
      "Too little accepted data since the last maintenance event to read a fouling rate (at least 20 accepted days over 45 days).",
    );
  const asOf = rangeAsOf(range);
  const lastCleaning = latestDoneEvent(a.events, asOf, cleansHull);
  // the level a cleaning brings the hull back to: the latest cleaned interval's line at its start
  const cleaned = [...a.intervals]
    .reverse()
    .find((i) => i.startEvent && cleansHull(i.startEvent.type) && i.excess);
  const cleanLevel = cleaned?.excess ? trendAt(cleaned.excess, cleaned.fromMs) : 0;
  const recentFrom = new Date(toMs - RECENT_FUEL_DAYS * MS_PER_DAY);
  const [main, mainByType, pricing, cost] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, { from: recentFrom, to: range.to, consumers: ["main"] }),
    exactFuelByType(db, orgId, ship.id, { from: recentFrom, to: range.to, consumers: ["main"] }),
    loadPricing(db, orgId),
    loadHullCleaningCost(db, orgId),
  ]);
  if (!(main.hoursAtSea > 0) || !(main.fuelT > 0) || mainByType.length === 0)
    return none(`No main-engine fuel at sea in the last ${RECENT_FUEL_DAYS} days to price the fouling with.`);
  const mainFuel = [...mainByType].sort((x, y) => y.fuelT - x.fuelT)[0]!.fuelType;
  const price = pricing.at(range.to, [mainFuel])[mainFuel as never] as number | undefined;
  if (price === undefined)
    return none(`No price for ${mainFuel} in force: add it in Settings → Fuel prices.`);
  const fuelPerDayAtSea = (main.fuelT * 24) / main.hoursAtSea;
  const intervalStartMs = lastCleaning ? dayMsOf(lastCleaning.date) + MS_PER_DAY : current.fromMs;
  const d = cleaningDecision({
    excessPowerNow: now.excessPowerPercent,
    cleanLevelPercent: cleanLevel,
    growthPercentPerYear: current.excess.slopePerYear,
    fuelTonnesPerDayAtSea: fuelPerDayAtSea,
    pricePerTonne: price,
    cleaningCost: cost.cost,
    intervalStartMs,
    nowMs: toMs,
  });
  if (d.action === null) return none(d.reason);
  const rejectedShare = current.records > 0 ? 1 - current.accepted / current.records : 1;
  const width = now.excessPowerPercent.high - now.excessPowerPercent.low;
  const confidence = cleaningConfidence(current.excess.days, width, rejectedShare);
  const atSeaShare = Math.min(1, main.hoursAtSea / (RECENT_FUEL_DAYS * 24));
  return {
    recommendation: {
      action: d.action,
      extraFuelTonnesPerDay: d.extraFuelTonnesPerDay,
      extraCostPerDay: d.extraCostPerDay,
      currency: pricing.currency,
      cleaningCost: cost.cost,
      excessPowerPercent: now.excessPowerPercent,
      breakEvenDate: isoOf(d.breakEvenMs).slice(0, 10),
      recommendedDate: isoOf(d.recommendedMs).slice(0, 10),
      cii: await ciiEffect(ctx, a.events, d.extraFuelTonnesPerDay * atSeaShare, mainFuel),
      confidence: {
        level: confidence.level,
        daysOfData: current.excess.days,
        intervalWidthPercent: width,
        rejectedShare,
        note: confidence.note,
      },
    },
    reason: null,
  };
}

/** CII of the range end's year if cleaned now vs at the next planned dry-docking (null where not rated). */
async function ciiEffect(
  ctx: AnalysisContext,
  events: readonly MaintenanceEvent[],
  extraPerCalendarDay: number,
  mainFuelType: string,
): Promise<NonNullable<Response["recommendation"]>["cii"]> {
  const { db, orgId, ship, range } = ctx;
  const year = new Date(range.to.getTime() - 1).getUTCFullYear();
  if (!hasReductionFactor(year)) return null;
  let shipType: ReturnType<typeof requireCiiShipType>;
  try {
    shipType = requireCiiShipType(ship.shipType);
  } catch {
    return null;
  }
  const capacity = CAPACITY_BASIS[shipType] === "DWT" ? ship.deadweight : ship.grossTonnage;
  if (!capacity || capacity <= 0) return null;
  const jan1 = Date.UTC(year, 0, 1);
  const period = { from: new Date(jan1), to: range.to, consumers: ["main", "auxiliary"] as const };
  const [totals, byType] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, period),
    exactFuelByType(db, orgId, ship.id, period),
  ]);
  if (!(totals.distanceNm > 0) || byType.length === 0 || !byType.every((f) => isFuelType(f.fuelType)))
    return null;
  const daysElapsed = Math.min(daysInYear(year), (range.to.getTime() - jan1) / MS_PER_DAY);
  if (!(daysElapsed > 0)) return null;
  const nextDock = events
    .filter(
      (e) => e.type === "dry-docking" && e.status === "planned" && dayMsOf(e.date) >= range.to.getTime(),
    )
    .sort((x, y) => x.date.localeCompare(y.date))[0];
  const dockingDayOfYear = nextDock ? (dayMsOf(nextDock.date) - jan1) / MS_PER_DAY : daysInYear(year);
  const r = cleaningCiiEffect({
    shipType,
    capacity,
    year,
    yearToDateFuels: byType.map((f) => ({ fuelType: f.fuelType as never, tonnes: f.fuelT })),
    yearToDateDistanceNm: totals.distanceNm,
    daysElapsed,
    extraFuelTonnesPerDay: extraPerCalendarDay,
    mainFuelType,
    dockingDayOfYear,
  });
  return { year, ...r, nextDocking: nextDock?.date ?? null };
}

export async function hullAnalytics(ctx: AnalysisContext): Promise<HullAnalyticsSectionResponse> {
  const a = await loadHullAnalysis(ctx, { wholeHistory: true });
  const toMs = ctx.range.to.getTime();
  const rec = await recommend(ctx, a);
  return {
    section: "hull-hull-analytics",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    method: a.method,
    reference: a.reference,
    indicators: indicators(a, toMs),
    intervals: a.intervals.flatMap((i) =>
      i.excess && i.loss
        ? [
            {
              from: isoOf(i.fromMs),
              to: isoOf(i.toMs),
              addedPowerPercentPerYear: {
                value: i.excess.slopePerYear,
                low: i.excess.low,
                high: i.excess.high,
              },
              speedLossPercentPerYear: { value: i.loss.slopePerYear, low: i.loss.low, high: i.loss.high },
              days: Math.round((i.toMs - i.fromMs) / MS_PER_DAY),
              rejectedShare: i.records > 0 ? 1 - i.accepted / i.records : 1,
              samples: i.excess.days,
              startEvent: i.startEvent?.type ?? null,
            },
          ]
        : [],
    ),
    intervalMethod: FOULING_TREND_METHOD,
    recommendation: rec.recommendation,
    reason: rec.reason,
    series: a.series,
    events: a.presentEvents,
  };
}
