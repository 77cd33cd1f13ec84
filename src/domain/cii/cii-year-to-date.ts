/**
 * The CII of one ship's calendar year from the sums gathered for it: the one place where the year to date is
 * assembled (issue 31 item 1) for the KPI card, the Compliance section (year to date and history), the what-if,
 * the statement and the CII alert. It decides whether the year is assessable (an adopted reduction factor, a
 * CII-rated ship type with its capacity, fuel types with a Cf, fuel and distance), assesses it (assessCii:
 * MEPC.352(78) attained, MEPC.353(78) reference, MEPC.338(76)/400(83) Z, MEPC.354(78) rating) and holds the
 * days and speed law the projection's interval and the what-if read. All fuel of all consumers counts
 * (MEPC.352(78) §4.1).
 */
import type { FuelConsumption } from "../fuels/fuel-consumption.js";
import { isFuelType } from "../fuels/fuel-types.js";
import { fitSpeedFuelCurve, speedFuelFitQuality } from "../performance/speed-fuel-fit.js";
import { type FuelSums, sailingPointOfSums } from "../records/fuel-sums.js";
import { complianceYearWindow } from "../regulation/compliance-year.js";
import { DAY_MS } from "../time/units.js";
import { totalCo2Tonnes } from "./attained-cii.js";
import { CAPACITY_BASIS, type CiiShipType, requireCiiShipType } from "./capacity-basis.js";
import { assessCii, type CiiAssessment } from "./cii-assessment.js";
import { hasReductionFactor } from "./reduction-factors.js";
import type { CiiDay } from "./year-end-spread.js";

/** Speed exponent used when the ship's own fit is not reliable: the cube law (reference-data.md §11 [C1]). */
export const CUBE_LAW_EXPONENT = 3;

/** Fuel of one type as the records name it (a string: it may be a type the product has no Cf for), t. */
export type FuelOfType = { fuelType: string; fuelT: number };

/** The particulars the CII reads: the ship type as entered and both capacities (either may be missing). */
export type CiiShipParticulars = { shipType: string; deadweight: number | null; grossTonnage: number | null };

/** One UTC day ('YYYY-MM-DD') of the year: fuel per type (t), distance (nm) and the hours and speed-hours. */
export type CiiYearDay = Pick<FuelSums, "hours" | "hoursAtSea" | "stwKnHours" | "stwHours"> & {
  key: string;
  fuel: FuelOfType[];
  distanceNm: number;
};

/** The CII ship type and capacity of a ship (MEPC.353(78) Table 1, capacity per CAPACITY_BASIS), or why not. */
export function ciiShipOf(
  ship: CiiShipParticulars,
): { shipType: CiiShipType; capacity: number } | { reason: string } {
  let shipType: CiiShipType;
  try {
    shipType = requireCiiShipType(ship.shipType);
  } catch {
    return { reason: `The CII guidelines do not cover the ship type '${ship.shipType}'.` };
  }
  const capacity = CAPACITY_BASIS[shipType] === "DWT" ? ship.deadweight : ship.grossTonnage;
  if (!capacity || capacity <= 0)
    return {
      reason: `The ship has no ${CAPACITY_BASIS[shipType] === "DWT" ? "deadweight" : "gross tonnage"}; add it on the ship's page.`,
    };
  return { shipType, capacity };
}

/** Fuel per type as domain consumptions, or null when a type has no Cf in MEPC.364(79) (isFuelType). */
export function knownFuels(fuel: readonly FuelOfType[]): FuelConsumption[] | null {
  const known: FuelConsumption[] = [];
  for (const f of fuel) {
    if (!isFuelType(f.fuelType)) return null;
    known.push({ fuelType: f.fuelType, tonnes: f.fuelT });
  }
  return known;
}

/** CO2 of the fuels whose type has a Cf (MEPC.364(79)), t; fuel of an unknown type counts nothing. */
export const co2OfKnownFuels = (fuel: readonly FuelOfType[]) => totalCo2Tonnes(knownFuels(fuel) ?? []);

/**
 * Why a ship's year cannot be assessed before any record is read (no adopted Z for the year, a ship type or
 * capacity the guidelines do not cover, a year not started), or its CII ship type and capacity.
 */
export function ciiYearBasis(
  ship: CiiShipParticulars,
  year: number,
  cutoffMs: number,
): { shipType: CiiShipType; capacity: number } | { reason: string } {
  if (!hasReductionFactor(year)) return { reason: `No CII reduction factor is adopted for ${year}.` };
  const basis = ciiShipOf(ship);
  if ("reason" in basis) return basis;
  const w = complianceYearWindow(year, cutoffMs);
  if (w.endMs <= w.fromMs) return { reason: `The year ${year} has not started.` };
  return basis;
}

