/**
 * Year-end CII projection with its uncertainty from the ship's own pattern, the margin to each rating
 * boundary, and what-if changes on the rest of the year (speed, hull cleaning, fuel). The central figure is
 * the domain's linear projection (projection.ts); the interval (year-end-spread.ts) and the what-ifs are
 * Sextant methods, stated here and in docs/decisions/011-compliance.md and 040-cii-outlook.md, over the
 * regulatory arithmetic of MEPC.352(78)/354(78).
 */
import { DomainInputError } from "../errors.js";
import { co2FromFuel, FUEL_PROPERTIES, type FuelType } from "../fuels/fuel-types.js";
import type { FuelConsumption } from "./attained-cii.js";
import { assessCii } from "./cii-assessment.js";
import { type CiiProjection, type CiiProjectionInput, daysInYear, projectYearEndCii } from "./projection.js";
import { type CiiRating, ciiRating, type RatingBoundaries } from "./rating.js";
import {
  type CiiDay,
  type CiiIntervalBasis,
  describeIntervalBasis,
  yearEndSpread,
} from "./year-end-spread.js";

export type CiiProjectionWithInterval = CiiProjection & {
  /** Bounds of the 95 % interval of the year-end attained CII (always numbers; equal at the year's end). */
  low: number;
  high: number;
  /** Ratings at the bounds (null where the year is not rated). */
  lowRating: CiiRating | null;
  highRating: CiiRating | null;
  /** What the interval rests on (year-end-spread.ts). */
  basis: CiiIntervalBasis;
};

/**
 * Projection plus its 95 % interval, from the ship's own days of the year so far: the spread of its calendar
 * months when it has sailed at least CII_OWN_MONTHS_MIN of them, else the spread of its weeks plus a stated
 * drift (yearEndSpread). The method says which, so no one reads the interval as more than it is.
 */
export function projectCiiWithInterval(
  input: CiiProjectionInput & { days: readonly CiiDay[] },
): CiiProjectionWithInterval {
  const p = projectYearEndCii(input);
  const basis = yearEndSpread(input.days, input.year, input.daysElapsed);
  const low = Math.max(0, p.attainedCii * (1 - basis.halfWidth));
  const high = p.attainedCii * (1 + basis.halfWidth);
  const rated = (v: number) => (p.rating === null ? null : ciiRating(v, p.boundaries));
  return {
    ...p,
    low,
    high,
    lowRating: rated(low),
    highRating: rated(high),
    basis,
    method: `${p.method} ${describeIntervalBasis(basis)}`,
  };
}

export type CiiBoundaryMargin = {
  boundary: keyof RatingBoundaries;
  /** Attained CII of the boundary (d1 … d4 applied to the required CII, MEPC.354(78)). */
  cii: number;
  /** CO2 the ship may still emit (> 0) or must save (< 0) over the projected year to end on the boundary, t. */
  co2Tonnes: number;
  /** co2Tonnes at the year so far's CO2 per day, days; null without CO2 so far. */
  days: number | null;
};

/**
 * Margin to each rating boundary at the projected distance: boundary·capacity·D/10⁶ − projected CO2 (t), and
 * that in days of the year so far's CO2 rate (MEPC.352(78) attained CII solved for CO2).
 */
export function ciiBoundaryMargins(
  p: Pick<CiiProjection, "boundaries" | "capacity" | "projectedDistanceNm" | "co2Tonnes">,
  co2PerDayTonnes: number,
): CiiBoundaryMargin[] {
  return (["superior", "lower", "upper", "inferior"] as const).map((boundary) => {
    const cii = p.boundaries[boundary];
    const co2Tonnes = (cii * p.capacity * p.projectedDistanceNm) / 1e6 - p.co2Tonnes;
    return { boundary, cii, co2Tonnes, days: co2PerDayTonnes > 0 ? co2Tonnes / co2PerDayTonnes : null };
  });
}

/**
 * A hull cleaning on a day of the rest of the year: the fuel the fouling adds per calendar day at the data's
 * end (day `daysElapsed`) and how fast that grows, both from the ship's hull analysis (decision 009; or a
 * stated override), and the fuel the fouling's extra is burnt as.
 */
export type CiiCleaning = {
  /** Day of the year (0 = 1 January 00:00 UTC, fractional) of the cleaning. */
  dayOfYear: number;
  /** Fuel the fouling adds per calendar day at the data's end, t/day (≥ 0). */
  extraFuelTonnesPerDay: number;
  /** Its growth per day (the fouling rate), t/day per day. */
  growthTonnesPerDayPerDay: number;
  fuelType: FuelType;
};

export type CiiWhatIf = {
  /** Knots less on the rest of the year (same time at sea: less distance, fuel rate × ((V−ΔV)/V)ⁿ). */
  speedReductionKn?: { knots: number; meanSpeedKn: number; exponent: number };
  /** A hull cleaning on a day of the rest of the year (cleaningFuelSavedTonnes). */
  cleaning?: CiiCleaning;
  /** The rest of the year burns this fuel for the same energy (LCV, MEPC.364(79)); CO2 by its Cf. */
  fuelSwitch?: FuelType;
};

/**
 * Fuel a hull cleaning saves by the year's end, t. Without it the fouling's extra fuel grows from its value
 * at the data's end by the fouling rate; a cleaning on day c removes what has grown by then,
 * extra + growth·(c − elapsed), and that difference stays the saving on every later day, because after the
 * cleaning the fouling regrows at the same rate as it would have anyway (decision 009, the break-even's
 * argument). A cleaning dated before the data's end counts from the data's end (what is burnt is burnt).
 */
