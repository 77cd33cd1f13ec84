/**
 * What the ship's fouling costs in fuel now, from its hull analysis: the current interval's excess power at
 * its last accepted day against the level the latest cleaning brought the hull back to, its growth by the
 * interval's fouling rate, and the main engine's recent fuel at sea (domain foulingExtraFuel). One reading for
 * the Advanced Analytics recommendation and the CII what-if's cleaning, so both price the same penalty.
 */
import type { Estimate } from "../../contracts/analysis/hull-common";
import type { CiiCleaning } from "../../domain/cii/projection-interval";
import { isFuelType } from "../../domain/fuels/fuel-types";
import { foulingExtraFuel } from "../../domain/hull/cleaning-decision";
import { type FoulingTrend, trendAt } from "../../domain/hull/fouling-trend";
import { dayMsOf, type HullInterval } from "../../domain/hull/hull-intervals";
import { cleansHull, latestDoneEvent } from "../../domain/maintenance/maintenance-events";
import { DAY_MS } from "../../domain/time/units";
import { exactFuelByType } from "../metrics/fuel-by-type";
import { exactFuelTotals } from "../metrics/fuel-totals";
import type { AnalysisContext } from "./context";
import { rangeAsOf } from "./context";
import { currentOf, type HullAnalysis } from "./hull-performance";

/** Days of main-engine fuel the 'fuel per day at sea now' is read over (Sextant choice: two months). */
export const RECENT_FUEL_DAYS = 60;

export type ShipFouling = {
  current: HullInterval;
  /** Excess power now (95 % interval), %. */
  excessPowerNow: Estimate;
  /**
   * Excess power a cleaning brings the hull back to: the latest cleaned interval's line at its start, the day
   * after the cleaning (the hull fouls on in port after an in-water cleaning, so the line is carried back to
   * it; an event's effect instead compares days with data, domain eventEffect), %.
   */
  cleanLevelPercent: number;
  /**
   * The current hull interval's fouling rate (domain pooledFoulingTrend): its slope (excess-power % points per
   * year, the fouling's growth) and 95 % bounds.
   */
  rate: Pick<FoulingTrend, "slopePerYear" | "low" | "high" | "ratePrecision">;
  /** Main-engine fuel per day at sea over the last RECENT_FUEL_DAYS days, t. */
  fuelTonnesPerDayAtSea: number;
  /** Share of the last RECENT_FUEL_DAYS days at sea (turns 'per day at sea' into 'per calendar day'). */
  atSeaShare: number;
  /** The main engine's fuel (the most burnt type of the recent days). */
  mainFuelType: string;
  /** Extra fuel now and its growth, per day at sea (domain foulingExtraFuel). */
  extraFuelTonnesPerDay: number;
  growthTonnesPerDayPerDay: number;
  /** Start of the cleaning cycle: the day after the latest hull cleaning, else the interval's start, ms. */
  intervalStartMs: number;
};

/** The ship's fouling fuel now, or why the data cannot tell it. */
export async function shipFouling(
  ctx: AnalysisContext,
  a: HullAnalysis,
): Promise<ShipFouling | { reason: string }> {
  const { db, orgId, ship, range } = ctx;
  const toMs = range.to.getTime();
  if (!a.ref) return { reason: a.missingReference ?? "No speed–power reference." };
  const current = a.intervals[a.intervals.length - 1];
  if (!current || current.toMs < toMs)
    return { reason: "No data in the current interval (since the last maintenance event)." };
  const now = currentOf(current);
  if (!now || !current.excess)
    return {
      reason:
        "Too little accepted data since the last maintenance event to read a fouling rate (at least 20 accepted days over 45 days).",
    };
  const lastCleaning = latestDoneEvent(a.events, rangeAsOf(range), cleansHull);
  // the level a cleaning brings the hull back to: the latest cleaned interval's line the day after it
  const cleaned = [...a.intervals]
    .reverse()
    .find((i) => i.startEvent && cleansHull(i.startEvent.type) && i.excess);
  const cleanLevelPercent = cleaned?.excess ? trendAt(cleaned.excess, cleaned.fromMs) : 0;
  const recentFrom = new Date(toMs - RECENT_FUEL_DAYS * DAY_MS);
  const [main, mainByType] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, { from: recentFrom, to: range.to, consumers: ["main"] }),
    exactFuelByType(db, orgId, ship.id, { from: recentFrom, to: range.to, consumers: ["main"] }),
  ]);
  if (!(main.hoursAtSea > 0) || !(main.fuelT > 0) || mainByType.length === 0)
    return {
      reason: `No main-engine fuel at sea in the last ${RECENT_FUEL_DAYS} days to price the fouling with.`,
    };
  const fuelTonnesPerDayAtSea = (main.fuelT * 24) / main.hoursAtSea;
  // the hull interval's rate (one slope over its segments, polishes as steps): more days than the current
  // segment alone, and the figure the fouling-rate table shows
  const rate = a.hullIntervals.find((h) => h.segments.includes(current))?.excess ?? current.excess;
  const f = foulingExtraFuel({
    excessPowerNow: now.excessPowerPercent,
    cleanLevelPercent,
    growthPercentPerYear: rate.slopePerYear,
    fuelTonnesPerDayAtSea,
  });
  if ("reason" in f) return f;
  return {
    current,
    rate,
    excessPowerNow: now.excessPowerPercent,
    cleanLevelPercent,
    fuelTonnesPerDayAtSea,
    atSeaShare: Math.min(1, main.hoursAtSea / (RECENT_FUEL_DAYS * 24)),
    mainFuelType: [...mainByType].sort((x, y) => y.fuelT - x.fuelT)[0]!.fuelType,
    ...f,
    intervalStartMs: lastCleaning ? dayMsOf(lastCleaning.date) + DAY_MS : current.fromMs,
  };
}

/** The fouling per calendar day, as the CII what-if takes it, or why not (a fuel type without a Cf). */
export function ciiFoulingOf(f: ShipFouling): Omit<CiiCleaning, "dayOfYear"> | { reason: string } {
  if (!isFuelType(f.mainFuelType))
    return { reason: `The main engine's fuel '${f.mainFuelType}' has no CO2 factor in the product.` };
  return {
    extraFuelTonnesPerDay: f.extraFuelTonnesPerDay * f.atSeaShare,
    growthTonnesPerDayPerDay: f.growthTonnesPerDayPerDay * f.atSeaShare,
    fuelType: f.mainFuelType,
  };
}
