import type { AnalysisSummaryResponse } from "../../../contracts/analysis/analysis-summary";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { RecordKind, RecordsByKind } from "../../../contracts/analysis/record-presence";
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { distanceSourceNote } from "../../lib/distance-source";
import { emptyText, FUEL_RATE_MISSING, LOAD_MISSING, SFOC_MISSING } from "../../lib/empty-range";
import { formatCostPerNm, formatNumber, formatQuantity, MISSING } from "../../lib/format";
import type { CategoryId } from "./sections";

/** One figure of a sidebar category: its text with unit, or '—' with a hint saying what is missing. */
export type SidebarMetric = { label: string; value: string; hint: string | null };

const metric = (label: string, value: number | null, text: (v: number) => string, missing: string) =>
  value === null ? { label, value: MISSING, hint: missing } : { label, value: text(value), hint: null };

/**
 * The trim section's recommendation as sidebar figures: the optimum trim and the fuel it saves, or why there
 * is none. `undefined` while the section has not answered (it is asked when the Engine category opens).
 */
function trimRecommendationMetrics(trim: TrimOptimizationSectionResponse | undefined): SidebarMetric[] {
  if (!trim) return [];
  const r = trim.recommendation;
  const why = trim.noRecommendationReason ?? "No trim recommendation in this range";
  return [
    metric("Optimum trim", r?.optimumTrimM ?? null, (v) => formatQuantity(v, "m", 2), why),
    metric("Trim saving", r?.expectedSavingPercent ?? null, (v) => formatQuantity(v, "%", 1), why),
  ];
}

/**
 * The real figures each sidebar category shows (PRODUCT.md D1: no sample metrics): SFOC, consumption, load
 * factor and CII rating are the KPI cards' (the dashboard's `kpis`, the same figures as the cards above),
 * the optimum trim and its saving the Trim Optimization section's (`trim`, the same answer the section
 * shows), the rest from GET /api/ships/:id/analysis-summary (the cost per mile in the currency it names).
 * A missing figure says why: the range holds no records of its kind (`records`, lib/empty-range), else the
 * field its records lack.
 */
export function sidebarMetrics(
  summary: AnalysisSummaryResponse,
  kpis: Kpis,
  trim?: TrimOptimizationSectionResponse,
  records?: RecordsByKind,
): Record<CategoryId, SidebarMetric[]> {
  const { fuel, hull, engine, environment, database } = summary;
  const why = (kind: RecordKind, otherwise: string) => emptyText(kind, records, otherwise);
  return {
    fuel: [
      {
        ...metric(
          "SFOC",
          kpis.sfoc?.value ?? null,
          (v) => formatQuantity(v, "g/kWh", 1),
          why("fuel", SFOC_MISSING),
        ),
        // the card's cross-check (decision 007): an unverified SFOC says so here too
        ...(kpis.sfoc && !kpis.sfoc.verified ? { hint: "SFOC unverified: see Report checks" } : {}),
      },
      metric(
        "Consumption",
        kpis.fuelConsumptionRate?.value ?? null,
        (v) => formatQuantity(v, "MT/day", 1),
        why("fuel", FUEL_RATE_MISSING),
      ),
      {
        ...metric(
          "Cost per nm",
          fuel.costPerNm,
          (v) => formatCostPerNm(v, fuel.currency),
          why(
            "fuel",
            "The fuel records in this range carry no distance, or a grade has no price — add the distance, or the price in Cost per Mile",
          ),
        ),
        ...(fuel.costPerNm !== null && distanceSourceNote(fuel.distanceSource)
          ? { hint: `Cost per nm: ${distanceSourceNote(fuel.distanceSource)}` }
          : {}),
      },
    ],
    hull: [
      metric(
        "Roughness index",
        hull.roughnessIndex,
        (v) => `${formatNumber(v, 0)}${hull.cleaningState ? ` (${hull.cleaningState})` : ""}`,
        why("hull", "The hull records in this range carry no roughness index — add it"),
      ),
      metric(
        "Hull efficiency",
        hull.hullEfficiency,
        (v) => formatQuantity(v, "%", 1),
        why("hull", "The hull records in this range carry no hull efficiency — add it"),
      ),
      {
        ...metric(
          "Since cleaning",
          hull.daysSinceLastCleaning,
          (v) => formatQuantity(v, "days", 0),
          "No hull cleaning or dry-docking recorded: add a maintenance event",
        ),
        ...(hull.lastCleaningDate
          ? {
              hint: `Last cleaning ${hull.lastCleaningDate}${hull.lastCleaningSource === "hull-record" ? " (hull records' last cleaning date)" : ""}`,
            }
          : {}),
      },
    ],
    engine: [
      metric(
        "Load factor",
        kpis.engineLoadFactor?.value ?? null,
        (v) => formatQuantity(v, "%", 1),
        why("fuel", LOAD_MISSING),
      ),
      metric(
        "Auxiliary power",
        engine.auxiliaryPowerKw,
        (v) => formatQuantity(v, "kW", 0),
        why("auxiliary", "The auxiliary records in this range carry no power — add the consumers' kW"),
      ),
      metric(
        "Trim",
        engine.trimM,
        (v) => formatQuantity(v, "m", 2),
        why("trim", "The trim records in this range carry no trim or draughts — add them"),
      ),
      ...trimRecommendationMetrics(trim),
    ],
    environment: [
      metric(
        "Wind",
        environment.windSpeedKn,
        (v) => formatQuantity(v, "kn", 1),
        why("environmental", "The environmental records in this range carry no wind speed — add it"),
      ),
      metric(
        "Waves",
        environment.waveHeightM,
        (v) => formatQuantity(v, "m", 1),
        why("environmental", "The environmental records in this range carry no wave height — add it"),
      ),
      metric(
        "Sea temp",
        environment.seaTemperatureC,
        (v) => formatQuantity(v, "°C", 1),
        why("environmental", "The environmental records in this range carry no sea temperature — add it"),
      ),
      {
        label: "CII rating",
        value: kpis.cii ? (kpis.cii.rating ?? "Not rated") : MISSING,
        hint: kpis.cii ? null : (kpis.ciiEmptyReason ?? "No fuel and distance data this year"),
      },
    ],
    database: [
      { label: "Fuel records in range", value: formatNumber(database.fuelRecords, 0), hint: null },
      metric(
        "Data quality",
        database.dataQualityPercent,
        (v) => formatQuantity(v, "%", 1),
        // the server's reason: the newest record older than the window is not 'no records'
        database.dataQualityEmptyReason ?? "No fuel records in the last 30 days",
      ),
    ],
  };
}