/** The fuel and distance of a year (or its part) with a CII ship: its assessment, or why it has none. */
export function assessCiiYear(
  ship: { shipType: CiiShipType; capacity: number },
  year: number,
  fuelByType: readonly FuelOfType[],
  distanceNm: number,
): { fuels: FuelConsumption[]; assessment: CiiAssessment } | { reason: string } {
  if (!hasReductionFactor(year)) return { reason: `No CII reduction factor is adopted for ${year}.` };
  const fuels = knownFuels(fuelByType);
  if (fuels === null)
    return {
      reason: "A fuel type of the year has no CO2 factor in the product; correct the records' fuel type.",
    };
  // one cause each (issue 35 item 2): no record of the year at all, or records without distance
  if (fuels.length === 0)
    return { reason: `No fuel records in ${year} yet; add or upload the ship's records of the year.` };
  if (!(distanceNm > 0))
    return {
      reason: `The fuel records of ${year} carry no distance sailed (nor speed over ground to derive it); add the distance.`,
    };
  return { fuels, assessment: assessCii({ ...ship, year, fuels, distanceNm }) };
}

/** What the gatherer reads for a CII year up to a cut-off (the records of [1 January, cut-off)). */
export type CiiYearToDateInput = {
  ship: CiiShipParticulars;
  year: number;
  /** The cut-off, ms: the figures cover the year's records before it (capped at the year's end). */
  cutoffMs: number;
  /** Fuel per type of all consumers over the year to the cut-off, exact to the record. */
  fuelByType: readonly FuelOfType[];
  /** Distance sailed over the year to the cut-off, nm (reported, else speed over ground × hours). */
  distanceNm: number;
  /** The part of the distance derived from speed over ground × hours (records without a distance), nm. */
  distanceDerivedNm: number;
  /** The year's whole UTC days before the cut-off's day, from the daily rollups. */
  days: readonly CiiYearDay[];
};

/** A CII year to date: its assessment and what the projection, its interval and the what-if read. */
export type CiiYearToDate = {
  shipType: CiiShipType;
  capacity: number;
  year: number;
  /** The end of the data (exclusive): the cut-off, capped at the year's end. */
  cutoff: Date;
  yearToDateFuels: FuelConsumption[];
  yearToDateDistanceNm: number;
  /** The part of the distance derived from speed over ground × hours (records without a distance), nm. */
  yearToDateDistanceDerivedNm: number;
  daysElapsed: number;
  /** The year so far's whole UTC days with records (the rollups): the ship's own pattern for the interval. */
  days: CiiDay[];
  /** The ship's speed law over the year so far's sailing days (FC ∝ Vⁿ, the cube law when the fit is not reliable). */
  speedLaw: { meanSpeedKn: number; exponent: number; fitted: boolean } | null;
  /** The year to date assessed (assessCii): the KPI card's, the section's and the statement's figure. */
  assessment: CiiAssessment;
};

/** The ship's speed law over its sailing days (sailingPointOfSums), fitted when reliable, else the cube law. */
function speedLawOf(days: readonly CiiYearDay[]): CiiYearToDate["speedLaw"] {
  const points: { speedKn: number; fuelTonnesPerDay: number; weight: number }[] = [];
  let stwKnHours = 0;
  let stwHours = 0;
  for (const d of days) {
    const fuelT = d.fuel.reduce((a, x) => a + x.fuelT, 0);
    const p = sailingPointOfSums({ ...d, fuelT });
    if (p) {
      points.push({ speedKn: p.stw, fuelTonnesPerDay: p.fuelRate, weight: d.hours });
      stwKnHours += d.stwKnHours;
      stwHours += d.stwHours;
    }
  }
  if (!(points.length > 0 && stwHours > 0)) return null;
  const speeds = points.map((p) => p.speedKn);
  const fit = new Set(speeds).size >= 3 ? fitSpeedFuelCurve(points) : null;
  const fitted = fit !== null && speedFuelFitQuality(fit, speeds).reliable;
  return { meanSpeedKn: stwKnHours / stwHours, exponent: fitted ? fit.n : CUBE_LAW_EXPONENT, fitted };
}

/**
 * The CII year to date of a ship from its gathered sums (MEPC.352(78); rated per MEPC.354(78) from 2023),
 * with the days so far and the speed law, or the one reason it cannot be assessed.
 */
export function ciiYearToDate(input: CiiYearToDateInput): CiiYearToDate | { reason: string } {
  const { year } = input;
  const basis = ciiYearBasis(input.ship, year, input.cutoffMs);
  if ("reason" in basis) return basis;
  const a = assessCiiYear(basis, year, input.fuelByType, input.distanceNm);
  if ("reason" in a) return a;
  const { fromMs, endMs } = complianceYearWindow(year, input.cutoffMs);
  return {
    ...basis,
    year,
    cutoff: new Date(endMs),
    yearToDateFuels: a.fuels,
    yearToDateDistanceNm: input.distanceNm,
    yearToDateDistanceDerivedNm: input.distanceDerivedNm,
    daysElapsed: (endMs - fromMs) / DAY_MS,
    days: input.days.map((d) => ({
      dayOfYear: (Date.parse(`${d.key}T00:00:00Z`) - fromMs) / DAY_MS,
      co2Tonnes: co2OfKnownFuels(d.fuel),
      distanceNm: d.distanceNm,
    })),
    speedLaw: speedLawOf(input.days),
    assessment: a.assessment,
  };
}
