/**
 * The KPI cards of the dashboard (issue 6 item 3; docs/kpi-definitions.md): the range's fuel sums from the
 * metrics layer, turned into figures by the domain. No rule lives here; only which sums feed which card.
 */
import type { Kpis } from "../../contracts/analysis/kpis";
import { ciiYearToDate } from "../../domain/cii/cii-year-to-date";
import { projectCiiWithInterval } from "../../domain/cii/projection-interval";
import { loadBand } from "../../domain/engine/load-bands";
import { sfocAgainstBaseline } from "../../domain/engine/sfoc-baseline";
import { engineKindsOf } from "../../domain/engine/sfoc-physical-range";
import {
  atSeaSourceOf,
  differencePercent,
  distanceSourceOf,
  FUEL_RATE_REFERENCE_DAYS,
  type FuelSums,
  fuelRateOfSums,
  meanLoadOfSums,
} from "../../domain/records/fuel-sums";
import { DAY_MS } from "../../domain/time/units";
import { ciiYearRecords } from "../metrics/cii-year";
import { exactFuelTotals, fuelTotals } from "../metrics/fuel-totals";
import { projectionResponse } from "./compliance/compliance-year";
import type { AnalysisContext } from "./context";

/** The fuel rate reference's basis in words (card and PDF): '3.0 days at sea in the 12 months before'. */
export function referenceBasisText(hoursAtSea: number): string {
  const days = hoursAtSea / 24;
  return `${days.toFixed(1)} day${days.toFixed(1) === "1.0" ? "" : "s"} at sea in the 12 months before`;
}

/**
 * Attained CII year to date for the calendar year of `end` (MEPC.352(78)), from the fuel of all consumers per
 * fuel type and the distance sailed, and its year-end projection with the 95 % interval: the same records
 * (`ciiYearRecords`) and domain function (`ciiYearToDate`) as the Compliance section, so card and section
 * agree. Null when not assessable (no reduction factor for the year, a ship type or capacity the guidelines do not cover, no
 * distance, an unknown fuel type). The distance is reported or, where a record has none, speed over ground ×
 * hours (`distanceSource` says which). A year before 2023 is assessed but not rated (rating and status null).
 */
async function ciiCard(
  ctx: AnalysisContext,
  end: Date,
): Promise<{ cii: Kpis["cii"]; reason: string | null }> {
  const year = new Date(end.getTime() - 1).getUTCFullYear();
  const inputs = ciiYearToDate(await ciiYearRecords(ctx.db, ctx.orgId, ctx.ship, year, end));
  if ("reason" in inputs) return { cii: null, reason: inputs.reason };
  const a = inputs.assessment;
  const cii = {
    rating: a.rating,
    attained: a.attainedCii,
    required: a.requiredCii,
    complianceStatus: a.complianceStatus,
    year,
    distanceSource: distanceSourceOf(inputs.yearToDateDistanceNm, inputs.yearToDateDistanceDerivedNm)!,
    projection: projectionResponse(projectCiiWithInterval(inputs)),
  };
  return { cii, reason: null };
}

/**
 * The SFOC card's figure from the range's fuel sums: against the shop test where the main engine alone is
 * shown, the four-stroke default for the auxiliary engines alone, else the specification's baseline (domain
 * sfocAgainstBaseline). The fuel-efficiency alert reads it.
 */
export function sfocCardOf(ctx: Pick<AnalysisContext, "ship" | "range">, sums: FuelSums) {
  return sfocAgainstBaseline(
    sums,
    ctx.ship.shopTestCurve,
    ctx.range.engine,
    engineKindsOf(ctx.range.consumers),
  );
}

/** The four KPI cards over the context's range. */
export async function computeKpis(ctx: AnalysisContext): Promise<Kpis> {
  const { db, orgId, ship, range } = ctx;
  const empty = range.from.getTime() >= range.to.getTime();
  const [sums, yearBefore, yearToDate] = await Promise.all([
    empty ? null : fuelTotals(db, orgId, ship.id, range),
    empty
      ? null
      : exactFuelTotals(db, orgId, ship.id, {
          from: new Date(range.from.getTime() - FUEL_RATE_REFERENCE_DAYS * DAY_MS),
          to: range.from,
          consumers: range.consumers,
        }),
    ciiCard(ctx, new Date(Math.min(range.to.getTime(), ctx.now.getTime()))),
  ]);
  const load = sums ? meanLoadOfSums(sums) : null;
  const rate = sums ? fuelRateOfSums(sums) : null;
  const reference = yearBefore ? fuelRateOfSums(yearBefore) : null;
  return {
    sfoc: sums ? sfocCardOf(ctx, sums) : null,
    fuelConsumptionRate:
      rate === null
        ? null
        : {
            value: rate,
            reference,
            referenceHoursAtSea: reference === null ? null : yearBefore!.hoursAtSea,
            referenceBasis: reference === null ? null : referenceBasisText(yearBefore!.hoursAtSea),
            differencePercent: differencePercent(rate, reference),
            atSeaSource: atSeaSourceOf(sums!.hoursAtSea, sums!.hoursAtSeaOverGround)!,
          },
    engineLoadFactor: load === null ? null : { value: load, band: loadBand(load) },
    cii: yearToDate.cii,
    ciiEmptyReason: yearToDate.reason,
  };
}
