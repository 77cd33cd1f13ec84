/** Analysis Center section `engine-engine-load`: GET /api/ships/:id/analysis/engine-engine-load?<filters>. */
import { z } from "zod";
import { LOAD_BAND_LABELS } from "../../domain/engine/load-bands";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

/** Time in load bands and load over time. */
export const engineLoadSection = z.object({
  ...sectionBase("engine-engine-load"),
  /** The 'Optimal Range' band of `summary.band`, % load: below `low` 'Low Load', above `high` 'High Load'. */
  optimalRangePercent: z.object({ low: num, high: num }),
  bands: z.object({
    /** Band labels, low to high: '<25', '25–40', '40–55', '55–70', '70–85', '85–100', '>100' (% load). */
    label: z.array(z.string()),
    /** Lower bound of each band, % (inclusive). */
    fromPercent: col,
    /** Hours in each band, h. */
    hours: col,
    /** Share of the loaded hours, %. */
    sharePercent: col,
  }),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Time-weighted mean load, %. */
    loadPercent: nullableCol,
  }),
  summary: z.object({
    /** Time-weighted mean load, %. */
    meanLoadPercent: num.nullable(),
    band: z.enum(LOAD_BAND_LABELS).nullable(),
    /** Hours with a recorded load, h. */
    hours: num.nullable(),
  }),
});
export type EngineLoadSectionResponse = z.infer<typeof engineLoadSection>;
