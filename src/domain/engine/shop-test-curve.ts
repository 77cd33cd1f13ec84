import { DomainInputError } from "../errors.js";
import { requirePositive } from "../performance/guards.js";
import { type InterpolationMethod, interpolate, prepareCurve } from "../performance/interpolation.js";

/** One shop-test (factory acceptance test) point: engine load [% of MCR] and SFOC at ISO conditions [g/kWh]. */
export type ShopTestPoint = { loadPercent: number; sfocGPerKwh: number };

/**
 * Default interpolation between shop-test points: piecewise-linear (Sextant choice). It is exact at the
 * test points and cannot invent a minimum between them; "monotone-cubic" (Fritsch–Carlson) is smoother
 * and also overshoot-free.
 */
export const DEFAULT_SHOP_TEST_INTERPOLATION: InterpolationMethod = "linear";

/**
 * Expected SFOC [g/kWh, ISO conditions] at `loadPercent` [% MCR] on the engine's shop-test curve.
 * Loads outside the tested range are refused (DomainInputError on loadPercent): SFOC curves bend sharply at
 * low load and extrapolation would mislead. Source: issue 3 item 7 (SFOC against the shop-test curve);
 * interpolation methods in performance/interpolation.ts.
 */
export function shopTestSfocAt(
  curve: readonly ShopTestPoint[],
  loadPercent: number,
  method: InterpolationMethod = DEFAULT_SHOP_TEST_INTERPOLATION,
): number {
  const pts = prepareCurve(
    "shopTest",
    curve.map((p) => ({ x: p.loadPercent, y: p.sfocGPerKwh })),
  );
  for (const p of pts)
    if (!(p.x > 0 && p.y > 0)) throw new DomainInputError("shopTest", "loads and SFOC must be positive");
  requirePositive("loadPercent", loadPercent);
  const min = pts[0]!.x;
  const max = pts[pts.length - 1]!.x;
  if (loadPercent < min || loadPercent > max) {
    throw new DomainInputError("loadPercent", `is outside the shop-test range ${min}–${max} %`);
  }
  return interpolate(pts, loadPercent, method);
}

/** SFOC deviation from the shop test at the measured load. Positive = the engine burns more than on test. */
export type ShopTestDeviation = {
  expectedSfocGPerKwh: number;
  deviationGPerKwh: number;
  deviationPercent: number;
};

/**
 * Deviation of a measured SFOC (already corrected to ISO conditions and reference LCV with
 * `sfocToIsoConditions`, so it is comparable with the shop test) from the shop-test curve at the measured
 * load: g/kWh and % of the expected value. Source: issue 3 item 7; ISO 3046-1 reference conditions.
 */
export function sfocDeviationFromShopTest(
  curve: readonly ShopTestPoint[],
  measured: { loadPercent: number; isoSfocGPerKwh: number },
  method: InterpolationMethod = DEFAULT_SHOP_TEST_INTERPOLATION,
): ShopTestDeviation {
  const sfoc = requirePositive("isoSfocGPerKwh", measured.isoSfocGPerKwh);
  const expected = shopTestSfocAt(curve, measured.loadPercent, method);
  return {
    expectedSfocGPerKwh: expected,
    deviationGPerKwh: sfoc - expected,
    deviationPercent: (100 * (sfoc - expected)) / expected,
  };
}

/** Engine load [% of MCR] from brake power and the engine's MCR, both kW. */
export function engineLoadPercent(powerKw: number, mcrKw: number): number {
  requirePositive("mcrKw", mcrKw);
  if (!(powerKw >= 0)) throw new DomainInputError("powerKw", "must be 0 or more");
  return (100 * powerKw) / mcrKw;
}
