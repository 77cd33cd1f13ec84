import { requireFinite, requireNonNegative, requirePositive } from "../performance/guards.js";
import { normalizeDegrees180, toRadians } from "./units.js";

/** Above-water geometry the Fujiwara regression needs (all lengths m, areas m²). */
export type FujiwaraShipGeometry = {
  /** A_XV: transverse (frontal) projected area above the waterline, including superstructure. */
  frontalAreaM2: number;
  /** A_YV: lateral projected area above the waterline, including superstructure. */
  lateralAreaM2: number;
  /** A_OD: lateral projected area of superstructure, containers etc. on deck. */
  superstructureLateralAreaM2: number;
  /** L_OA: length overall. */
  lengthOverallM: number;
  /** B: breadth. */
  beamM: number;
  /** h_BR: height of the top of the superstructure (bridge) above the waterline. */
  bridgeHeightM: number;
  /** C_MC: horizontal distance from midship to the centre of A_YV (positive forward). */
  lateralCentreFromMidshipM: number;
  /** h_C: height of the centre of A_YV above the waterline. */
  lateralCentreHeightM: number;
};

/**
 * Fujiwara regression coefficients [C1: LAB021 `Wind.cs`, transcribed in reference-data.md §9]. Index
 * 1 = head sector (0 ≤ ψ < 90°), 2 = stern sector (90° < ψ ≤ 180°).
 */
export const FUJIWARA_COEFFICIENTS = {
  beta1: [0.922, -0.507, -1.162],
  beta2: [-0.018, 5.091, -10.367, 3.011, 0.341],
  delta1: [-0.458, -3.245, 2.313],
  delta2: [1.901, -12.727, -24.407, 40.31, 5.481],
  eps1: [0.585, 0.906, -3.239],
  eps2: [0.314, 1.117],
} as const;

/**
 * Half-width μ [deg] of the band around 90° where C_AA is blended between the two sectors; 10° [MEM]
 * (ITTC smooths the jump at beam wind; LAB021 averages C_AA(90 ± μ) at exactly 90°).
 */
export const FUJIWARA_BEAM_SMOOTHING_DEG = 10;

function sectorCoefficient(g: FujiwaraShipGeometry, psiDeg: number): number {
  const c = FUJIWARA_COEFFICIENTS;
  const { frontalAreaM2: axv, lateralAreaM2: ayv, superstructureLateralAreaM2: aod } = g;
  const { lengthOverallM: loa, beamM: b, bridgeHeightM: hbr } = g;
  let clf: number;
  let cxli: number;
  let calf: number;
  if (psiDeg < 90) {
    clf = c.beta1[0] + (c.beta1[1] * ayv) / (loa * b) + (c.beta1[2] * g.lateralCentreFromMidshipM) / loa;
    cxli = c.delta1[0] + (c.delta1[1] * ayv) / (loa * hbr) + (c.delta1[2] * axv) / (b * hbr);
    calf = c.eps1[0] + (c.eps1[1] * aod) / ayv + (c.eps1[2] * b) / loa;
  } else {
    clf =
      c.beta2[0] +
      (c.beta2[1] * b) / loa +
      (c.beta2[2] * g.lateralCentreHeightM) / loa +
      (c.beta2[3] * aod) / (loa * loa) +
      (c.beta2[4] * axv) / (b * b);
    cxli =
      c.delta2[0] +
      (c.delta2[1] * ayv) / (loa * hbr) +
      (c.delta2[2] * axv) / ayv +
      (c.delta2[3] * b) / loa +
      (c.delta2[4] * axv) / (b * hbr);
    calf = c.eps2[0] + (c.eps2[1] * aod) / ayv;
  }
  const p = toRadians(psiDeg);
  const s = Math.sin(p);
  const co = Math.cos(p);
  return clf * co + cxli * (s - 0.5 * s * co * co) * s * co + calf * s * co ** 3;
}

/**
 * Wind resistance coefficient C_AA(ψ) from Fujiwara's regression (Fujiwara, Ueno & Ikeda 2005/2006, as
 * adopted in ISO 15016:2015 and ITTC 7.5-04-01-01.1): C_AA = C_LF·cosψ + C_XLI·(sinψ − ½sinψcos²ψ)·sinψ·cosψ
 * + C_ALF·sinψ·cos³ψ, with C_LF, C_XLI, C_ALF linear in the geometry ratios. Dimensionless, positive =
 * resistance; ψ is the relative wind angle off the bow [deg], mirrored to 0–180°. Within ±μ of 90° the
 * two sector values at 90 ∓ μ are blended linearly. Sources: coefficients [C1] (reference-data.md §9);
 * the expressions for C_LF, C_XLI, C_ALF follow LAB021 `Wind.cs` and ITTC [MEM]. One difference: LAB021
 * uses sinψ·cos²ψ in the stern-sector C_XLI term; we use the single form the reference states.
 */
export function fujiwaraWindCoefficient(geometry: FujiwaraShipGeometry, relativeAngleDeg: number): number {
  const g = geometry;
  requirePositive("frontalAreaM2", g.frontalAreaM2);
  requirePositive("lateralAreaM2", g.lateralAreaM2);
  requirePositive("lengthOverallM", g.lengthOverallM);
  requirePositive("beamM", g.beamM);
  requirePositive("bridgeHeightM", g.bridgeHeightM);
  requireNonNegative("superstructureLateralAreaM2", g.superstructureLateralAreaM2);
  requireFinite("lateralCentreFromMidshipM", g.lateralCentreFromMidshipM);
  requireFinite("lateralCentreHeightM", g.lateralCentreHeightM);
  const psi = Math.abs(normalizeDegrees180(requireFinite("relativeWindAngleDeg", relativeAngleDeg)));
  const mu = FUJIWARA_BEAM_SMOOTHING_DEG;
  if (psi > 90 - mu && psi < 90 + mu) {
    const lo = sectorCoefficient(geometry, 90 - mu);
    const hi = sectorCoefficient(geometry, 90 + mu);
    return lo + ((psi - (90 - mu)) * (hi - lo)) / (2 * mu);
  }
  return sectorCoefficient(geometry, psi);
}
