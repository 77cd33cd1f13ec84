import type { CiiShipType } from "../cii/capacity-basis.js";
import { assessCii } from "../cii/cii-assessment.js";
import { daysInYear } from "../cii/projection.js";
import { type CiiCleaning, whatIfYear } from "../cii/projection-interval.js";
import type { FuelType } from "../fuels/fuel-types.js";
import { requireFinite, requirePositive } from "../performance/guards.js";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units.js";
import { type RateStatus, rateRelativeHalfWidth, rateStatus } from "./fouling-trend.js";
import type { Estimate } from "./hull-intervals.js";

/**
 * The hull cleaning decision in money (issue 14): what the fouling costs per day now, when a cleaning
 * today repays itself, and the economic cleaning date.
 *
 * - Extra fuel now: the main engine's fuel at sea is proportional to its power, so the part of it that the
 *   excess power above the clean level causes is fuel · (E − E_clean)/(100 + E), E the excess power now [%].
 *   (SFOC's change with load is neglected: within ±1 % over the loads a 10–30 % excess moves the engine.)
 * - Break-even: fouling grows again after a cleaning at the same rate as it would have without it, so the
 *   saving per day stays the extra cost of today; a cleaning today is repaid after cost / extra cost per day.
 * - Economic cleaning date: with an extra cost growing linearly, k per day per day, a cleaning cycle of T
 *   days costs C + k·T²/2; the cost per day (C + k·T²/2)/T is least at T* = √(2C/k) (the classic
 *   economic-replacement interval; e.g. Schultz et al., Biofouling 27(1) 2011, §'Economic impact', used the
 *   same rate-based cost). The recommended date is the interval's start + T*, today when that has passed.
 */

/**
 * Cost of one in-water hull cleaning used while the organisation has set none, in its currency: 25,000
 * (Sextant assumption [MEM]: diver team, equipment and port time for a mid-size merchant ship; no figure in
 * reference-data.md). Organisations set their own in Settings.
 */
export const DEFAULT_HULL_CLEANING_COST = 25_000;

/** Why no fouling cost is shown: the hull is not measurably fouled (the alerts read this as 'no cleaning due'). */
export const NO_FOULING_COST =
  "No fouling cost can be shown: the excess power now is not measurably above the level a cleaning brings the hull back to.";

export type FoulingFuelInput = {
  /** Excess power now [%] and its 95 % interval. */
  excessPowerNow: Estimate;
  /** Excess power [%] a cleaning brings the hull back to (the level after the last cleaning; 0 = the reference). */
  cleanLevelPercent: number;
  /** Growth of the excess power, % points per year (the current interval's fouling rate). */
  growthPercentPerYear: number;
  /** Main-engine fuel per day at sea now, t/day. */
  fuelTonnesPerDayAtSea: number;
};

export type FoulingFuel =
  | {
      /** Main-engine fuel the fouling adds now, t per day at sea. */
      extraFuelTonnesPerDay: number;
      /** Its growth by the fouling rate, t/day per day. */
      growthTonnesPerDayPerDay: number;
    }
  | { reason: string };

/**
 * The fuel the fouling costs now and its growth: fuel · (E − E_clean)/(100 + E) per day at sea, growing by
 * fuel · rate/(100 + E) per year (see the module comment). None when the excess power's lower bound is not
 * above the clean level (no fouling cost can be told from the data). One rule for the cleaning decision and
 * the CII what-if.
 */
export function foulingExtraFuel(i: FoulingFuelInput): FoulingFuel {
  requirePositive("fuelTonnesPerDayAtSea", i.fuelTonnesPerDayAtSea);
  requireFinite("growthPercentPerYear", i.growthPercentPerYear);
  const e = i.excessPowerNow.value;
  if (!(i.excessPowerNow.low - i.cleanLevelPercent > 0)) return { reason: NO_FOULING_COST };
  return {
    extraFuelTonnesPerDay: (i.fuelTonnesPerDayAtSea * (e - i.cleanLevelPercent)) / (100 + e),
    growthTonnesPerDayPerDay:
      (i.fuelTonnesPerDayAtSea * i.growthPercentPerYear) / JULIAN_YEAR_DAYS / (100 + e),
  };
}

export type CleaningDecisionInput = FoulingFuelInput & {
  pricePerTonne: number;
  cleaningCost: number;
  /** Start of the current interval (the last event), ms. */
  intervalStartMs: number;
  nowMs: number;
};

export type CleaningDecision =
  | {
      action: "clean-now" | "plan-cleaning";
      extraFuelTonnesPerDay: number;
      extraCostPerDay: number;
      /** Whole days a cleaning today takes to repay its cost at today's extra cost (cost / extra cost per day, up). */
      breakEvenDays: number;
      breakEvenMs: number;
      recommendedMs: number;
    }
  | { action: null; reason: string };

