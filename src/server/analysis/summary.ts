/** Sidebar metrics of the Analysis Center: one real figure per category over the filtered range. */
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { AnalysisSummaryResponse } from "../../contracts/analysis/analysis-summary";
import { hullCondition, trimData } from "../db/schema";
import { fuelDataQuality } from "../system-status/data-quality";
import type { AnalysisContext } from "./context";
import { presentRange } from "./context";
import { computeKpisWithTotals } from "./kpis";
import { fuelBucketsByType, seriesTotals, totalsOfBuckets } from "./queries";
import { fuelCost } from "./sections/fuel-cost";

const AUX = ["hvac", "pumps", "lighting", "navigation", "cargo_handling"] as const;

export async function analysisSummary(ctx: AnalysisContext): Promise<AnalysisSummaryResponse> {
  const { db, orgId, ship, range, now } = ctx;
  const inRange = <T extends typeof hullCondition | typeof trimData>(t: T) =>
    and(eq(t.orgId, orgId), eq(t.shipId, ship.id), gte(t.ts, range.from), lt(t.ts, range.to));
  // one read of the range's fuel buckets for the KPIs' sums and the cost per nautical mile
  const buckets = fuelBucketsByType(db, orgId, ship.id, range);
  const [{ kpis, totals: filtered }, series, cost, [hull], [trim], quality] = await Promise.all([
    computeKpisWithTotals(ctx, buckets.then(totalsOfBuckets)),
    seriesTotals(db, orgId, ship.id, range, [...AUX, "wind_speed", "wave_height"] as const),
    fuelCost(ctx, false, buckets),
    db.select().from(hullCondition).where(inRange(hullCondition)).orderBy(desc(hullCondition.ts)).limit(1),
    db.select().from(trimData).where(inRange(trimData)).orderBy(desc(trimData.ts)).limit(1),
    fuelDataQuality(db, orgId, [ship.id], now),
  ]);
  const aux = AUX.map((a) => series[a]).filter((x): x is number => x !== null);
  return {
    shipId: ship.id,
    range: presentRange(range),
    fuel: {
      sfoc: kpis.sfoc?.value ?? null,
      fuelConsumptionRate: kpis.fuelConsumptionRate?.value ?? null,
      totalFuelT: filtered && filtered.records > 0 ? filtered.fuel_t : null,
      costPerNm: cost.summary.costPerNm,
    },
    hull: {
      roughnessIndex: hull?.roughnessIndex ?? null,
      hullEfficiency: hull?.hullEfficiency ?? null,
      daysSinceLastCleaning: hull?.daysSinceLastCleaning ?? null,
    },
    engine: {
      loadFactor: kpis.engineLoadFactor?.value ?? null,
      auxiliaryPowerKw: aux.length > 0 ? aux.reduce((a, b) => a + b, 0) : null,
      trimM: trim
        ? (trim.trimM ??
          (trim.draughtAftM !== null && trim.draughtForeM !== null
            ? trim.draughtAftM - trim.draughtForeM
            : null))
        : null,
    },
    environment: {
      windSpeedKn: series.wind_speed,
      waveHeightM: series.wave_height,
      ciiRating: kpis.cii?.rating ?? null,
    },
    database: { fuelRecords: filtered?.records ?? 0, dataQualityPercent: quality?.percent ?? null },
  };
}
