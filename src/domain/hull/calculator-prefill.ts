/**
 * The clean-hull reference power the hull calculator is prefilled with: the ship's speed–power reference
 * curve (sea trial or model test, stored as speed → power points at a reference displacement) read at the
 * ship's current speed and brought to its current displacement. ISO 19030-2 compares measured power with
 * the reference curve at the same speed and displacement; the displacement correction is the admiralty law
 * P ∝ Δ^(2/3)·V³ (reference-data.md §11) through `powerAtReferenceDisplacement`.
 */
import { interpolateLinear, prepareCurve } from "../performance/interpolation.js";
import { powerAtReferenceDisplacement } from "./speed-power-curve.js";

export type ReferencePowerAtSpeed =
  | { ok: true; powerKw: number; displacementCorrected: boolean }
  | { ok: false; reason: string };

/**
 * Reference power [kW] at `speedKn`, linear between the curve's points and never extrapolated beyond its
 * speeds; at `displacementT` when both it and the curve's reference displacement are known, else at the
 * reference displacement (and `displacementCorrected` false says so).
 */
export function referencePowerAtSpeed(
  curve: readonly { speedKn: number; powerKw: number }[] | null,
  referenceDisplacementT: number | null,
  speedKn: number,
  displacementT: number | null,
): ReferencePowerAtSpeed {
  if (!curve || curve.length < 2) return { ok: false, reason: "no speed–power reference curve" };
  const pts = prepareCurve(
    "speedPowerCurve",
    curve.map((p) => ({ x: p.speedKn, y: p.powerKw })),
  );
  if (speedKn < pts[0]!.x || speedKn > pts[pts.length - 1]!.x) {
    return { ok: false, reason: "the current speed lies outside the reference curve's speeds" };
  }
  const atReference = interpolateLinear(pts, speedKn);
  if (
    displacementT === null ||
    displacementT <= 0 ||
    referenceDisplacementT === null ||
    referenceDisplacementT <= 0
  ) {
    return { ok: true, powerKw: atReference, displacementCorrected: false };
  }
  // P_Δ = P_ref · (Δ / Δ_ref)^(2/3): the same call with the displacements swapped.
  const powerKw = powerAtReferenceDisplacement(atReference, referenceDisplacementT, displacementT);
  return { ok: true, powerKw, displacementCorrected: true };
}
