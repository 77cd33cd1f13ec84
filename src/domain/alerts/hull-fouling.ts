/**
 * hullFouling (issue 16 item 2): the hull's speed loss now (ISO 19030-2 performance value, the current
 * interval's trend read at its last accepted day with its 95 % interval: the Hull Condition section's
 * `current`, decision 009) measurably above `threshold` %: the interval's lower bound above it. Speed loss is
 * the indicator compared because ISO 19030's indicators are speed losses; the excess power (about three times
 * larger under the cube law) is stated beside it. The lower bound, not the central value, so that a noisy
 * estimate straddling the threshold does not open and resolve an alert with each new day of data.
 */
import type { Estimate } from "../hull/hull-intervals";
import { ALERT_THRESHOLD_UNITS, fmt, type RuleResult } from "./alert-types";

export type HullFoulingInput =
  | { speedLossPercent: Estimate; excessPowerPercent: Estimate }
  /** Why the hull analysis has no value now (no reference curve, too little accepted data, no recent data). */
  | { missing: string };

export function hullFoulingRule(input: HullFoulingInput, threshold: number): RuleResult {
  const unit = ALERT_THRESHOLD_UNITS.hullFouling;
  if ("missing" in input) return { state: "no-data", figure: null, threshold, unit, reason: input.missing };
  const l = input.speedLossPercent;
  const e = input.excessPowerPercent;
  const base = `Speed loss ${fmt(l.value)} % (95 % interval ${fmt(l.low)}–${fmt(l.high)} %), excess power ${fmt(e.value)} %`;
  return l.low > threshold
    ? {
        state: "fires",
        figure: l.value,
        threshold,
        unit,
        reason: `${base}: above the ${fmt(threshold)} % threshold.`,
      }
    : {
        state: "clear",
        figure: l.value,
        threshold,
        unit,
        reason: `${base}: not measurably above the ${fmt(threshold)} % threshold.`,
      };
}
