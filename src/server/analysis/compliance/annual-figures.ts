/**
 * A ship's annual figures for IMO DCS (MARPOL Annex VI reg. 27 and Appendix IX: fuel per type, distance,
 * hours underway) and EU MRV (Regulation (EU) 2015/757 Art. 9–11 and Annex II: fuel, CO2, distance, time at
 * sea, transport work), from the stored records of the calendar year (to now for the current year). Fuel is
 * given per grade as reported (with its class) and per MEPC.364(79) class (the grades summed); CO2 is the
 * fuel per class × its Cf (MEPC.364(79), the factors of both schemes for these fuels). Gaps are stated with
 * how they were filled, never silently.
 */
import type { AnnualFigures } from "../../../contracts/analysis/annual-figures";
import { co2FromFuel, isFuelType } from "../../../domain/fuels/fuel-types";
import {
  complianceYearWindow,
  MEPC_385_FIRST_YEAR,
  yearStartMs,
} from "../../../domain/regulation/compliance-year";
import { DAY_MS } from "../../../domain/time/units";
import type { Db } from "../../db/client";
import { daySums, voyagesWithFuel } from "../../metrics/compliance-year";
import { exactFuelByGradeAndType } from "../../metrics/fuel-by-type";
import { exactFuelTotals } from "../../metrics/fuel-totals";
import { ALL_CONSUMERS } from "../../metrics/span";

const ALL = ALL_CONSUMERS;

export async function annualFigures(
  db: Db,
  orgId: number,
  shipId: number,
  year: number,
  now: Date,
): Promise<AnnualFigures> {
  // a year not started reads the empty span [1 January, 1 January)
  const w = complianceYearWindow(year, Math.max(yearStartMs(year), now.getTime()));
  const from = new Date(w.fromMs);
  const yearEnd = new Date(w.yearEndMs);
  const to = new Date(w.endMs);
  const dayEnd = new Date(w.dayEndMs);
  const [totals, fuel, byConsumer, days, voyages] = await Promise.all([
    exactFuelTotals(db, orgId, shipId, { from, to, consumers: ALL }),
    exactFuelByGradeAndType(db, orgId, shipId, { from, to, consumers: ALL }),
    Promise.all(ALL.map((c) => exactFuelByGradeAndType(db, orgId, shipId, { from, to, consumers: [c] }))),
    daySums(db, orgId, shipId, from, dayEnd),
    voyagesWithFuel(db, orgId, shipId, from, yearEnd),
  ]);
  const byType = fuel.byType;
  const fuelByConsumer = ALL.flatMap((consumer, i) =>
    byConsumer[i]!.byGrade.map((f) => ({
      consumer,
      fuelType: f.fuelGrade,
      fuelClass: f.fuelType,
      tonnes: f.fuelT,
    })),
  );
  const has = (consumer: (typeof ALL)[number]) => fuelByConsumer.some((f) => f.consumer === consumer);
  const gaps: AnnualFigures["gaps"] = [];
  const noCf = byType.filter((f) => !isFuelType(f.fuelType));
  if (noCf.length > 0)
    gaps.push({
      kind: "fuel type without CO2 factor",
      detail: `${noCf.map((f) => `${f.fuelType} (${f.fuelT.toFixed(1)} t)`).join(", ")} not in MEPC.364(79)`,
      filled: "not filled: left out of the CO2 figure; correct the records' fuel type",
    });
  const daysInRange = Math.round((dayEnd.getTime() - from.getTime()) / DAY_MS);
  const missing = daysInRange - days.filter((d) => d.hours > 0).length;
  if (missing > 0)
    gaps.push({
      kind: "days without records",
      detail: `${missing} of ${daysInRange} days of ${year} have no fuel records`,
      filled: "not filled: the figures cover the recorded days only; upload the missing reports",
    });
  if (totals.distanceDerivedNm > 0)
    gaps.push({
      kind: "distance not reported",
      detail: `${totals.distanceDerivedNm.toFixed(1)} of ${totals.distanceNm.toFixed(1)} nm come from records without a distance`,
      filled: "speed over ground × the record's hours",
    });
  if (totals.hoursAtSeaOverGround > 0)
    gaps.push({
      kind: "no log speed",
      detail: `${totals.hoursAtSeaOverGround.toFixed(1)} of ${totals.hoursAtSea.toFixed(1)} h underway come from records without a speed through water`,
      filled: "at sea by speed over ground (or distance over ground ÷ hours) above 1 kn",
    });
  // Boiler records come from noon reports' boiler columns or fuel files with consumer 'boiler'; a ship whose
  // records name none may still have burnt boiler fuel, counted in its auxiliary records.
  if (year >= MEPC_385_FIRST_YEAR && has("auxiliary") && !has("boiler"))
    gaps.push({
      kind: "consumers not separated",
      detail:
        "MEPC.385(81) asks fuel per consumer (main engines, auxiliary engines, boilers, others); the records of this year name no boiler",
      filled: "boiler and other consumers' fuel, if any, is counted with the auxiliary engines",
    });
  const withCargo = voyages.filter((v) => v.cargoTonnes !== null);
  const withoutCargo = voyages.filter((v) => v.cargoTonnes === null);
  if (withoutCargo.length > 0)
    gaps.push({
      kind: "voyages without cargo",
      detail: `${withoutCargo.map((v) => v.voyageNumber).join(", ")} have no cargo figure`,
      filled: "not filled: left out of the transport work; add the cargo on the voyage",
    });
  return {
    shipId,
    year,
    fuelByType: fuel.byGrade.map((f) => ({ fuelType: f.fuelGrade, fuelClass: f.fuelType, tonnes: f.fuelT })),
    fuelByClass: byType.map((f) => ({ fuelType: f.fuelType, tonnes: f.fuelT })),
    fuelByConsumer,
    distanceNm: totals.distanceNm,
    hoursUnderway: totals.hoursAtSea,
    co2Tonnes: byType.reduce(
      (a, f) => a + (isFuelType(f.fuelType) ? co2FromFuel(f.fuelT, f.fuelType) : 0),
      0,
    ),
    transportWork:
      withCargo.length > 0 ? withCargo.reduce((a, v) => a + v.cargoTonnes! * v.distanceNm, 0) : null,
    gaps,
  };
}