export function cleaningFuelSavedTonnes(
  c: Pick<CiiCleaning, "dayOfYear" | "extraFuelTonnesPerDay" | "growthTonnesPerDayPerDay">,
  daysElapsed: number,
  yearDays: number,
): number {
  const { day, tonnesPerDay } = foulingExtraOnCleaningDay(c, daysElapsed, yearDays);
  return tonnesPerDay * (yearDays - day);
}

/** The day a cleaning counts from (not before the data's end) and the fouling's extra fuel by then, t/day. */
export function foulingExtraOnCleaningDay(
  c: Pick<CiiCleaning, "dayOfYear" | "extraFuelTonnesPerDay" | "growthTonnesPerDayPerDay">,
  daysElapsed: number,
  yearDays: number,
): { day: number; tonnesPerDay: number } {
  const day = Math.min(Math.max(c.dayOfYear, daysElapsed), yearDays);
  return {
    day,
    tonnesPerDay: Math.max(0, c.extraFuelTonnesPerDay + c.growthTonnesPerDayPerDay * (day - daysElapsed)),
  };
}

/**
 * Fuel and distance of the rest of the year under the what-if, from the linear projection's rest of year
 * (year-to-date × (days − elapsed)/elapsed): speed law FC ∝ Vⁿ (the ship's own fit), a cleaning removing
 * the fouling's extra fuel from its date (cleaningFuelSavedTonnes; scaled by the speed law too, the extra
 * being a share of the power), a fuel switch at equal energy. Returns the full-year fuel and distance to
 * assess with assessCii. The one rule for a cleaning's CII effect: the what-if and the hull analysis's
 * recommendation (cleaningCiiEffect) both come here.
 */
export function whatIfYear(
  input: Pick<CiiProjectionInput, "year" | "yearToDateFuels" | "yearToDateDistanceNm" | "daysElapsed">,
  w: CiiWhatIf,
): { fuels: FuelConsumption[]; distanceNm: number; co2Tonnes: number } {
  const days = daysInYear(input.year);
  const restDays = days - input.daysElapsed;
  const restScale = restDays / input.daysElapsed;
  let fuelFactor = 1;
  let distanceFactor = 1;
  if (w.speedReductionKn) {
    const { knots, meanSpeedKn, exponent } = w.speedReductionKn;
    if (!(knots >= 0) || !(knots < meanSpeedKn))
      throw new DomainInputError(
        "speedReductionKn",
        `must be from 0 to below the mean speed (${meanSpeedKn.toFixed(1)} kn)`,
      );
    const r = (meanSpeedKn - knots) / meanSpeedKn;
    distanceFactor *= r;
    fuelFactor *= r ** exponent;
  }
  let saved = 0;
  if (w.cleaning) {
    const c = w.cleaning;
    if (!(c.extraFuelTonnesPerDay >= 0) || !Number.isFinite(c.growthTonnesPerDayPerDay))
      throw new DomainInputError("cleaning", "needs a fouling extra fuel of 0 or more and a finite growth");
    saved = cleaningFuelSavedTonnes(c, input.daysElapsed, days) * fuelFactor;
  }
  const rest = input.yearToDateFuels.map((f) => ({
    fuelType: f.fuelType,
    tonnes: Math.max(
      0,
      f.tonnes * restScale * fuelFactor - (w.cleaning && f.fuelType === w.cleaning.fuelType ? saved : 0),
    ),
  }));
  const restFuels = w.fuelSwitch
    ? [
        {
          fuelType: w.fuelSwitch,
          tonnes:
            rest.reduce((a, f) => a + f.tonnes * FUEL_PROPERTIES[f.fuelType].lcvKjPerKg, 0) /
            FUEL_PROPERTIES[w.fuelSwitch].lcvKjPerKg,
        },
      ]
    : rest;
  const byType = new Map<FuelType, number>();
  for (const f of [...input.yearToDateFuels, ...restFuels])
    byType.set(f.fuelType, (byType.get(f.fuelType) ?? 0) + f.tonnes);
  const fuels = [...byType.entries()].map(([fuelType, tonnes]) => ({ fuelType, tonnes }));
  return {
    fuels,
    distanceNm: input.yearToDateDistanceNm * (1 + restScale * distanceFactor),
    co2Tonnes: fuels.reduce((a, f) => a + co2FromFuel(f.tonnes, f.fuelType), 0),
  };
}

/**
 * The year-end CII under a what-if: the what-if's full year (whatIfYear) assessed (assessCii: MEPC.352(78),
 * rated per MEPC.354(78)), and the baseline's 95 % interval scaled by the what-if's ratio to the baseline's
 * attained CII (decision 011), with the ratings at its bounds.
 */
export function projectCiiWhatIf(
  input: Pick<
    CiiProjectionInput,
    "shipType" | "capacity" | "year" | "yearToDateFuels" | "yearToDateDistanceNm" | "daysElapsed"
  >,
  baseline: Pick<CiiProjectionWithInterval, "attainedCii" | "low" | "high">,
  w: CiiWhatIf,
) {
  const a = assessCii({
    shipType: input.shipType,
    capacity: input.capacity,
    year: input.year,
    ...whatIfYear(input, w),
  });
  const ratio = a.attainedCii / baseline.attainedCii;
  const rate = (v: number) => (a.rating === null ? null : ciiRating(v, a.boundaries));
  const low = baseline.low * ratio;
  const high = baseline.high * ratio;
  return { ...a, low, high, lowRating: rate(low), highRating: rate(high) };
}
