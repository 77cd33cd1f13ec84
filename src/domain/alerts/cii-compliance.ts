/**
 * ciiCompliance (issue 16 item 2): the CII projected for the year's end (MEPC.352(78) attained CII, linear
 * projection of decision 011, rated per MEPC.354(78)) is D or E, or the C/D boundary is within `threshold`
 * days: the margin to the boundary (`ciiBoundaryMargins`, the compliance section's 'upper' margin) is the
 * CO2 the ship may still emit this year before its projected attained CII reaches the C/D boundary, in days
 * of its current emissions. With the default 0 days the alert fires exactly when the boundary is crossed.
 */
import { type CiiRating, complianceStatus } from "../cii/rating.js";
import { ALERT_THRESHOLD_UNITS, fmt, type RuleResult } from "./alert-types";

export type CiiComplianceInput =
  | {
      year: number;
      projectedRating: CiiRating | null;
      projectedAttained: number;
      /** Days of current emissions left before the C/D boundary (negative: beyond it); null without emissions. */
      daysToCdBoundary: number | null;
    }
  | { missing: string };

export function ciiComplianceRule(input: CiiComplianceInput, threshold: number): RuleResult {
  const unit = ALERT_THRESHOLD_UNITS.ciiCompliance;
  if ("missing" in input) return { state: "no-data", figure: null, threshold, unit, reason: input.missing };
  const { projectedRating: rating, daysToCdBoundary: days, year } = input;
  if (rating === null)
    return {
      state: "no-data",
      figure: days,
      threshold,
      unit,
      reason: `The ${year} CII is projected but not rated (ratings start with 2023).`,
    };
  const margin =
    days === null
      ? ""
      : days < 0
        ? `, ${fmt(-days, 0)} days of emissions beyond the C/D boundary`
        : `, ${fmt(days, 0)} days of emissions from the C/D boundary`;
  const base = `Projected ${year} CII ${fmt(input.projectedAttained, 2)}, rating ${rating}${margin}`;
  if (complianceStatus(rating) === "Non-Compliant")
    return {
      state: "fires",
      figure: days,
      threshold,
      unit,
      reason: `${base}: rated ${rating} at the year's end.`,
    };
  if (days !== null && days <= threshold)
    return {
      state: "fires",
      figure: days,
      threshold,
      unit,
      reason: `${base}: within the ${fmt(threshold, 0)}-day threshold.`,
    };
  return { state: "clear", figure: days, threshold, unit, reason: `${base}.` };
}
