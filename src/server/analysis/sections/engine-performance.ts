/** engine-engine-performance: SFOC against load with the shop-test curve, and the deviation trend. */
import type { EnginePerformanceSectionResponse } from "../../../contracts/analysis/engine-performance-section";
import { shopTestSfocWithin } from "../../../domain/engine/sfoc-baseline";
import { sfocDeviationTrend } from "../../../domain/engine/sfoc-deviation-trend";
import { sfocDeviationFromShopTest } from "../../../domain/engine/shop-test-curve";
import { isoSfocOfSums, meanLoadOfSums } from "../../../domain/records/fuel-sums";
import { bucketSums, fuelBuckets } from "../../metrics/fuel-buckets";
import { ambientAt, seriesMeans } from "../../metrics/series-means";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

/**
 * Each bucket's SFOC at reference conditions (domain `isoSfocOfSums`, as fuel-fuel-performance's `sfocIso`) against its mean load;
 * the deviation from the ship's shop-test curve at that load (domain sfocDeviationFromShopTest), where the
 * load lies within the tested loads. The shop-test curve is the main engine's: with engine=auxiliary or all
 * the deviation is not computed (null).
 */
export async function enginePerformance(ctx: AnalysisContext): Promise<EnginePerformanceSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [b, env] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    seriesMeans(db, orgId, ship.id, range, ["air_temp", "sea_temp"] as const),
  ]);
  const ambient = ambientAt(env);
  const curve = range.engine === "main" ? ship.shopTestCurve : null;
  const scatter = { loadPercent: [] as number[], sfocIso: [] as number[] };
  const deviation = { t: [] as number[], percent: [] as (number | null)[] };
  let weighted = 0;
  let energy = 0;
  b.t.forEach((t, i) => {
    const bt = bucketSums(b, i);
    const load = meanLoadOfSums(bt);
    const iso = isoSfocOfSums(bt, ambient(t)).sfoc;
    if (load === null || iso === null) return;
    scatter.loadPercent.push(load);
    scatter.sfocIso.push(iso);
    const dev =
      curve && shopTestSfocWithin(curve, load) !== null
        ? sfocDeviationFromShopTest(curve, { loadPercent: load, isoSfocGPerKwh: iso }).deviationPercent
        : null;
    deviation.t.push(t);
    deviation.percent.push(dev);
    if (dev !== null) {
      weighted += dev * bt.energyKwh;
      energy += bt.energyKwh;
    }
  });
  // a trend only where its rule allows one (domain sfocDeviationTrend): never a slope through a day's hours
  const trend =
    curve === null
      ? null
      : sfocDeviationTrend(
          deviation.t.map((t, i) => ({ tSeconds: t, percent: deviation.percent[i] ?? null })),
        );
  return {
    section: "engine-engine-performance",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    scatter,
    shopTest: curve
      ? {
          loadPercent: curve.map((p) => p.loadPercent).sort((a, b) => a - b),
          sfoc: [...curve].sort((a, b) => a.loadPercent - b.loadPercent).map((p) => p.sfocGPerKwh),
        }
      : null,
    deviation,
    summary: {
      meanDeviationPercent: energy > 0 ? weighted / energy : null,
      trendPercentPer30Days: trend?.trend?.percentPer30Days ?? null,
      trendInterval: trend?.trend
        ? {
            lowPercentPer30Days: trend.trend.lowPercentPer30Days,
            highPercentPer30Days: trend.trend.highPercentPer30Days,
          }
        : null,
      trendReason: trend === null ? "no shop-test curve to deviate from" : trend.reason,
    },
  };
}
