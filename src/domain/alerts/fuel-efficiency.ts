/**
 * fuelEfficiency (issue 16 item 2): the main engine's SFOC over the last 7 days more than `threshold` % above
 * its baseline. The figure is the SFOC card's own (`sfocAgainstBaseline`, domain/engine/sfoc-baseline.ts:
 * SFOC derived from fuel and power, against the shop-test SFOC at the span's mean load on the fuel burnt's
 * energy basis, else the specification's 185 g/kWh), so the alert and the card cannot disagree.
 */
import { BASELINE_SOURCE_WORDS, type BaselineSource } from "../engine/sfoc-baseline.js";
import { ALERT_THRESHOLD_UNITS, fmt, type RuleResult } from "./alert-types";

/** Days of data the rule reads (Sextant choice: the dashboard's default range, a week of voyages). */
export const FUEL_EFFICIENCY_WINDOW_DAYS = 7;

export type FuelEfficiencyInput = {
  /** The SFOC card's figure over the window, or null when the window holds no main-engine fuel with power. */
  sfoc: {
    value: number;
    reference: number;
    differencePercent: number;
    referenceSource: BaselineSource;
    /** False when the reported and derived SFOC disagree or the figure is physically implausible. */
    verified: boolean;
  } | null;
};

export function fuelEfficiencyRule(input: FuelEfficiencyInput, threshold: number): RuleResult {
  const unit = ALERT_THRESHOLD_UNITS.fuelEfficiency;
  const s = input.sfoc;
  if (s === null)
    return {
      state: "no-data",
      figure: null,
      threshold,
      unit,
      reason: `No main-engine fuel with engine power in the last ${FUEL_EFFICIENCY_WINDOW_DAYS} days: the SFOC cannot be derived.`,
    };
  if (!s.verified)
    return {
      state: "no-data",
      figure: s.differencePercent,
      threshold,
      unit,
      reason: `The SFOC of the last ${FUEL_EFFICIENCY_WINDOW_DAYS} days (${fmt(s.value)} g/kWh) fails its cross-check (reported against derived, physical range): check the records before reading it as a loss.`,
    };
  const base = `SFOC ${fmt(s.value)} g/kWh is ${fmt(s.differencePercent)} % against its ${BASELINE_SOURCE_WORDS[s.referenceSource]} baseline of ${fmt(s.reference)} g/kWh (last ${FUEL_EFFICIENCY_WINDOW_DAYS} days)`;
  return s.differencePercent > threshold
    ? {
        state: "fires",
        figure: s.differencePercent,
        threshold,
        unit,
        reason: `${base}, above the ${fmt(threshold)} % threshold.`,
      }
    : {
        state: "clear",
        figure: s.differencePercent,
        threshold,
        unit,
        reason: `${base}, within the ${fmt(threshold)} % threshold.`,
      };
}
