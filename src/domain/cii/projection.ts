import { DomainInputError } from "../errors.js";
import { type FuelConsumption, totalCo2Tonnes } from "./attained-cii.js";
import type { CiiShipType } from "./capacity-basis.js";
import { assessCii, type CiiAssessment } from "./cii-assessment.js";

/** Days in a calendar year (Gregorian leap-year rule), from the year number alone. */
export function daysInYear(year: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 366 : 365;
}

export type CiiProjectionInput = {
  shipType: CiiShipType;
  /** Actual DWT or GT. */
  capacity: number;
  year: number;
  /** Fuel burnt from 1 January to the cut-off, tonnes by type. */
  yearToDateFuels: readonly FuelConsumption[];
  /** Distance travelled from 1 January to the cut-off, nm. */
  yearToDateDistanceNm: number;
  /** Days of data elapsed since 1 January (1 … days in year). */
  daysElapsed: number;
};

export type CiiProjection = CiiAssessment & {
  /** How many days of the year the projection rests on. */
  basedOnDays: number;
  daysInYear: number;
  projectedDistanceNm: number;
  /** Tonnes of CO2 the ship may still emit this year and end at the C/D boundary ('upper'); < 0 = already over. */
  co2HeadroomToUpperBoundaryTonnes: number;
  method: string;
};

/** Wording shown with a projection: what it assumes, so no one reads it as a forecast it is not. */
export const CII_PROJECTION_METHOD =
  "Linear extrapolation of year-to-date fuel and distance to the full year. Both scale by the same factor, " +
  "so the projected attained CII equals the year-to-date attained CII; seasonality, dockings and planned " +
  "changes are not modelled.";

/**
 * Year-end CII projection from year-to-date data: fuel and distance scaled by daysInYear/daysElapsed,
 * then assessed as a full year (MEPC.352(78) attained CII, MEPC.353/354(78), Z of MEPC.338(76)/400(83)).
 * Also the CO2 (t) still allowed for the rest of the year to end on the upper (C/D) boundary at the
 * projected distance: upper·Capacity·D_projected/10⁶ − CO2_ytd.
 */
export function projectYearEndCii(input: CiiProjectionInput): CiiProjection {
  const days = daysInYear(input.year);
  if (!Number.isFinite(input.daysElapsed) || input.daysElapsed <= 0 || input.daysElapsed > days) {
    throw new DomainInputError("daysElapsed", `days elapsed must be in (0, ${days}]`);
  }
  if (!Number.isFinite(input.yearToDateDistanceNm) || input.yearToDateDistanceNm <= 0) {
    throw new DomainInputError("yearToDateDistanceNm", "no distance travelled yet: nothing to project from");
  }
  const scale = days / input.daysElapsed;
  const projectedDistanceNm = input.yearToDateDistanceNm * scale;
  const assessment = assessCii({
    shipType: input.shipType,
    capacity: input.capacity,
    year: input.year,
    fuels: input.yearToDateFuels.map((f) => ({ fuelType: f.fuelType, tonnes: f.tonnes * scale })),
    distanceNm: projectedDistanceNm,
  });
  const allowedCo2Tonnes = (assessment.boundaries.upper * input.capacity * projectedDistanceNm) / 1e6;
  return {
    ...assessment,
    basedOnDays: input.daysElapsed,
    daysInYear: days,
    projectedDistanceNm,
    co2HeadroomToUpperBoundaryTonnes: allowedCo2Tonnes - totalCo2Tonnes(input.yearToDateFuels),
    method: CII_PROJECTION_METHOD,
  };
}
