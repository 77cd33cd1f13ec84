/**
 * enginePerformance (issue 16 item 2): the main engine's SFOC at ISO reference conditions against its
 * shop-test curve at the same load (ISO 3046-1 correction, domain/engine/shop-test-curve.ts
 * `sfocDeviationFromShopTest`), energy-weighted over the last 7 days, more than `threshold` % above. The
 * figure is the engine-performance section's `meanDeviationPercent`, read over the same window.
 */
import { ALERT_THRESHOLD_UNITS, fmt, type RuleResult } from "./alert-types";

export const ENGINE_PERFORMANCE_WINDOW_DAYS = 7;

export type EnginePerformanceInput = {
  /** Whether the ship has a shop-test curve of its main engine. */
  hasShopTest: boolean;
  /** Energy-weighted deviation from the shop test over the window, %; null where no load lay within the tested loads. */
  meanDeviationPercent: number | null;
};

export function enginePerformanceRule(input: EnginePerformanceInput, threshold: number): RuleResult {
  const unit = ALERT_THRESHOLD_UNITS.enginePerformance;
  if (!input.hasShopTest)
    return {
      state: "no-data",
      figure: null,
      threshold,
      unit,
      reason: "No shop-test curve for the main engine: enter it in the ship's particulars.",
    };
  const d = input.meanDeviationPercent;
  if (d === null)
    return {
      state: "no-data",
      figure: null,
      threshold,
      unit,
      reason: `No main-engine hour of the last ${ENGINE_PERFORMANCE_WINDOW_DAYS} days at a load within the shop test's loads, with fuel, power and ambient conditions.`,
    };
  const base = `Normalised SFOC is ${fmt(d)} % against the shop-test curve at load (last ${ENGINE_PERFORMANCE_WINDOW_DAYS} days)`;
  return d > threshold
    ? {
        state: "fires",
        figure: d,
        threshold,
        unit,
        reason: `${base}, above the ${fmt(threshold)} % threshold.`,
      }
    : {
        state: "clear",
        figure: d,
        threshold,
        unit,
        reason: `${base}, within the ${fmt(threshold)} % threshold.`,
      };
}
