/**
 * Which SFOC a figure shows, and when it cannot be trusted (decision 007). The figure is the SFOC derived
 * from the fuel rate and the engine power (Σ fuel mass / Σ energy, ISO 3046-1 §3: what the engine burnt for
 * what it delivered, over the same hours). The SFOC column of the reports is the cross-check: it is a
 * figure someone computed or typed, on a basis the file does not say. A derived SFOC that disagrees with the
 * reported one by more than SFOC_AGREEMENT_LIMIT_PERCENT, or either outside the engine kind's physical range
 * (sfoc-physical-range.ts), is unverified: never presented as an improvement.
 */
import { differencePercent } from "../records/fuel-sums.js";
import { isSfocPhysical } from "./sfoc-physical-range.js";

/** Largest difference between the reported and the derived SFOC that is read as agreement, % of the derived (Sextant rule: metering and rounding stay well inside it). */
export const SFOC_AGREEMENT_LIMIT_PERCENT = 10;

/** Why an SFOC is unverified: the two sources disagree, or a figure no engine of the kind reaches. */
export const SFOC_FLAGS = ["reported-vs-derived", "out-of-physical-range"] as const;
export type SfocFlag = (typeof SFOC_FLAGS)[number];

/** 100·(reported − derived)/derived, %; null without either. */
export function reportedVsDerivedPercent(reported: number | null, derived: number | null): number | null {
  return differencePercent(reported, derived);
}

/** Whether a reported and a derived SFOC disagree by more than SFOC_AGREEMENT_LIMIT_PERCENT (false when either is missing). */
export function sfocsDisagree(reported: number | null, derived: number | null): boolean {
  const d = reportedVsDerivedPercent(reported, derived);
  return d !== null && Math.abs(d) > SFOC_AGREEMENT_LIMIT_PERCENT;
}

/**
 * The cross-check of a derived SFOC (g/kWh) against the reported one (null when not reported) and the
 * physical range of the engine: the flags raised (empty: verified) and the difference in %.
 */
export function crossCheckSfoc(input: {
  derived: number;
  reported: number | null;
  range: { min: number; max: number };
}): { flags: SfocFlag[]; reportedDifferencePercent: number | null } {
  const flags: SfocFlag[] = [];
  if (sfocsDisagree(input.reported, input.derived)) flags.push("reported-vs-derived");
  const outside =
    !isSfocPhysical(input.derived, input.range) ||
    (input.reported !== null && !isSfocPhysical(input.reported, input.range));
  if (outside) flags.push("out-of-physical-range");
  return { flags, reportedDifferencePercent: reportedVsDerivedPercent(input.reported, input.derived) };
}
