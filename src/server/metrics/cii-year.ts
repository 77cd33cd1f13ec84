/**
 * The sums a ship's CII year reads (domain `ciiYearToDate`'s input record): fuel per type and distance of all
 * consumers from 1 January to the cut-off, exact to the record, and the year's whole UTC days from the daily
 * rollups. No query runs for a year the domain already says cannot be assessed (`ciiYearBasis`).
 */
import {
  type CiiShipParticulars,
  type CiiYearToDateInput,
  ciiYearBasis,
} from "../../domain/cii/cii-year-to-date";
import { complianceYearWindow } from "../../domain/regulation/compliance-year";
import type { Db } from "../db/client";
import { daySums } from "./compliance-year";
import { exactFuelByType } from "./fuel-by-type";
import { exactFuelTotals } from "./fuel-totals";
import { ALL_CONSUMERS } from "./span";

/** The records of `ship`'s `year` before `cutoff`, as the domain's CII year reads them. */
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
  const [from, to] = [new Date(w.fromMs), new Date(w.endMs)];
  const [totals, byType, days] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, { from, to, consumers: ALL_CONSUMERS }),
    exactFuelByType(db, orgId, ship.id, { from, to, consumers: ALL_CONSUMERS }),
    daySums(db, orgId, ship.id, from, new Date(w.dayEndMs)),
  ]);
  return {
    ...input,
    fuelByType: byType,
    distanceNm: totals.distanceNm,
    distanceDerivedNm: totals.distanceDerivedNm,
    days,
  };
}
