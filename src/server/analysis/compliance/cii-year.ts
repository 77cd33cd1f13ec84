/**
 * The inputs of a ship's CII year from stored data: the year to date (the KPI card's figure, exact to the
 * record), the days so far (the ship's own pattern for the projection's interval), and the
 * ship's speed law (for the speed what-if). All fuel of both consumers counts (MEPC.352(78)).
 */
import { CAPACITY_BASIS, type CiiShipType, requireCiiShipType } from "../../../domain/cii/capacity-basis";
import { hasReductionFactor } from "../../../domain/cii/reduction-factors";
import type { CiiDay } from "../../../domain/cii/year-end-spread";
import { co2FromFuel, type FuelType, isFuelType } from "../../../domain/fuels/fuel-types";
import { fitSpeedFuelCurve, speedFuelFitQuality } from "../../../domain/performance/speed-fuel-fit";
import { type FuelSums, sailingPointOfSums } from "../../../domain/records/fuel-sums";
import { DAY_MS } from "../../../domain/time/units";
import type { Db } from "../../db/client";
import { daySums, type FuelOfType } from "../../metrics/compliance-year";
import { exactFuelByType } from "../../metrics/fuel-by-type";
import { exactFuelTotals } from "../../metrics/fuel-totals";
import { ALL_CONSUMERS } from "../../metrics/span";
import type { ShipRow } from "../../ships/ships.repository";

const ALL = ALL_CONSUMERS;
/** Speed exponent used when the ship's own fit is not reliable: the cube law (reference-data.md §11 [C1]). */
export const CUBE_LAW_EXPONENT = 3;

/** The CII ship type and capacity of a ship, or why it cannot be assessed (one rule for card and section). */
export function ciiShipOf(
  ship: Pick<ShipRow, "shipType" | "deadweight" | "grossTonnage">,
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

/** Fuel per type as domain consumptions, or null when a type is unknown to the domain (no Cf). */
export function knownFuels(fuel: readonly FuelOfType[]): { fuelType: FuelType; tonnes: number }[] | null {
  if (!fuel.every((f) => isFuelType(f.fuelType))) return null;
  return fuel.map((f) => ({ fuelType: f.fuelType as FuelType, tonnes: f.fuelT }));
}

export const co2Of = (fuels: readonly { fuelType: FuelType; tonnes: number }[]) =>
  fuels.reduce((a, f) => a + co2FromFuel(f.tonnes, f.fuelType), 0);

export type CiiYearInputs = {
  shipType: CiiShipType;
  capacity: number;
  year: number;
  cutoff: Date;
  yearToDateFuels: { fuelType: FuelType; tonnes: number }[];
  yearToDateDistanceNm: number;
  /** The part of the distance derived from speed over ground × hours (records without a distance), nm. */
  yearToDateDistanceDerivedNm: number;
  daysElapsed: number;
  /** The year so far's whole UTC days with records (the rollups): the ship's own pattern for the interval. */
  days: CiiDay[];
  /** The ship's speed law over the year so far's sailing days. */
  speedLaw: { meanSpeedKn: number; exponent: number; fitted: boolean } | null;
};

/** The year's inputs up to `cutoff` (exclusive), or the reason there are none. */
export async function ciiYearInputs(
  db: Db,
  orgId: number,
  ship: ShipRow,
  year: number,
  cutoff: Date,
): Promise<CiiYearInputs | { reason: string }> {
  if (!hasReductionFactor(year)) return { reason: `No CII reduction factor is adopted for ${year}.` };
  const basis = ciiShipOf(ship);
  if ("reason" in basis) return basis;
  const from = new Date(Date.UTC(year, 0, 1));
  const end = new Date(Math.min(cutoff.getTime(), Date.UTC(year + 1, 0, 1)));
  if (end.getTime() <= from.getTime()) return { reason: `The year ${year} has not started.` };
  const dayEnd = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  const [totals, byType, days] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, { from, to: end, consumers: ALL }),
    exactFuelByType(db, orgId, ship.id, { from, to: end, consumers: ALL }),
    daySums(db, orgId, ship.id, from, dayEnd),
  ]);
  const fuels = knownFuels(byType);
  if (fuels === null)
    return {
      reason: "A fuel type of the year has no CO2 factor in the product; correct the records' fuel type.",
    };
  // one cause each (issue 35 item 2): no record of the year at all, or records without distance
  if (fuels.length === 0)
    return { reason: `No fuel records in ${year} yet; add or upload the ship's records of the year.` };
  if (!(totals.distanceNm > 0))
    return {
      reason: `The fuel records of ${year} carry no distance sailed (nor speed over ground to derive it); add the distance.`,
    };
  const ciiDays: CiiDay[] = [];
  const points: { speedKn: number; fuelTonnesPerDay: number; weight: number }[] = [];
  let stwKnHours = 0;
  let stwHours = 0;
  for (const d of days) {
    const f = knownFuels(d.fuel) ?? [];
    ciiDays.push({
      dayOfYear: (Date.parse(`${d.key}T00:00:00Z`) - from.getTime()) / DAY_MS,
      co2Tonnes: co2Of(f),
      distanceNm: d.distanceNm,
    });
    const fuelT = d.fuel.reduce((a, x) => a + x.fuelT, 0);
    const p = sailingPointOfSums({
      ...(d as Pick<FuelSums, "hours" | "hoursAtSea" | "stwKnHours" | "stwHours">),
      fuelT,
    });
    if (p) {
      points.push({ speedKn: p.stw, fuelTonnesPerDay: p.fuelRate, weight: d.hours });
      stwKnHours += d.stwKnHours;
      stwHours += d.stwHours;
    }
  }
  let speedLaw: CiiYearInputs["speedLaw"] = null;
  if (points.length > 0 && stwHours > 0) {
    const speeds = points.map((p) => p.speedKn);
    const fit = new Set(speeds).size >= 3 ? fitSpeedFuelCurve(points) : null;
    const fitted = fit !== null && speedFuelFitQuality(fit, speeds).reliable;
    speedLaw = { meanSpeedKn: stwKnHours / stwHours, exponent: fitted ? fit.n : CUBE_LAW_EXPONENT, fitted };
  }
  return {
    ...basis,
    year,
    cutoff: end,
    yearToDateFuels: fuels,
    yearToDateDistanceNm: totals.distanceNm,
    yearToDateDistanceDerivedNm: totals.distanceDerivedNm,
    daysElapsed: (end.getTime() - from.getTime()) / DAY_MS,
    days: ciiDays,
    speedLaw,
  };
}
