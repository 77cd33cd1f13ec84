/** engine-engine-load: time in load bands and load over time. */
import { sql } from "drizzle-orm";
import type { EngineLoadSectionResponse } from "../../../contracts/analysis/engine-load-section";
import { LOAD_BANDS } from "../../rollups/daily-rollup";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";
import { LOAD_BAND_LIMITS, loadBand, meanLoadOf } from "../kpis";
import { fuelBuckets, fuelRows } from "../queries";

export const LOAD_BAND_LABELS = ["<25", "25–40", "40–55", "55–70", "70–85", "85–100", ">100"] as const;
const BAND_FROM = [0, 25, 40, 55, 70, 85, 100];

export async function engineLoad(ctx: AnalysisContext): Promise<EngineLoadSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const sums = sql.raw(LOAD_BANDS.map(([c]) => `coalesce(sum(${c}), 0)::float8 as ${c}`).join(", "));
  const [b, bandRes] = await Promise.all([
    fuelBuckets(db, orgId, ship.id, range),
    db.execute(sql`select ${sums} from ${fuelRows(orgId, ship.id, range)} r`),
  ]);
  const bandRow = bandRes.rows[0] as Record<string, number>;
  const hours = LOAD_BANDS.map(([c]) => Number(bandRow[c] ?? 0));
  const total = hours.reduce((a, h) => a + h, 0);
  const series = { t: [] as number[], loadPercent: [] as (number | null)[] };
  let pctHours = 0;
  let loadHours = 0;
  b.t.forEach((t, i) => {
    const bt = { load_pct_hours: b.load_pct_hours[i]!, load_hours: b.load_hours[i]! };
    pctHours += bt.load_pct_hours;
    loadHours += bt.load_hours;
    series.t.push(t);
    series.loadPercent.push(meanLoadOf(bt));
  });
  const mean = meanLoadOf({ load_pct_hours: pctHours, load_hours: loadHours });
  return {
    section: "engine-engine-load",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    optimalRangePercent: LOAD_BAND_LIMITS,
    bands: {
      label: [...LOAD_BAND_LABELS],
      fromPercent: BAND_FROM,
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
