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
    /**
     * Trend of the deviation, % per 30 days (domain sfocDeviationTrend: daily values, at least 20 days at
     * least 45 days apart, outlying days left out, least squares); null where that rule allows none.
     */
    trendPercentPer30Days: num.nullable(),
    /** Its 95 % interval (neighbouring days' correlation allowed for), % per 30 days; null without a trend. */
    trendInterval: z.object({ lowPercentPer30Days: num, highPercentPer30Days: num }).nullable(),
    /** Why there is no trend (too few days, too short a span); null with one. */
    trendReason: z.string().nullable(),
  }),
});
export type EnginePerformanceSectionResponse = z.infer<typeof enginePerformanceSection>;
