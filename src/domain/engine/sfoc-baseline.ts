/**
 * The SFOC a measured figure is compared with ('vs baseline'), and the chart's target. The rule, once:
 * the main engine's shop-test SFOC at the mean load when the main engine alone is shown and its shop-test
 * curve covers that load, put on the energy basis of the fuel burnt; the auxiliary engines alone (four-stroke
 * generators) against the four-stroke default of 200 g/kWh; otherwise the specification's figure.
 */
import { sfocOfSums } from "../performance/sfoc-from-fuel.js";
import {
  differencePercent,
  type FuelSums,
  meanLcvOfSums,
  meanLoadOfSums,
  reportedSfocOfSums,
} from "../records/fuel-sums.js";
import { crossCheckSfoc, type SfocFlag } from "./sfoc-cross-check.js";
import { sfocAtActualLcv } from "./sfoc-iso-correction.js";
import { type EngineKind, sfocPhysicalRange } from "./sfoc-physical-range.js";
import { type ShopTestPoint, shopTestSfocAt } from "./shop-test-curve.js";

/** Baseline SFOC when no shop-test curve applies, g/kWh (spec §9). */
export const SPEC_BASELINE_SFOC = 185;
/** The SFOC chart's target line, g/kWh (spec §9). */
export const SFOC_TARGET = 180;

/**
 * Baseline SFOC of the auxiliary engines alone, g/kWh: the default SFOC of a four-stroke engine without a
 * technical file (reference-data.md §6 [C2]). Judging generators against the two-stroke main engine's 185 made
 * every auxiliary SFOC look 8–15 % worse than it is (issue 35).
 */
export const FOUR_STROKE_BASELINE_SFOC = 200;

/**
 * Where a baseline comes from: the engine's shop test, the specification's 185 g/kWh, or the four-stroke
 * default for the auxiliary engines alone.
 */
export const BASELINE_SOURCES = ["shop-test", "specification", "four-stroke-default"] as const;
export type BaselineSource = (typeof BASELINE_SOURCES)[number];

/** Which engines a compared figure covers (the dashboard's engine filter). */
export type BaselineEngines = "main" | "auxiliary" | "all";

/** A baseline's source in words, for the card, the chart, the PDF and the alert alike. */
export const BASELINE_SOURCE_WORDS: Record<BaselineSource, string> = {
  "shop-test": "shop-test",
  specification: "specification",
  "four-stroke-default": "four-stroke default",
};

/** Shop-test SFOC at `loadPercent` (ISO reference LCV), or null without a curve or outside the tested loads (never extrapolated). */
export function shopTestSfocWithin(
  curve: readonly ShopTestPoint[] | null,
  loadPercent: number | null,
): number | null {
  if (!curve || curve.length < 2 || loadPercent === null) return null;
  const loads = curve.map((p) => p.loadPercent);
  if (loadPercent < Math.min(...loads) || loadPercent > Math.max(...loads)) return null;
  return shopTestSfocAt(curve, loadPercent);
}

/**
 * Baseline SFOC, g/kWh. `engines`: which engines the compared figure covers (a shop test is the main engine's;
 * the auxiliary engines alone take the four-stroke default). `burntLcvKjPerKg`: mean LCV of the fuel burnt; a shop test is at the ISO reference LCV
 * (42,700 kJ/kg) while the measured SFOC is on the fuel burnt, so the baseline is put on that fuel's energy
 * basis (ISO 3046-1 LCV correction, inverted: `sfocAtActualLcv`) and HFO's lower LCV is not read as a 6 %
 * engine deterioration. Null LCV: left at the reference LCV.
 */
export function baselineSfoc(input: {
  shopTest: readonly ShopTestPoint[] | null;
  engines: BaselineEngines;
  loadPercent: number | null;
  burntLcvKjPerKg: number | null;
}): { value: number; source: BaselineSource; loadPercent: number | null } {
  if (input.engines === "auxiliary")
    return { value: FOUR_STROKE_BASELINE_SFOC, source: "four-stroke-default", loadPercent: null };
  const shop = input.engines === "main" ? shopTestSfocWithin(input.shopTest, input.loadPercent) : null;
  if (shop === null) return { value: SPEC_BASELINE_SFOC, source: "specification", loadPercent: null };
  const value = input.burntLcvKjPerKg === null ? shop : sfocAtActualLcv(shop, input.burntLcvKjPerKg);
  return { value, source: "shop-test", loadPercent: input.loadPercent };
}

/**
 * A span's SFOC against its baseline, from the span's fuel sums: the SFOC derived from fuel and power
 * (`sfocOfSums`, the figure: decision 007), the baseline at the span's mean load on the fuel burnt
 * (`baselineSfoc`), the difference in %, and the cross-check: the energy-weighted reported SFOC, its
 * difference from the derived one, and the flags (`crossCheckSfoc`) against the physical range of the
 * `engineKinds` on the fuel burnt. `verified` false: the difference must not be shown as an improvement.
 * Null without energy. The SFOC card and the Performance Trends section both read this, so they cannot
 * disagree.
 */
export function sfocAgainstBaseline(
  sums: FuelSums,
  shopTest: readonly ShopTestPoint[] | null,
  engines: BaselineEngines,
  engineKinds: readonly EngineKind[],
): {
  value: number;
  reference: number;
  differencePercent: number;
  referenceSource: BaselineSource;
  referenceLoadPercent: number | null;
  reported: number | null;
  reportedDifferencePercent: number | null;
  verified: boolean;
  flags: SfocFlag[];
} | null {
  const value = sfocOfSums(sums);
  if (value === null) return null;
  const lcv = meanLcvOfSums(sums);
  const base = baselineSfoc({
    shopTest,
    engines,
    loadPercent: meanLoadOfSums(sums),
    burntLcvKjPerKg: lcv,
  });
  const reported = reportedSfocOfSums(sums);
  const check = crossCheckSfoc({ derived: value, reported, range: sfocPhysicalRange(engineKinds, lcv) });
  return {
    value,
    reference: base.value,
    differencePercent: differencePercent(value, base.value)!,
    referenceSource: base.source,
    referenceLoadPercent: base.loadPercent,
    reported,
    reportedDifferencePercent: check.reportedDifferencePercent,
    verified: check.flags.length === 0,
    flags: check.flags,
  };
}
