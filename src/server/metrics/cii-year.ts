/**
 * The sums a ship's CII year reads (domain `ciiYearToDate`'s input record): fuel per type and distance of all
 * consumers from 1 January to the cut-off, exact to the record, and the year's whole UTC days from the daily
 * rollups. No query runs for a year the domain already says cannot be assessed (`ciiYearBasis`).
 */
import {
  type CiiShipParticulars,
  type CiiYearToDateInput,
  ciiYearBasis,
  type FuelOfType,
} from "../../domain/cii/cii-year-to-date";
import { complianceYearWindow } from "../../domain/regulation/compliance-year";
import type { Db } from "../db/client";
import { daySumsWithDerivedDistance } from "./compliance-year";
import { exactFuelByType } from "./fuel-by-type";
import { exactFuelTotals } from "./fuel-totals";
import { ALL_CONSUMERS } from "./span";

/**
 * The records of `ship`'s `year` before `cutoff`, as the domain's CII year reads them. The whole days' fuel
 * and distance are the days' sums (`daySums`, read anyway for the pattern), so only the cut-off's partial day
 * reads raw records: three statements where five read the same days twice (decision 045).
 */
export async function ciiYearRecords(
  db: Db,
  orgId: number,
  ship: CiiShipParticulars & { id: number },
  year: number,
  cutoff: Date,
): Promise<CiiYearToDateInput> {
  const input = { ship, year, cutoffMs: cutoff.getTime() };
  if ("reason" in ciiYearBasis(ship, year, input.cutoffMs))
    return { ...input, fuelByType: [], distanceNm: 0, distanceDerivedNm: 0, days: [] };
  const w = complianceYearWindow(year, input.cutoffMs);
  const [from, dayEnd, to] = [new Date(w.fromMs), new Date(w.dayEndMs), new Date(w.endMs)];
  // the partial day: [the end's UTC day, the end), empty when the year (or its data) ends at midnight
  const edge = { from: new Date(Math.max(w.fromMs, w.dayEndMs)), to, consumers: ALL_CONSUMERS };
  const hasEdge = edge.from.getTime() < to.getTime();
  const [whole, edgeTotals, edgeByType] = await Promise.all([
    daySumsWithDerivedDistance(db, orgId, ship.id, from, dayEnd),
    hasEdge ? exactFuelTotals(db, orgId, ship.id, edge) : null,
    hasEdge ? exactFuelByType(db, orgId, ship.id, edge) : [],
  ]);
  const fuel = new Map<string, number>();
  const add = (f: FuelOfType) => fuel.set(f.fuelType, (fuel.get(f.fuelType) ?? 0) + f.fuelT);
  for (const day of whole.days) for (const f of day.fuel) add(f);
  for (const f of edgeByType) add(f);
  const fuelByType = [...fuel.entries()]
    .filter(([, t]) => t > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([fuelType, fuelT]) => ({ fuelType, fuelT }));
  const dayDistance = whole.days.reduce((sum, d) => sum + d.distanceNm, 0);
  return {
    ...input,
    fuelByType,
    distanceNm: dayDistance + (edgeTotals?.distanceNm ?? 0),
    distanceDerivedNm: whole.distanceDerivedNm + (edgeTotals?.distanceDerivedNm ?? 0),
    days: whole.days,
  };
}
