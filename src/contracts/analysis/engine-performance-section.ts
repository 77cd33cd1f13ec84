/** Analysis Center section `engine-engine-performance`: GET /api/ships/:id/analysis/engine-engine-performance?<filters>. */
import { z } from "zod";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

/** SFOC against load with the shop-test curve, and the deviation trend. */
export const enginePerformanceSection = z.object({
  ...sectionBase("engine-engine-performance"),
  scatter: z.object({
    /** Bucket mean load, % MCR. */
    loadPercent: col,
    /** Bucket SFOC normalised to the ISO reference LCV, g/kWh. */
    sfocIso: col,
  }),
  /** The ship's shop-test curve (ISO conditions), null when not set. */
  shopTest: z.object({ loadPercent: col, sfoc: col }).nullable(),
  deviation: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** 100·(ISO SFOC − shop-test SFOC at the bucket's load)/shop-test, %; null outside the tested loads. */
    percent: nullableCol,
  }),
  summary: z.object({
    /** Mean of the deviation, weighted by energy, %. */
    meanDeviationPercent: num.nullable(),
    /** Linear trend of the deviation, % per 30 days (least squares); null with fewer than 2 points. */
    trendPercentPer30Days: num.nullable(),
  }),
});
export type EnginePerformanceSectionResponse = z.infer<typeof enginePerformanceSection>;
