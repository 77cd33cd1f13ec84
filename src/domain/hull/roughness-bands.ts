import { requireFinite } from "../performance/guards.js";

/** Calculator colour band of a hull roughness index (spec §4). */
export type RoughnessBand = "good" | "caution" | "orange" | "red";

/** Hull cleaning state of a roughness index (spec §4). */
export type CleaningState = "Good" | "Moderate" | "Poor";

/** Upper (inclusive) limits of the calculator bands: ≤110 good, ≤120 caution, ≤140 orange, above red (spec §4, §9). */
export const ROUGHNESS_BAND_LIMITS = { good: 110, caution: 120, orange: 140 } as const;

/** Cleaning-state thresholds: below 120 Good, 120 to under 180 Moderate, 180 or more Poor (spec §4, §9). */
export const CLEANING_STATE_LIMITS = { moderateFrom: 120, poorFrom: 180 } as const;

/** The colour each band is shown in (spec §4: green, yellow, orange, red). */
export const ROUGHNESS_BAND_COLORS: Record<RoughnessBand, "green" | "yellow" | "orange" | "red"> = {
  good: "green",
  caution: "yellow",
  orange: "orange",
  red: "red",
};

/** Band of a hull roughness index: up to 110 good, up to 120 caution, up to 140 orange, above 140 red (spec §4). */
export function roughnessBand(index: number): RoughnessBand {
  requireFinite("hullRoughnessIndex", index);
  if (index <= ROUGHNESS_BAND_LIMITS.good) return "good";
  if (index <= ROUGHNESS_BAND_LIMITS.caution) return "caution";
  if (index <= ROUGHNESS_BAND_LIMITS.orange) return "orange";
  return "red";
}

/** Cleaning state of a hull roughness index: <120 Good, 120–<180 Moderate, ≥180 Poor (spec §4). */
export function cleaningState(index: number): CleaningState {
  requireFinite("hullRoughnessIndex", index);
  if (index < CLEANING_STATE_LIMITS.moderateFrom) return "Good";
  if (index < CLEANING_STATE_LIMITS.poorFrom) return "Moderate";
  return "Poor";
}

/**
 * Roughness-index points per percent of excess power at equal speed: 2.5 (Sextant mapping [MEM]).
 * Chosen so that the spec's clean-hull range (100–110) covers up to +4 % power, about the scatter of
 * in-service measurements, and its "heavy fouling 150" hint falls at +20 % power, the order of magnitude
 * published for heavy slime (Schultz, Biofouling 23(5), 2007: roughly +20 % at cruise speed) [MEM].
 */
export const ROUGHNESS_INDEX_PER_EXCESS_POWER_PERCENT = 2.5;

/** Index of a hull exactly as good as its baseline (the bottom of the spec's clean-hull range 100–110). */
export const CLEAN_HULL_ROUGHNESS_INDEX = 100;

/**
 * Hull roughness index (dimensionless, spec scale) from excess power [%] at equal speed:
 * index = 100 + 2.5 × excess, floored at 100 (a hull better than its baseline reads as clean; the
 * negative excess still shows in hullEfficiency). Sextant mapping, see the constant above.
 * The one definition of the index: the hull calculator (from measured powers) and the simulator's hull
 * records (from its fouling F = hull + propeller %, the excess power it applies) both call it, so the same
 * hull state reads the same index in both (simulator/hull-state-agreement.test.ts).
 */
export function roughnessIndexFromExcessPower(excessPowerPercent: number): number {
  requireFinite("excessPowerPercent", excessPowerPercent);
  return Math.max(
    CLEAN_HULL_ROUGHNESS_INDEX,
    CLEAN_HULL_ROUGHNESS_INDEX + ROUGHNESS_INDEX_PER_EXCESS_POWER_PERCENT * excessPowerPercent,
  );
}
