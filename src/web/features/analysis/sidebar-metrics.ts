import type { AnalysisSummaryResponse } from "../../../contracts/analysis/analysis-summary";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { distanceSourceNote } from "../../lib/distance-source";
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
 */
export function sidebarMetrics(
  summary: AnalysisSummaryResponse,
  kpis: Kpis,
  trim?: TrimOptimizationSectionResponse,
): Record<CategoryId, SidebarMetric[]> {
  const { fuel, hull, engine, environment, database } = summary;
  return {
    fuel: [
      {
        ...metric(
          "SFOC",
          kpis.sfoc?.value ?? null,
          (v) => formatQuantity(v, "g/kWh", 1),
          "No fuel and power data in this range",
        ),
        // the card's cross-check (decision 007): an unverified SFOC says so here too
        ...(kpis.sfoc && !kpis.sfoc.verified ? { hint: "SFOC unverified: see Report checks" } : {}),
      },
      metric(
        "Consumption",
        kpis.fuelConsumptionRate?.value ?? null,
        (v) => formatQuantity(v, "MT/day", 1),
        "No fuel data in this range",
      ),
      {
        ...metric(
          "Cost per nm",
          fuel.costPerNm,
          (v) => formatCostPerNm(v, fuel.currency),
          "No fuel or distance in this range",
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
        "No hull records in this range",
      ),
      metric(
        "Hull efficiency",
        hull.hullEfficiency,
        (v) => formatQuantity(v, "%", 1),
        "No hull records in this range",
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
        "No engine load data in this range",
      ),
      metric(
        "Auxiliary power",
        engine.auxiliaryPowerKw,
        (v) => formatQuantity(v, "kW", 0),
        "No auxiliary records in this range",
      ),
      metric("Trim", engine.trimM, (v) => formatQuantity(v, "m", 2), "No trim records in this range"),
      ...trimRecommendationMetrics(trim),
    ],
    environment: [
      metric(
        "Wind",
        environment.windSpeedKn,
        (v) => formatQuantity(v, "kn", 1),
        "No weather records in this range",
      ),
      metric(
        "Waves",
        environment.waveHeightM,
        (v) => formatQuantity(v, "m", 1),
        "No weather records in this range",
      ),
      metric(
        "Sea temp",
        environment.seaTemperatureC,
        (v) => formatQuantity(v, "°C", 1),
        "No sea temperature records in this range",
      ),
      {
        label: "CII rating",
        value: kpis.cii ? (kpis.cii.rating ?? "Not rated") : MISSING,
        hint: kpis.cii ? null : "No fuel and distance data this year",
      },
    ],
    database: [
      { label: "Fuel records", value: formatNumber(database.fuelRecords, 0), hint: null },
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
