/** Analysis Center section `engine-trim-optimization`: GET /api/ships/:id/analysis/engine-trim-optimization?<filters>. */
import { z } from "zod";
import { col, num } from "./conventions";
import { sectionBase } from "./section-base";

/** Fuel penalty against trim per draught × speed bin, the optimum for the current condition and the saving. */
export const trimOptimizationSection = z.object({
  ...sectionBase("engine-trim-optimization"),
  bins: z.array(
    z.object({
      /** m. */
      draughtFromM: num,
      draughtToM: num,
      /** kn. */
      speedFromKn: num,
      speedToKn: num,
      /** Hours at sea the bin holds (its samples' weight). */
      hoursAtSea: num,
      /** Recorded voyages whose hours fall in the bin (the unit of replication of a trim comparison). */
      voyageCount: num,
      model: z.enum(["quadratic", "best-observed"]),
      /** m (aft − fore; positive by the stern). */
      optimumTrimM: num,
      /**
       * Whether the optimum rests on enough evidence (domain trimOptimumSupport: voyages, hours, and for a
       * best-observed optimum the hours of its trim class), and why not.
       */
      optimumSupported: z.boolean(),
      unsupportedReason: z.string().nullable(),
      /** t/day at the bin's centre speed. */
      fuelAtOptimumTonnesPerDay: num,
      /**
       * The model as a line: a parabola sampled at 11 trims over the observed range, the observed table at its
       * points; trim m and fuel penalty, % above the optimum. Only points within the physical cap of a trim
       * penalty (domain TRIM_EVIDENCE.penaltyCapPercent, 15 %). Empty when the drawing rule (domain trimCurve)
       * allows no line: the optimum is not supported, or fewer than two points are plausible.
       */
      curve: z.object({ trimM: col, penaltyPercent: col }),
      /** Why `curve` is empty (the unsupported optimum's reason, or the physical cap); null with a curve. */
      noCurveReason: z.string().nullable(),
      /**
       * The trims sailed, per 0.1 m class: mean trim m, mean fuel at the bin's centre speed as % above the
       * optimum, and hours at sea.
       */
      observed: z.object({ trimM: col, penaltyPercent: col, hoursAtSea: col }),
      /** Hours of the trim classes left out of `observed`: their fuel differs by more than trim can cause. */
      implausibleHours: num,
    }),
  ),
  /** The latest sailing condition in the range (mean draught m, speed kn, trim m), or null. */
  current: z.object({ meanDraughtM: num, speedKn: num, trimM: num, at: z.string() }).nullable(),
  /**
   * Recommendation for `current` (domain trimFromPerformance): only when the voyages near it are enough and
   * the bootstrap interval of the saving over voyages excludes zero; else null, and `noRecommendationReason`.
   */
  recommendation: z
    .object({
      /** m. */
      optimumTrimM: num,
      /** % of the fuel at the current trim. */
      expectedSavingPercent: num,
      /** t/day. */
      expectedSavingTonnesPerDay: num,
      method: z.enum(["quadratic", "best-observed"]),
      /** 95 % percentile bootstrap interval of `expectedSavingPercent`, voyages resampled. */
      savingInterval: z.object({ lowPercent: num, highPercent: num }),
      /** Voyages the recommendation rests on. */
      voyageCount: num,
      /** 95 % percentile bootstrap interval of `optimumTrimM`, m, voyages resampled. */
      optimumInterval: z.object({ lowM: num, highM: num }),
    })
    .nullable(),
  /**
   * What the recommendation is learned from (domain trimFromPerformance): each voyage's conditions as their
   * fuel over the ship's reference power at their speed and displacement ('speed-power-curve': the ship's
   * curve, ISO 19030-2; 'admiralty': P ∝ Δ^(2/3)·Vⁿ when it has none), with a level and fouling trend per
   * interval between the hull maintenance events counted here, pooled over the voyages that sailed within
   * ±1 m of draught and ±3 kn of the current condition.
   */
  performanceBasis: z.object({
    reference: z.enum(["speed-power-curve", "admiralty"]),
    maintenanceEvents: num,
    voyageCount: num,
    hoursAtSea: num,
    /**
     * 'iso15016': the wind and waves' added power taken out of each period's fuel, periods within the
     * ISO 19030-2 reference wind only (decision 034); 'none': the range holds no weather records,
     * the measured fuel is read.
     */
    weatherCorrection: z.enum(["iso15016", "none"]),
    /**
     * The fit's optimum for the current condition (m), shown or not: null without a convex fit. Not a
     * recommendation (that is `recommendation`, with its evidence); for checking the method against data.
     */
    fittedOptimumTrimM: num.nullable(),
  }),
  /** Why there is no recommendation (not enough voyages, interval includes zero, ...); null with one. */
  noRecommendationReason: z.string().nullable(),
  summary: z.object({
    /** Hours at sea analysed (trim records joined with fuel and speed). */
    hoursAtSea: num,
    /** Sailing conditions (draught bin × speed bin × 0.1 m trim class) those hours pooled into. */
    conditionCount: num,
    binCount: num,
    /** Recorded voyages the analysed hours fall in. */
    voyageCount: num,
  }),
});
export type TrimOptimizationSectionResponse = z.infer<typeof trimOptimizationSection>;
