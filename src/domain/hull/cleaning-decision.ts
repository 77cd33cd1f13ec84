import type { FuelConsumption } from "../cii/attained-cii.js";
import type { CiiShipType } from "../cii/capacity-basis.js";
import { assessCii } from "../cii/cii-assessment.js";
import { daysInYear } from "../cii/projection.js";
import { requireFinite, requirePositive } from "../performance/guards.js";
import { DAYS_PER_YEAR, MS_PER_DAY } from "./fouling-trend.js";

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

export type CleaningDecisionInput = {
  /** Excess power now [%] and its 95 % interval. */
  excessPowerNow: { value: number; low: number; high: number };
  /** Excess power [%] a cleaning brings the hull back to (the level after the last cleaning; 0 = the reference). */
  cleanLevelPercent: number;
  /** Growth of the excess power, % points per year (the current interval's fouling rate). */
  growthPercentPerYear: number;
  /** Main-engine fuel per day at sea now, t/day. */
  fuelTonnesPerDayAtSea: number;
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
      breakEvenMs: number;
      recommendedMs: number;
    }
  | { action: null; reason: string };

export function cleaningDecision(i: CleaningDecisionInput): CleaningDecision {
  requirePositive("fuelTonnesPerDayAtSea", i.fuelTonnesPerDayAtSea);
  requirePositive("pricePerTonne", i.pricePerTonne);
  requirePositive("cleaningCost", i.cleaningCost);
  requireFinite("growthPercentPerYear", i.growthPercentPerYear);
  const e = i.excessPowerNow.value;
  const extraPct = e - i.cleanLevelPercent;
  if (!(i.excessPowerNow.low - i.cleanLevelPercent > 0))
    return {
      action: null,
      reason:
        "No fouling cost can be shown: the excess power now is not measurably above the level a cleaning brings the hull back to.",
    };
  const extraFuel = (i.fuelTonnesPerDayAtSea * extraPct) / (100 + e);
  const extraCost = extraFuel * i.pricePerTonne;
  const breakEvenMs = i.nowMs + Math.ceil(i.cleaningCost / extraCost) * MS_PER_DAY;
  // growth of the daily extra cost, per day
  const k =
    ((i.fuelTonnesPerDayAtSea * i.growthPercentPerYear) / DAYS_PER_YEAR / (100 + e)) * i.pricePerTonne;
  const elapsedDays = (i.nowMs - i.intervalStartMs) / MS_PER_DAY;
  // Without measured growth (k ≤ 0) the cycle formula has no minimum: the fouling already there costs
  // every day and a cleaning repays itself by the break-even date, so the date is today.
  const tStarDays = k > 0 ? Math.sqrt((2 * i.cleaningCost) / k) : 0;
  const recommendedDays = Math.min(Math.max(tStarDays, 0), 3650);
  const recommendedMs = Math.max(i.nowMs, i.intervalStartMs + recommendedDays * MS_PER_DAY);
  return {
    action: recommendedDays <= elapsedDays ? "clean-now" : "plan-cleaning",
    extraFuelTonnesPerDay: extraFuel,
    extraCostPerDay: extraCost,
    breakEvenMs,
    recommendedMs,
  };
}

export type CleaningConfidence = {
  level: "high" | "medium" | "low";
  note: string;
};

/**
 * How far the recommendation can be trusted, from the data it rests on: accepted days in the current
 * interval, the width of the 95 % interval of the excess power now, and the share of records the filter
 * rejected. High: ≥ 60 days, width ≤ 3 points, ≤ 60 % rejected; medium: ≥ 30 days, width ≤ 6 points,
 * ≤ 85 % rejected; else low (Sextant thresholds [MEM]: a month of data is the least a rate is read from).
 */
export function cleaningConfidence(daysOfData: number, intervalWidthPercent: number, rejectedShare: number) {
  const high = daysOfData >= 60 && intervalWidthPercent <= 3 && rejectedShare <= 0.6;
  const medium = daysOfData >= 30 && intervalWidthPercent <= 6 && rejectedShare <= 0.85;
  const level: CleaningConfidence["level"] = high ? "high" : medium ? "medium" : "low";
  const note =
    `${Math.round(daysOfData)} accepted days in the current interval, excess power known within ` +
    `±${(intervalWidthPercent / 2).toFixed(1)} points, ${Math.round(rejectedShare * 100)} % of records rejected by ` +
    "the reference-condition filter.";
  return { level, note };
}

export type CleaningCiiInput = {
  shipType: CiiShipType;
  capacity: number;
  year: number;
  yearToDateFuels: readonly FuelConsumption[];
  yearToDateDistanceNm: number;
  daysElapsed: number;
  /** Main-engine fuel the fouling adds per calendar day (extra at sea × share of days at sea), t. */
  extraFuelTonnesPerDay: number;
  /** The main engine's fuel type (the saving is of that fuel). */
  mainFuelType: string;
  /** Day of the year (1-based, fractional) of the planned docking; beyond the year's end: no cleaning this year. */
  dockingDayOfYear: number;
};

/**
 * CII of the year (MEPC.352(78), rated per MEPC.354(78)) if the hull is cleaned now vs at the next planned
 * docking: the year-to-date fuel and distance extrapolated to the year as the domain's projection does
 * (CII_PROJECTION_METHOD), less the extra fuel of the days the clean hull saves.
 */
export function cleaningCiiEffect(i: CleaningCiiInput) {
  const days = daysInYear(i.year);
  const scale = days / i.daysElapsed;
  const restDays = Math.max(0, days - i.daysElapsed);
  const dockingRest = Math.max(0, Math.min(days, i.dockingDayOfYear) - i.daysElapsed);
  const assess = (savedTonnes: number) => {
    const fuels = i.yearToDateFuels.map((f) => ({
      ...f,
      tonnes: f.tonnes * scale - (f.fuelType === i.mainFuelType ? savedTonnes : 0),
    }));
    return assessCii({
      shipType: i.shipType,
      capacity: i.capacity,
      year: i.year,
      fuels: fuels.map((f) => ({ ...f, tonnes: Math.max(0, f.tonnes) })),
      distanceNm: i.yearToDateDistanceNm * scale,
    });
  };
  const now = assess(i.extraFuelTonnesPerDay * restDays);
  const atDocking = assess(i.extraFuelTonnesPerDay * Math.max(0, restDays - dockingRest));
  return {
    attainedIfCleanNow: now.attainedCii,
    ratingIfCleanNow: now.rating,
    attainedIfCleanAtDocking: atDocking.attainedCii,
    ratingIfCleanAtDocking: atDocking.rating,
  };
}
