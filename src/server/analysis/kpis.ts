/**
 * The KPI cards of the dashboard (issue 6 item 3; docs/kpi-definitions.md): the range's fuel sums from the
 * metrics layer, turned into figures by the domain. No rule lives here; only which sums feed which card.
 */
import type { Kpis } from "../../contracts/analysis/kpis";
import { assessCii } from "../../domain/cii/cii-assessment";
import { hasReductionFactor } from "../../domain/cii/reduction-factors";
import { loadBand } from "../../domain/engine/load-bands";
import { sfocAgainstBaseline } from "../../domain/engine/sfoc-baseline";
import { engineKindsOf } from "../../domain/engine/sfoc-physical-range";
import { isFuelType } from "../../domain/fuels/fuel-types";
import {
  differencePercent,
  distanceSourceOf,
  type FuelSums,
  fuelRateOfSums,
  meanLoadOfSums,
} from "../../domain/records/fuel-sums";
import { exactFuelByType } from "../metrics/fuel-by-type";
import { exactFuelTotals, fuelTotals } from "../metrics/fuel-totals";
import { shopTestCurveOf } from "../metrics/ship-profile";
import { ALL_CONSUMERS } from "../metrics/span";
import { ciiShipOf } from "./compliance/cii-year";
import type { AnalysisContext } from "./context";

const YEAR_MS = 365 * 86_400_000;

/**
 * Attained CII year to date for the calendar year of `end` (MEPC.352(78)), from the fuel of all consumers per
 * fuel type and the distance sailed; null when not assessable (no reduction factor for the year, a ship type
 * or capacity the guidelines do not cover, no distance, an unknown fuel type). The distance is reported or, where
 * a record has none, speed over ground × hours (`distanceSource` says which). A year before 2023 is assessed
 * but not rated (rating and status null), by the same `assessCii` as the CII calculator.
 */
async function ciiYearToDate(ctx: AnalysisContext, end: Date): Promise<Kpis["cii"]> {
  const { db, orgId, ship } = ctx;
  const year = new Date(end.getTime() - 1).getUTCFullYear();
  if (!hasReductionFactor(year)) return null;
  const basis = ciiShipOf(ship);
  if ("reason" in basis) return null;
  const { shipType, capacity } = basis;
  const from = new Date(Date.UTC(year, 0, 1));
  const [totals, byType] = await Promise.all([
    exactFuelTotals(db, orgId, ship.id, { from, to: end, consumers: ALL_CONSUMERS }),
    exactFuelByType(db, orgId, ship.id, { from, to: end, consumers: ALL_CONSUMERS }),
  ]);
  if (!(totals.distanceNm > 0) || byType.length === 0) return null;
  if (!byType.every((f) => isFuelType(f.fuelType))) return null;
  const a = assessCii({
    shipType,
    capacity,
    fuels: byType.map((f) => ({ fuelType: f.fuelType as never, tonnes: f.fuelT })),
    distanceNm: totals.distanceNm,
    year,
  });
  return {
    rating: a.rating,
    attained: a.attainedCii,
    required: a.requiredCii,
    complianceStatus: a.complianceStatus,
    year,
    distanceSource: distanceSourceOf(totals.distanceNm, totals.distanceDerivedNm)!,
  };
}

/**
 * The SFOC card's figure from the range's fuel sums: against the shop test where the main engine alone is
 * shown, else the specification's baseline (domain sfocAgainstBaseline). The fuel-efficiency alert reads it.
 */
export function sfocCardOf(ctx: Pick<AnalysisContext, "ship" | "range">, sums: FuelSums) {
  return sfocAgainstBaseline(
    sums,
    shopTestCurveOf(ctx.ship),
    ctx.range.engine === "main",
    engineKindsOf(ctx.range.consumers),
  );
}

/** The four KPI cards over the context's range. */
export async function computeKpis(ctx: AnalysisContext): Promise<Kpis> {
  const { db, orgId, ship, range } = ctx;
  const empty = range.from.getTime() >= range.to.getTime();
  const [sums, yearBefore, cii] = await Promise.all([
    empty ? null : fuelTotals(db, orgId, ship.id, range),
    empty
      ? null
      : exactFuelTotals(db, orgId, ship.id, {
          from: new Date(range.from.getTime() - YEAR_MS),
          to: range.from,
          consumers: range.consumers,
        }),
    ciiYearToDate(ctx, range.to),
  ]);
  const load = sums ? meanLoadOfSums(sums) : null;
  const rate = sums ? fuelRateOfSums(sums) : null;
  const reference = yearBefore ? fuelRateOfSums(yearBefore) : null;
  return {
    sfoc: sums ? sfocCardOf(ctx, sums) : null,
    fuelConsumptionRate:
      rate === null
        ? null
        : { value: rate, reference, differencePercent: differencePercent(rate, reference) },
    engineLoadFactor: load === null ? null : { value: load, band: loadBand(load) },
    cii,
  };
}