export function cleaningDecision(i: CleaningDecisionInput): CleaningDecision {
  requirePositive("pricePerTonne", i.pricePerTonne);
  requirePositive("cleaningCost", i.cleaningCost);
  const f = foulingExtraFuel(i);
  if ("reason" in f) return { action: null, reason: f.reason };
  const extraCost = f.extraFuelTonnesPerDay * i.pricePerTonne;
  const breakEvenDays = Math.ceil(i.cleaningCost / extraCost);
  const breakEvenMs = i.nowMs + breakEvenDays * DAY_MS;
  // growth of the daily extra cost, per day
  const k = f.growthTonnesPerDayPerDay * i.pricePerTonne;
  const elapsedDays = (i.nowMs - i.intervalStartMs) / DAY_MS;
  // Without measured growth (k ≤ 0) the cycle formula has no minimum: the fouling already there costs
  // every day and a cleaning repays itself by the break-even date, so the date is today.
  const tStarDays = k > 0 ? Math.sqrt((2 * i.cleaningCost) / k) : 0;
  const recommendedDays = Math.min(Math.max(tStarDays, 0), 3650);
  const recommendedMs = Math.max(i.nowMs, i.intervalStartMs + recommendedDays * DAY_MS);
  return {
    action: recommendedDays <= elapsedDays ? "clean-now" : "plan-cleaning",
    extraFuelTonnesPerDay: f.extraFuelTonnesPerDay,
    extraCostPerDay: extraCost,
    breakEvenDays,
    breakEvenMs,
    recommendedMs,
  };
}

export type CleaningConfidence = {
  level: "high" | "medium" | "low";
  note: string;
  rateStatus: RateStatus;
};

/**
 * How far the recommendation can be trusted, from the data it rests on: accepted days in the current
 * interval, the width of the 95 % interval of the excess power now, the share of records the filter
 * rejected, and the precision of the interval's fouling rate (which sets the recommended date). High: ≥ 60
 * days, width ≤ 3 points, ≤ 60 % rejected, rate measured (fouling-trend RATE_PRECISION); medium: ≥ 30 days,
 * width ≤ 6 points, ≤ 85 % rejected; else low (Sextant thresholds [MEM]: a month of data is the least a rate
 * is read from).
 */
export function cleaningConfidence(
  daysOfData: number,
  intervalWidthPercent: number,
  rejectedShare: number,
  rate: { slopePerYear: number; low: number; high: number; ratePrecision?: number } | null,
) {
  const status: RateStatus = rate ? rateStatus(rate) : "indicative";
  const halfWidth = rate ? rateRelativeHalfWidth(rate) : Number.POSITIVE_INFINITY;
  const high = daysOfData >= 60 && intervalWidthPercent <= 3 && rejectedShare <= 0.6 && status === "measured";
  const medium = daysOfData >= 30 && intervalWidthPercent <= 6 && rejectedShare <= 0.85;
  const level: CleaningConfidence["level"] = high ? "high" : medium ? "medium" : "low";
  const rateText =
    status === "measured"
      ? "fouling rate measured"
      : Number.isFinite(halfWidth)
        ? `fouling rate indicative (±${Math.round(halfWidth * 100)} %), so the recommended date is too`
        : "no fouling growth measured";
  const note =
    `${Math.round(daysOfData)} accepted days in the current interval, excess power known within ` +
    `±${(intervalWidthPercent / 2).toFixed(1)} points, ${Math.round(rejectedShare * 100)} % of records rejected by ` +
    `the reference-condition filter, ${rateText}.`;
  return { level, note, rateStatus: status };
}

export type CleaningCiiInput = {
  shipType: CiiShipType;
  capacity: number;
  year: number;
  yearToDateFuels: readonly { fuelType: FuelType; tonnes: number }[];
  yearToDateDistanceNm: number;
  daysElapsed: number;
  /** The fouling's extra fuel per calendar day at the data's end, its growth, and its fuel type. */
  fouling: Omit<CiiCleaning, "dayOfYear">;
  /** Day of the year (0-based, fractional) of the planned docking; beyond the year's end: no cleaning this year. */
  dockingDayOfYear: number;
};

/**
 * CII of the year (MEPC.352(78), rated per MEPC.354(78)) if the hull is cleaned now vs at the next planned
 * docking: the CII what-if (whatIfYear, the one rule for a cleaning's effect) with the cleaning on the data's
 * last day and on the docking day.
 */
export function cleaningCiiEffect(i: CleaningCiiInput) {
  const days = daysInYear(i.year);
  const assess = (dayOfYear: number) =>
    assessCii({
      shipType: i.shipType,
      capacity: i.capacity,
      year: i.year,
      ...whatIfYear(i, { cleaning: { ...i.fouling, dayOfYear: Math.min(days, dayOfYear) } }),
    });
  const now = assess(i.daysElapsed);
  const atDocking = assess(i.dockingDayOfYear);
  return {
    attainedIfCleanNow: now.attainedCii,
    ratingIfCleanNow: now.rating,
    attainedIfCleanAtDocking: atDocking.attainedCii,
    ratingIfCleanAtDocking: atDocking.rating,
  };
}
