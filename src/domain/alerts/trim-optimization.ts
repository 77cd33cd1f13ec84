/**
 * trimOptimization (issue 16 item 2): the current trim's fuel penalty against the optimum learnt from the
 * ship's own voyages above `threshold` %, only where the trim analysis states its optimum with confidence
 * (decision 005: the section recommends only when the saving's interval over voyages excludes zero). Without a
 * confident optimum the rule says so ('no-data'): no claim that the trim is right.
 */
import { ALERT_THRESHOLD_UNITS, fmt, type RuleResult } from "./alert-types";

export type TrimOptimizationInput =
  | {
      currentTrimM: number;
      optimumTrimM: number;
      /** Expected saving at the optimum, % of fuel, and its interval over voyages. */
      savingPercent: number;
      savingInterval: { lowPercent: number; highPercent: number };
    }
  /** Why the analysis states no confident optimum (its `noRecommendationReason`). */
  | { missing: string };

export function trimOptimizationRule(input: TrimOptimizationInput, threshold: number): RuleResult {
  const unit = ALERT_THRESHOLD_UNITS.trimOptimization;
  if ("missing" in input)
    return {
      state: "no-data",
      figure: null,
      threshold,
      unit,
      reason: `No confident trim optimum: ${input.missing}.`,
    };
  const base = `Trim ${fmt(input.currentTrimM, 2)} m costs ${fmt(input.savingPercent)} % fuel against the optimum ${fmt(input.optimumTrimM, 2)} m (interval ${fmt(input.savingInterval.lowPercent)}–${fmt(input.savingInterval.highPercent)} %)`;
  return input.savingPercent > threshold
    ? {
        state: "fires",
        figure: input.savingPercent,
        threshold,
        unit,
        reason: `${base}, above the ${fmt(threshold)} % threshold.`,
      }
    : {
        state: "clear",
        figure: input.savingPercent,
        threshold,
        unit,
        reason: `${base}, within the ${fmt(threshold)} % threshold.`,
      };
}
