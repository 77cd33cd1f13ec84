import { normalizeDegrees360, toDegrees, toRadians } from "./units.js";

/**
 * Circular mean of angles [deg], in [0, 360): atan2(Σsin, Σcos) (Mardia & Jupp, Directional Statistics,
 * 2000) — the mean of 350° and 10° is 0°, not 180°. For headings and wind directions.
 */
export function circularMeanDeg(values: readonly number[]): number {
  let s = 0;
  let c = 0;
  for (const v of values) {
    s += Math.sin(toRadians(v));
    c += Math.cos(toRadians(v));
  }
  return normalizeDegrees360(toDegrees(Math.atan2(s, c)));
}
