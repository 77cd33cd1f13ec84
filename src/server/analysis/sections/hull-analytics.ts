/**
 * hull-hull-analytics: the four ISO 19030-2 indicators with their periods, the fouling rate per interval
 * between maintenance events (domain foulingTrend: slope with an autocorrelation-aware 95 % interval) and the
 * cleaning recommendation in money (domain cleaningDecision, cleaningConfidence, cleaningCiiEffect).
 */
import type { HullAnalyticsSectionResponse } from "../../../contracts/analysis/hull-analytics-section";
import { ciiYearToDate } from "../../../domain/cii/cii-year-to-date";
import { daysInYear } from "../../../domain/cii/projection";
import {
  cleaningCiiEffect,
  cleaningConfidence,
  cleaningDecision,
} from "../../../domain/hull/cleaning-decision";
import { ciiFoulingOf, type FoulingNow } from "../../../domain/hull/fouling-now";
import {
  type EventEffect,
  eventEffect,
  FOULING_TREND_METHOD,
  type FoulingTrend,
  rateRelativeHalfWidth,
  rateStatus,
} from "../../../domain/hull/fouling-trend";
import { dayMsOf, type HullPoint, pointsOf } from "../../../domain/hull/hull-intervals";
import {
  dryDockingPerformance,
  INDICATOR_PERIOD_DEFAULTS,
  type IndicatorResult,
  inServicePerformance,
  type LossPoint,
  maintenanceEffect,
  maintenanceTrigger,
  type PeriodMean,
} from "../../../domain/hull/performance-indicators";
import {
  cleansHull,
  type MaintenanceEvent,
  segmentsHullAnalysis,
} from "../../../domain/maintenance/maintenance-events";
import { yearStartMs } from "../../../domain/regulation/compliance-year";
import { DAY_MS } from "../../../domain/time/units";
import { ciiYearRecords } from "../../metrics/cii-year";
import { hullDaysInPeriods } from "../../metrics/hull-days";
import { loadHullCleaningCost, loadPricing } from "../../metrics/org-settings";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";
import { shipFouling } from "../hull-fouling";
import { type HullAnalysis, isoOf, loadHullAnalysis } from "../hull-performance";

type Response = HullAnalyticsSectionResponse;
type Indicator = Response["indicators"][number];

/**
 * A period as shown: it ends at the data's end at the latest (issue 35: an evaluation period of 90 days after a
 * cleaning a month ago ran into the future, though its mean is of the days there are); a period that begins
 * after the data is not shown at all (null: the indicator says it holds no day).
 */
const presentPeriod = (p: PeriodMean, dataEndMs: number) =>
  p.startMs >= dataEndMs
    ? null
    : {
        from: isoOf(p.startMs),
        to: isoOf(Math.min(p.endMs, dataEndMs)),
        count: p.count,
        meanSpeedLossPercent: p.meanSpeedLossPercent,
      };

function indicatorOfEnd(id: Indicator["id"], r: IndicatorResult | string, dataEndMs: number): Indicator {
  if (typeof r === "string")
    return { id, reference: null, evaluation: null, speedLossChangePercent: null, unavailableReason: r };
  const missing = r.reference.count === 0 || r.evaluation.count === 0;
  return {
    id,
    reference: presentPeriod(r.reference, dataEndMs),
    evaluation: presentPeriod(r.evaluation, dataEndMs),
    speedLossChangePercent: r.speedLossChangePercent,
    unavailableReason: missing ? "A period holds no accepted day of data." : null,
  };
}

/** The instants the indicators' periods start or end at: out-dockings, the latest cleaning and event. */
function indicatorAnchors(events: readonly MaintenanceEvent[], toMs: number) {
  const done = events.filter((e) => segmentsHullAnalysis(e) && dayMsOf(e.date) < toMs);
  const dockings = done.filter((e) => e.type === "dry-docking").map((e) => dayMsOf(e.date) + DAY_MS);
  const cleanings = done.filter((e) => cleansHull(e.type)).map((e) => dayMsOf(e.date) + DAY_MS);
  const latestEvent = done[done.length - 1];
  return {
    dockings,
    latestDock: dockings[dockings.length - 1],
    latestCleaning: cleanings[cleanings.length - 1],
    latestEvent,
    latestEventMs: latestEvent ? dayMsOf(latestEvent.date) + DAY_MS : undefined,
  };
}

/**
 * The days the indicators can read: the longest indicator period after each of the last two out-dockings
 * and the latest cleaning, around the latest event, and before the range's end (a superset of every
 * period of indicators(), whatever the period lengths), instead of the whole history: a ten-year ship
 * then reads about what a one-year ship does.
 */
