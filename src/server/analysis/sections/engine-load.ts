/** engine-engine-load: time in load bands and load over time. */
import type { EngineLoadSectionResponse } from "../../../contracts/analysis/engine-load-section";
import { LOAD_BAND_LIMITS, LOAD_HISTOGRAM, loadBand } from "../../../domain/engine/load-bands";
import { meanLoadOfSums } from "../../../domain/records/fuel-sums";
import { fuelBuckets } from "../../metrics/fuel-buckets";
import { loadBandHours } from "../../metrics/load-band-hours";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

export async function engineLoad(ctx: AnalysisContext): Promise<EngineLoadSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [b, hours] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    loadBandHours(db, orgId, ship.id, range),
  ]);
  const total = hours.reduce((a, h) => a + h, 0);
  const series = { t: [] as number[], loadPercent: [] as (number | null)[] };
  let loadPctHours = 0;
  let loadHours = 0;
  b.t.forEach((t, i) => {
    const bt = { loadPctHours: b.loadPctHours[i]!, loadHours: b.loadHours[i]! };
    loadPctHours += bt.loadPctHours;
    loadHours += bt.loadHours;
    series.t.push(t);
    series.loadPercent.push(meanLoadOfSums(bt));
  });
  const mean = meanLoadOfSums({ loadPctHours, loadHours });
  return {
    section: "engine-engine-load",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    optimalRangePercent: LOAD_BAND_LIMITS,
    bands: {
      label: LOAD_HISTOGRAM.map((bin) => bin.label),
      fromPercent: LOAD_HISTOGRAM.map((bin) => bin.fromPercent ?? 0),
      hours,
      sharePercent: hours.map((h) => (total > 0 ? (100 * h) / total : 0)),
    },
    series,
    summary: {
      meanLoadPercent: mean,
      band: mean === null ? null : loadBand(mean),
      hours: loadHours > 0 ? loadHours : null,
    },
  };
}
