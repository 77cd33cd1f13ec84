import { DomainInputError } from "../errors.js";
import { requirePositive } from "../performance/guards.js";
import { interpolateLinear, prepareCurve } from "../performance/interpolation.js";
import { fitLine } from "../performance/least-squares.js";

/**
 * A speed–power reference curve (sea trial or model test) at a reference displacement: either the power
 * law V = b·P^a (speed kn, power kW) or a table read piecewise-linearly in power.
 */
export type SpeedPowerCurve =
  | { kind: "power-law"; a: number; b: number; referenceDisplacementT: number }
  | {
      kind: "table";
      points: readonly { powerKw: number; speedKn: number }[];
      referenceDisplacementT: number;
    };

/**
 * Fits V = b·P^a (V kn, P kW) through reference speed–power points by least squares on ln V = ln b +
 * a·ln P, as LAB021 fits each reference curve. Source: ISO 19030-2 step 7 via LAB021,
 * reference-data.md §8 [C1]. Returns the curve and R² of the log fit.
 */
export function fitSpeedPowerCurve(
  points: readonly { powerKw: number; speedKn: number }[],
  referenceDisplacementT: number,
): { curve: SpeedPowerCurve; r2Log: number } {
  requirePositive("referenceDisplacementT", referenceDisplacementT);
  if (points.length < 2) throw new DomainInputError("points", "needs at least 2 points");
  const lp = points.map((p, i) => Math.log(requirePositive(`points[${i}].powerKw`, p.powerKw)));
  const lv = points.map((p, i) => Math.log(requirePositive(`points[${i}].speedKn`, p.speedKn)));
  const line = fitLine(lp, lv);
  return {
    curve: { kind: "power-law", a: line.slope, b: Math.exp(line.intercept), referenceDisplacementT },
    r2Log: line.r2,
  };
}

/**
 * Power [kW] that gives the same speed at the reference displacement as `powerKw` gives at
 * `displacementT`, from the admiralty law P ∝ Δ^(2/3)·V³: P_ref = P·(Δ_ref/Δ)^(2/3). Source:
 * reference-data.md §11 (cube law and Δ^(2/3) displacement correction) [C1].
 */
export function powerAtReferenceDisplacement(
  powerKw: number,
  displacementT: number,
  referenceDisplacementT: number,
): number {
  requirePositive("powerKw", powerKw);
  requirePositive("displacementT", displacementT);
  requirePositive("referenceDisplacementT", referenceDisplacementT);
  return powerKw * (referenceDisplacementT / displacementT) ** (2 / 3);
}

/**
 * Expected speed through water [kn] of the clean reference ship at delivered power `powerKw` [kW] and
 * displacement `displacementT` [t]: the power is first brought to the curve's displacement with the
 * admiralty law, then read on the curve. Source: ISO 19030-2 step 7 [C1] with the admiralty
 * displacement correction (reference-data.md §8, §11). Table curves are not extrapolated beyond their
 * power range (throws DomainInputError).
 */
export function expectedSpeedKn(curve: SpeedPowerCurve, powerKw: number, displacementT: number): number {
  const p = powerAtReferenceDisplacement(powerKw, displacementT, curve.referenceDisplacementT);
  if (curve.kind === "power-law") return curve.b * p ** curve.a;
  const pts = prepareCurve(
    "curve.points",
    curve.points.map((q) => ({ x: q.powerKw, y: q.speedKn })),
  );
  if (p < pts[0]!.x || p > pts[pts.length - 1]!.x) {
    throw new DomainInputError("powerKw", "outside the speed–power reference curve's power range");
  }
  return interpolateLinear(pts, p);
}

/**
 * Expected delivered power [kW] of the clean reference ship at speed through water `speedKn` [kn] and
 * displacement `displacementT` [t]: the curve read at the speed (power law P = (V/b)^(1/a), or the table
 * piecewise-linearly in speed), brought from the curve's displacement with the admiralty law
 * P ∝ Δ^(2/3). The denominator of ISO 19030-2's excess power (reference-data.md §8, §11 [C1]). Table
 * curves are not extrapolated beyond their speed range (throws DomainInputError).
 */
export function expectedPowerKw(curve: SpeedPowerCurve, speedKn: number, displacementT: number): number {
  requirePositive("speedKn", speedKn);
  requirePositive("displacementT", displacementT);
  let p: number;
  if (curve.kind === "power-law") p = (speedKn / curve.b) ** (1 / curve.a);
  else {
    const pts = prepareCurve(
      "curve.points",
      curve.points.map((q) => ({ x: q.speedKn, y: q.powerKw })),
    );
    if (speedKn < pts[0]!.x || speedKn > pts[pts.length - 1]!.x)
      throw new DomainInputError("speedKn", "outside the speed–power reference curve's speed range");
    p = interpolateLinear(pts, speedKn);
  }
  return p * (displacementT / curve.referenceDisplacementT) ** (2 / 3);
}
