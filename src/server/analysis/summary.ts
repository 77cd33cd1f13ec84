/**
 * Sidebar metrics of the Analysis Center over the filtered range, less the KPI cards' figures (SFOC,
 * consumption, load, CII), which the sidebar takes from the dashboard's answer: computed once per view.
 */
import type { AnalysisSummaryResponse } from "../../contracts/analysis/analysis-summary";
import { priceSpans } from "../../domain/cost/fuel-pricing";
import { cleaningState } from "../../domain/hull/roughness-bands";
import { cleansHull, daysSince, latestDoneEvent } from "../../domain/maintenance/maintenance-events";
import { distanceSourceOf } from "../../domain/records/fuel-sums";
import { fuelBucketsByType, pricedSpansOf, sumOfBuckets } from "../metrics/fuel-buckets";
import { latestHullInRange, latestTrimInRange } from "../metrics/latest-in-range";
import { maintenanceEventsForHull } from "../metrics/maintenance-events";
import { loadPricing } from "../metrics/org-settings";
import { seriesTotals } from "../metrics/series-means";
import { AUXILIARY_POWER_SERIES } from "../metrics/series-sql";
import { fuelDataQualityWithReason } from "../system-status/data-quality-reason";
import type { AnalysisContext } from "./context";
import { presentRange, rangeAsOf } from "./context";

export async function analysisSummary(ctx: AnalysisContext): Promise<AnalysisSummaryResponse> {
  const { db, orgId, ship, range, now } = ctx;
  const [buckets, pricing, series, hull, trimM, quality, events] = await Promise.all([
    fuelBucketsByType(db, orgId, ship.id, range),
    loadPricing(db, orgId),
    seriesTotals(db, orgId, ship.id, range, [
      ...AUXILIARY_POWER_SERIES,
      "wind_speed",
      "wave_height",
      "sea_temp",
    ] as const),
    latestHullInRange(db, orgId, ship.id, range),
    latestTrimInRange(db, orgId, ship.id, range),
    fuelDataQualityWithReason(db, orgId, [ship.id], now),
    maintenanceEventsForHull(db, orgId, ship.id),
  ]);
  // Days to the range's last instant (its end is exclusive), as the hull calculator section counts them.
  const asOf = rangeAsOf(range);
  const lastCleaning = latestDoneEvent(events, asOf, cleansHull);
  const roughness = hull?.roughnessIndex ?? null;
  const sums = sumOfBuckets(buckets);
  const cost = priceSpans(pricing, pricedSpansOf(buckets));
  const aux = AUXILIARY_POWER_SERIES.map((a) => series[a]).filter((x): x is number => x !== null);
  const hasRecords = sums.records > 0;
  return {
    shipId: ship.id,
    range: presentRange(range),
    fuel: {
      totalFuelT: hasRecords ? sums.fuelT : null,
      costPerNm: cost.costPerNm,
      currency: pricing.currency,
      distanceSource: distanceSourceOf(sums.distanceNm, sums.distanceDerivedNm),
    },
    hull: {
      roughnessIndex: hull?.roughnessIndex ?? null,
      hullEfficiency: hull?.hullEfficiency ?? null,
      daysSinceLastCleaning: lastCleaning ? daysSince(lastCleaning.date, asOf) : null,
      lastCleaningDate: lastCleaning?.date ?? null,
      lastCleaningSource: lastCleaning?.source ?? null,
      cleaningState: roughness === null ? null : cleaningState(roughness),
    },
    engine: {
      auxiliaryPowerKw: aux.length > 0 ? aux.reduce((a, b) => a + b, 0) : null,
      trimM,
    },
    environment: {
      windSpeedKn: series.wind_speed,
      waveHeightM: series.wave_height,
      seaTemperatureC: series.sea_temp,
    },
    database: {
      fuelRecords: sums.records,
      dataQualityPercent: quality.quality?.percent ?? null,
      dataQualityEmptyReason: quality.emptyReason,
    },
  };
}
