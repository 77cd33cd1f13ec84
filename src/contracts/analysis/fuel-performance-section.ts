/** Analysis Center section `fuel-fuel-performance`: GET /api/ships/:id/analysis/fuel-fuel-performance?<filters>. */

import { z } from "zod";
import { BASELINE_SOURCES } from "../../domain/engine/sfoc-baseline";
import { SFOC_FLAGS } from "../../domain/engine/sfoc-cross-check";
import { col, nullableCol, num } from "./conventions";
import { sectionBase } from "./section-base";

/** SFOC over time (raw and normalised to ISO reference conditions) against the target and the baseline. */
export const fuelPerformanceSection = z.object({
  ...sectionBase("fuel-fuel-performance"),
  series: z.object({
    /** Bucket start, epoch s. */
    t: col,
    /** Measured SFOC = Σ fuel / Σ energy in the bucket, g/kWh. */
    sfoc: nullableCol,
    /**
     * SFOC normalised to reference conditions, g/kWh: LCV of the fuels burnt referred to 42,700 kJ/kg and,
     * when the bucket has air and sea temperatures, the ambient correction (domain engine sfocToIsoConditions).
     */
    sfocIso: nullableCol,
    /** Baseline SFOC, g/kWh: shop-test SFOC at the bucket's mean load, or `specificationBaselineSfoc`. */
    baseline: nullableCol,
    /** Time-weighted mean load of the bucket, % MCR. */
    loadPercent: nullableCol,
  }),
  /** SFOC chart target, g/kWh (spec §9: 180). */
  targetSfoc: num,
  baselineSource: z.enum(BASELINE_SOURCES),
  /** g/kWh: the specification's baseline SFOC, the baseline of a ship without a shop-test curve (185). */
  specificationBaselineSfoc: num,
  /** True when the ambient correction was applied to at least one bucket (temperatures were stored). */
  ambientCorrected: z.boolean(),
  summary: z.object({
    /** g/kWh over the whole range (Σ fuel / Σ energy). */
    meanSfoc: num.nullable(),
    /** g/kWh, normalised as `series.sfocIso`. */
    meanSfocIso: num.nullable(),
    /** g/kWh: the baseline at the range's mean load. */
    baselineSfoc: num.nullable(),
    /** %: 100·(meanSfoc − target)/target. */
    vsTargetPercent: num.nullable(),
    /** %: 100·(meanSfoc − baselineSfoc)/baselineSfoc. */
    vsBaselinePercent: num.nullable(),
    /** Cross-check: energy-weighted mean of the reported SFOC column, g/kWh (null when not reported). */
    reportedSfoc: num.nullable(),
    /** False when `sfocFlags` is not empty: `meanSfoc` is unverified and `vsBaselinePercent` no improvement. */
    sfocVerified: z.boolean(),
    /** As the SFOC card's `flags`. */
    sfocFlags: z.array(z.enum(SFOC_FLAGS)),
  }),
});
export type FuelPerformanceSectionResponse = z.infer<typeof fuelPerformanceSection>;
