/** One international knot in m/s: 1852 m per 3600 s (exact, by definition of the nautical mile). */
export const KNOT_IN_MPS = 1852 / 3600;

/** Standard gravity g [m/s²] (CGPM 1901, exact). */
export const STANDARD_GRAVITY = 9.80665;

/** Air density ρ_A [kg/m³] used by default in the wind correction (ISO 15016 / ITTC; reference-data.md §9, [C1]). */
export const AIR_DENSITY = 1.225;

/** Sea-water density ρ_S [kg/m³] used by default (typical 15 °C, 35 ‰ sea water; ITTC uses the measured value). */
export const SEAWATER_DENSITY = 1025;

/** Converts knots to m/s. */
export function knotsToMps(knots: number): number {
  return knots * KNOT_IN_MPS;
}

/** Converts m/s to knots. */
export function mpsToKnots(mps: number): number {
  return mps / KNOT_IN_MPS;
}

/** Degrees to radians. */
export function toRadians(deg: number): number {
  return (deg * Math.PI) / 180;
}

/** Radians to degrees. */
export function toDegrees(rad: number): number {
  return (rad * 180) / Math.PI;
}

/** Normalises an angle [deg] to [0, 360). */
export function normalizeDegrees360(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/** Normalises an angle [deg] to (−180, 180]. */
export function normalizeDegrees180(deg: number): number {
  const r = normalizeDegrees360(deg);
  return r > 180 ? r - 360 : r;
}