function indicatorPeriods(events: readonly MaintenanceEvent[], toMs: number) {
  const p = Math.max(...Object.values(INDICATOR_PERIOD_DEFAULTS)) * DAY_MS;
  const x = indicatorAnchors(events, toMs);
  const after = [...x.dockings.slice(-2), x.latestCleaning].filter((ms) => ms !== undefined);
  const floor = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  // the days before the range's end, as the hull analysis reads them (a day counts once it has begun)
  const end = Math.ceil(toMs / DAY_MS) * DAY_MS;
  return [
    ...after.map((ms) => ({ fromMs: floor(ms), toMs: floor(ms + p) + DAY_MS })),
    ...(x.latestEventMs === undefined
      ? []
      : [{ fromMs: floor(x.latestEventMs - p), toMs: floor(x.latestEventMs + p) + DAY_MS }]),
    { fromMs: floor(toMs - p), toMs: end },
  ]
    .map((x) => ({ fromMs: x.fromMs, toMs: Math.min(x.toMs, end) }))
    .filter((x) => x.toMs > x.fromMs);
}

/** The four ISO 19030-2 indicators on the daily speed losses (domain performance-indicators). */
function indicators(a: HullAnalysis, days: readonly HullPoint[], toMs: number): Indicator[] {
  const points: LossPoint[] = days.map((p) => ({
    timestampMs: p.dayMs,
    speedLossPercent: p.speedLossPercent,
  }));
  const { dockings, latestDock, latestCleaning, latestEvent } = indicatorAnchors(a.events, toMs);
  const noRef = "No speed–power reference: see Hull Resistance for what to enter.";
  // the end of the last day with data, and never after the range
  const lastDay = days.reduce((m, p) => Math.max(m, p.dayMs), Number.NEGATIVE_INFINITY);
  const dataEndMs = Math.min(toMs, Number.isFinite(lastDay) ? lastDay + DAY_MS : toMs);
  const indicatorOf = (id: Indicator["id"], r: IndicatorResult | string) => indicatorOfEnd(id, r, dataEndMs);
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
          : maintenanceEffect(points, { eventMs: dayMsOf(latestEvent.date) + DAY_MS }),
    ),
  ];
}

/**
 * The change each event made, between consecutive intervals that both have a trend (domain eventEffect); the
 * event is the one opening the later interval, with any other segmenting event of its day.
 */
function effectsOf(a: HullAnalysis): Response["effects"] {
  const estimateOf = ({ value, low, high }: EventEffect) => ({ value, low, high });
  return a.intervals.slice(1).flatMap((after, k) => {
    const before = a.intervals[k]!;
    const event = after.startEvent;
    if (!event || !before.excess || !before.loss || !after.excess || !after.loss) return [];
    // adjacent only: an interval the range or the data leaves out between them is not jumped over
    if (before.toMs !== after.fromMs - DAY_MS) return [];
    const excess = eventEffect(before.excess, after.excess);
    const day = event.date.slice(0, 10);
    return [
      {
        date: day,
        eventTypes: [
          ...new Set(
            a.events.filter((e) => segmentsHullAnalysis(e) && e.date.slice(0, 10) === day).map((e) => e.type),
          ),
        ],
        lastDayBefore: isoOf(excess.beforeMs).slice(0, 10),
        firstDayAfter: isoOf(excess.afterMs).slice(0, 10),
        addedPowerPercent: estimateOf(excess),
        // on the same two days as the excess power, the days the answer names
        speedLossPercent: estimateOf(eventEffect(before.loss, after.loss, excess)),
      },
    ];
  });
}

/** An interval's added-power rate: measured to ±10 % or indicative (domain rateStatus), and its precision. */
function rateFields(t: Pick<FoulingTrend, "slopePerYear" | "low" | "high" | "ratePrecision">) {
  const w = rateRelativeHalfWidth(t);
  return { rateStatus: rateStatus(t), rateRelativeHalfWidth: Number.isFinite(w) ? w : null };
}

type Rec = { recommendation: Response["recommendation"]; reason: string | null };
const none = (reason: string): Rec => ({ recommendation: null, reason });

