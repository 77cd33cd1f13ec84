/**
 * What the ship's fouling costs in fuel now, from its hull intervals: the current interval's excess power at
 * its last accepted day against the level the latest cleaning brought the hull back to, its growth by the hull
 * interval's fouling rate, and the main engine's recent fuel at sea (foulingExtraFuel). One reading for the
 * Advanced Analytics recommendation and the CII what-if's cleaning, so both price the same penalty.
 */
import type { CiiCleaning } from "../cii/projection-interval.js";
import type { FuelType } from "../fuels/fuel-types.js";
import { cleansHull, latestDoneEvent, type MaintenanceEvent } from "../maintenance/maintenance-events.js";
import { DAY_MS } from "../time/units.js";
import { foulingExtraFuel } from "./cleaning-decision.js";
import { type FoulingTrend, trendAt } from "./fouling-trend.js";
import { currentOf, dayMsOf, type Estimate, type HullInterval, type HullSpan } from "./hull-intervals.js";

/** Days of main-engine fuel the 'fuel per day at sea now' is read over (Sextant choice: two months). */
export const RECENT_FUEL_DAYS = 60;

export type FoulingNowInput = {
  /** Why the analysis has no speed–power reference, or null when it has one. */
  missingReference: string | null;
  intervals: readonly HullInterval[];
  hullIntervals: readonly HullSpan[];
  events: readonly MaintenanceEvent[];
  /** The range's end (exclusive), ms. */
  toMs: number;
  /** The main engine over the RECENT_FUEL_DAYS days before `toMs`: fuel t, hours at sea, fuel t per type. */
  recentMain: { fuelT: number; hoursAtSea: number; byType: readonly { fuelType: FuelType; fuelT: number }[] };
};

export type FoulingNow = {
  current: HullInterval;
  /** Excess power now (95 % interval), %. */
  excessPowerNow: Estimate;
  /**
   * Excess power a cleaning brings the hull back to: the latest cleaned interval's line at its start, the day
   * after the cleaning (the hull fouls on in port after an in-water cleaning, so the line is carried back to
   * it; an event's effect instead compares days with data, eventEffect), %.
   */
  cleanLevelPercent: number;
  /**
   * The current hull interval's fouling rate (pooledFoulingTrend): its slope (excess-power % points per year,
   * the fouling's growth) and 95 % bounds.
   */
  rate: Pick<FoulingTrend, "slopePerYear" | "low" | "high" | "ratePrecision">;
  /** Main-engine fuel per day at sea over the last RECENT_FUEL_DAYS days, t. */
  fuelTonnesPerDayAtSea: number;
  /** Share of the last RECENT_FUEL_DAYS days at sea (turns 'per day at sea' into 'per calendar day'). */
  atSeaShare: number;
  /** The main engine's fuel (the most burnt type of the recent days). */
  mainFuelType: FuelType;
  /** Extra fuel now and its growth, per day at sea (foulingExtraFuel). */
  extraFuelTonnesPerDay: number;
  growthTonnesPerDayPerDay: number;
  /** Start of the cleaning cycle: the day after the latest hull cleaning, else the interval's start, ms. */
  intervalStartMs: number;
};

/** The ship's fouling fuel now, or why the data cannot tell it. */
export function foulingNow(i: FoulingNowInput): FoulingNow | { reason: string } {
  if (i.missingReference !== null) return { reason: i.missingReference };
  const current = i.intervals[i.intervals.length - 1];
  if (!current || current.toMs < i.toMs)
    return { reason: "No data in the current interval (since the last maintenance event)." };
  const now = currentOf(current);
  if (!now || !current.excess)
    return {
      reason:
        "Too little accepted data since the last maintenance event to read a fouling rate (at least 20 accepted days over 45 days).",
    };
  const lastCleaning = latestDoneEvent(i.events, new Date(i.toMs - 1).toISOString(), cleansHull);
  // the level a cleaning brings the hull back to: the latest cleaned interval's line the day after it
  const cleaned = [...i.intervals]
    .reverse()
    .find((x) => x.startEvent && cleansHull(x.startEvent.type) && x.excess);
  const cleanLevelPercent = cleaned?.excess ? trendAt(cleaned.excess, cleaned.fromMs) : 0;
  const main = i.recentMain;
  if (!(main.hoursAtSea > 0) || !(main.fuelT > 0) || main.byType.length === 0)
    return {
      reason: `No main-engine fuel at sea in the last ${RECENT_FUEL_DAYS} days to price the fouling with.`,
    };
  const fuelTonnesPerDayAtSea = (main.fuelT * 24) / main.hoursAtSea;
  // the hull interval's rate (one slope over its segments, polishes as steps): more days than the current
  // segment alone, and the figure the fouling-rate table shows
  const rate = i.hullIntervals.find((h) => h.segments.includes(current))?.excess ?? current.excess;
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
    mainFuelType: [...main.byType].sort((x, y) => y.fuelT - x.fuelT)[0]!.fuelType,
    ...f,
    intervalStartMs: lastCleaning ? dayMsOf(lastCleaning.date) + DAY_MS : current.fromMs,
  };
}

/** The fouling per calendar day, as the CII what-if takes it. */
export function ciiFoulingOf(f: FoulingNow): Omit<CiiCleaning, "dayOfYear"> {
  return {
    extraFuelTonnesPerDay: f.extraFuelTonnesPerDay * f.atSeaShare,
    growthTonnesPerDayPerDay: f.growthTonnesPerDayPerDay * f.atSeaShare,
    fuelType: f.mainFuelType,
  };
}
