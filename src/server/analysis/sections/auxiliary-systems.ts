/** engine-auxiliary-systems: auxiliary power by consumer (hvac, pumps, lighting, navigation, cargo handling). */
import type { AuxiliarySystemsSectionResponse } from "../../../contracts/analysis/auxiliary-systems-section";
import { AUXILIARY_CONSUMERS } from "../../../contracts/analysis/auxiliary-systems-section";
import { fuelTotals } from "../../metrics/fuel-totals";
import { seriesMeans, seriesTotals } from "../../metrics/series-means";
import { AUXILIARY_POWER_SERIES } from "../../metrics/series-sql";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

const FIELDS = AUXILIARY_POWER_SERIES;

/** Means are over the auxiliary records (each reading weighs the same); shares of the summed means. */
export async function auxiliarySystems(ctx: AnalysisContext): Promise<AuxiliarySystemsSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [series, means, aux, boiler] = await Promise.all([
    seriesMeans(db, orgId, ship.id, range, FIELDS),
    seriesTotals(db, orgId, ship.id, range, FIELDS),
    fuelTotals(db, orgId, ship.id, { ...range, consumers: ["auxiliary"] }),
    fuelTotals(db, orgId, ship.id, { ...range, consumers: ["boiler"] }),
  ]);
  const meanPowerKw = FIELDS.map((f) => means[f]);
  const known = meanPowerKw.filter((x): x is number => x !== null);
  const total = known.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
  return {
    section: "engine-auxiliary-systems",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    consumers: [...AUXILIARY_CONSUMERS],
    series: { t: series.t, powerKw: FIELDS.map((f) => series[f]) },
    summary: {
      meanPowerKw,
      sharePercent: meanPowerKw.map((m) => (m === null || !total ? null : (100 * m) / total)),
      totalMeanPowerKw: total,
      auxiliaryFuelT: aux.records > 0 ? aux.fuelT : null,
      boilerFuelT: boiler.records > 0 ? boiler.fuelT : null,
    },
  };
}