async function recommend(ctx: AnalysisContext, a: HullAnalysis): Promise<Rec> {
  const { db, orgId, range } = ctx;
  const [f, pricing, cost] = await Promise.all([
    shipFouling(ctx, a),
    loadPricing(db, orgId),
    loadHullCleaningCost(db, orgId),
  ]);
  if ("reason" in f) return none(f.reason);
  const mainFuel = f.mainFuelType;
  const price = pricing.at(range.to, [mainFuel])[mainFuel];
  if (price === undefined)
    return none(`No price for ${mainFuel} in force: add it in Settings → Fuel prices.`);
  const d = cleaningDecision({
    excessPowerNow: f.excessPowerNow,
    cleanLevelPercent: f.cleanLevelPercent,
    growthPercentPerYear: f.rate.slopePerYear,
    fuelTonnesPerDayAtSea: f.fuelTonnesPerDayAtSea,
    pricePerTonne: price,
    cleaningCost: cost.cost,
    intervalStartMs: f.intervalStartMs,
    nowMs: range.to.getTime(),
  });
  if (d.action === null) return none(d.reason);
  const { current } = f;
  const days = current.excess?.days ?? 0;
  const rejectedShare = current.records > 0 ? 1 - current.accepted / current.records : 1;
  const width = f.excessPowerNow.high - f.excessPowerNow.low;
  const confidence = cleaningConfidence(days, width, rejectedShare, f.rate);
  return {
    recommendation: {
      action: d.action,
      extraFuelTonnesPerDay: d.extraFuelTonnesPerDay,
      extraCostPerDay: d.extraCostPerDay,
      currency: pricing.currency,
      cleaningCost: cost.cost,
      excessPowerPercent: f.excessPowerNow,
      breakEvenDays: d.breakEvenDays,
      breakEvenDate: isoOf(d.breakEvenMs).slice(0, 10),
      recommendedDate: isoOf(d.recommendedMs).slice(0, 10),
      cii: await ciiEffect(ctx, a.events, f),
      confidence: {
        level: confidence.level,
        daysOfData: days,
        intervalWidthPercent: width,
        rejectedShare,
        rateStatus: confidence.rateStatus,
        note: confidence.note,
      },
    },
    reason: null,
  };
}

/**
 * CII of the range end's year if cleaned now vs at the next planned dry-docking (null where not rated): the
 * year's inputs and the cleaning's effect are the CII what-if's (ciiYearToDate, whatIfYear), so the two
 * answers agree for the same ship and date.
 */
async function ciiEffect(
  ctx: AnalysisContext,
  events: readonly MaintenanceEvent[],
  f: FoulingNow,
): Promise<NonNullable<Response["recommendation"]>["cii"]> {
  const { db, orgId, ship, range } = ctx;
  const year = new Date(range.to.getTime() - 1).getUTCFullYear();
  const fouling = ciiFoulingOf(f);
  const inputs = ciiYearToDate(await ciiYearRecords(db, orgId, ship, year, range.to));
  if ("reason" in inputs) return null;
  const jan1 = yearStartMs(year);
  const nextDock = events
    .filter(
      (e) => e.type === "dry-docking" && e.status === "planned" && dayMsOf(e.date) >= range.to.getTime(),
    )
    .sort((x, y) => x.date.localeCompare(y.date))[0];
  const dockingDayOfYear = nextDock ? (dayMsOf(nextDock.date) - jan1) / DAY_MS : daysInYear(year);
  const r = cleaningCiiEffect({ ...inputs, fouling, dockingDayOfYear });
  return { year, ...r, nextDocking: nextDock?.date ?? null };
}

export async function hullAnalytics(ctx: AnalysisContext): Promise<HullAnalyticsSectionResponse> {
  const a = await loadHullAnalysis(ctx);
  const toMs = ctx.range.to.getTime();
  const [rec, indicatorDays] = await Promise.all([
    recommend(ctx, a),
    hullDaysInPeriods(ctx.db, ctx.orgId, ctx.ship.id, indicatorPeriods(a.events, toMs)),
  ]);
  return {
    section: "hull-hull-analytics",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    method: a.method,
    reference: a.reference,
    indicators: indicators(a, pointsOf(a.ref, indicatorDays), toMs),
    intervals: a.hullIntervals.flatMap((h) =>
      h.excess && h.loss
        ? [
            {
              from: isoOf(h.fromMs),
              to: isoOf(h.toMs),
              addedPowerPercentPerYear: {
                value: h.excess.slopePerYear,
                low: h.excess.low,
                high: h.excess.high,
              },
              speedLossPercentPerYear: { value: h.loss.slopePerYear, low: h.loss.low, high: h.loss.high },
              days: Math.round((h.toMs - h.fromMs) / DAY_MS),
              rejectedShare: h.records > 0 ? 1 - h.accepted / h.records : 1,
              samples: h.excess.days,
              startEvent: h.startEvent?.type ?? null,
              propellerPolishes: h.segments.slice(1).map((x) => x.startEvent!.date.slice(0, 10)),
              ...rateFields(h.excess),
            },
          ]
        : [],
    ),
    effects: effectsOf(a),
    intervalMethod: FOULING_TREND_METHOD,
    recommendation: rec.recommendation,
    reason: rec.reason,
    series: a.series,
    events: a.presentEvents,
  };
}
