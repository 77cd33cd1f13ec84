/** fuel-fuel-performance: SFOC over time, raw and at reference conditions, against the target and baseline. */
import type { FuelPerformanceSectionResponse } from "../../../contracts/analysis/fuel-performance-section";
import {
  baselineSfoc,
  SFOC_TARGET,
  SPEC_BASELINE_SFOC,
  sfocAgainstBaseline,
} from "../../../domain/engine/sfoc-baseline";
import { engineKindsOf } from "../../../domain/engine/sfoc-physical-range";
import { sfocOfSums } from "../../../domain/performance/sfoc-from-fuel";
import {
  differencePercent,
  isoSfocOfSums,
  meanLcvOfSums,
  meanLoadOfSums,
} from "../../../domain/records/fuel-sums";
import { bucketSums, fuelBuckets, sumOfBuckets } from "../../metrics/fuel-buckets";
import { ambientAt, seriesMeans } from "../../metrics/series-means";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

export async function fuelPerformance(ctx: AnalysisContext): Promise<FuelPerformanceSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [b, env] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    seriesMeans(db, orgId, ship.id, range, ["air_temp", "sea_temp"] as const),
  ]);
  const ambient = ambientAt(env);
  const shopTest = ship.shopTestCurve;
  let isoFuelSum = 0;
  let isoEnergy = 0;
  let ambientCorrected = false;
  const series = {
    t: [] as number[],
    sfoc: [] as (number | null)[],
    sfocIso: [] as (number | null)[],
    baseline: [] as (number | null)[],
    loadPercent: [] as (number | null)[],
  };
  b.t.forEach((t, i) => {
    const bt = bucketSums(b, i);
    const sfoc = sfocOfSums(bt);
    if (sfoc === null) return;
    const load = meanLoadOfSums(bt);
    const iso = isoSfocOfSums(bt, ambient(t));
    if (iso.sfoc !== null) {
      isoFuelSum += iso.sfoc * bt.energyKwh;
      isoEnergy += bt.energyKwh;
    }
    ambientCorrected ||= iso.ambient;
    series.t.push(t);
    series.sfoc.push(sfoc);
    series.sfocIso.push(iso.sfoc);
    series.baseline.push(
      baselineSfoc({ shopTest, engines: range.engine, loadPercent: load, burntLcvKjPerKg: meanLcvOfSums(bt) })
        .value,
    );
    series.loadPercent.push(load);
  });
  // the range's figure against its baseline: the SFOC card's function on the same sums (one answer on one screen)
  const vsBaseline = sfocAgainstBaseline(
    sumOfBuckets(b),
    shopTest,
    range.engine,
    engineKindsOf(range.consumers),
  );
  const meanSfoc = vsBaseline?.value ?? null;
  return {
    section: "fuel-fuel-performance",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    series,
    targetSfoc: SFOC_TARGET,
    specificationBaselineSfoc: SPEC_BASELINE_SFOC,
    baselineSource:
      vsBaseline?.referenceSource ??
      baselineSfoc({ shopTest, engines: range.engine, loadPercent: null, burntLcvKjPerKg: null }).source,
    ambientCorrected,
    summary: {
      meanSfoc,
      // energy-weighted mean of the buckets' normalised SFOC (each bucket has its own conditions)
      meanSfocIso: isoEnergy > 0 ? isoFuelSum / isoEnergy : null,
      baselineSfoc: vsBaseline?.reference ?? null,
      vsTargetPercent: differencePercent(meanSfoc, SFOC_TARGET),
      vsBaselinePercent: vsBaseline?.differencePercent ?? null,
      reportedSfoc: vsBaseline?.reported ?? null,
      sfocVerified: vsBaseline?.verified ?? true,
      sfocFlags: vsBaseline?.flags ?? [],
    },
  };
}
