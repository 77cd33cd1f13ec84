/**
 * Wind as noon reports give it: a Beaufort force instead of a speed. The records store a speed (kn), so a
 * force becomes the middle of its band in the WMO Beaufort scale (domain/weather/beaufort.ts, reference-data.md
 * §11): force 4 (11–16 kn) → 13.5 kn. Force 0 (below 1 kn) → 0 kn; force 12 (64 kn and more) → 64 kn, its
 * lower bound, the band being open.
 */
import { BEAUFORT_SCALE, beaufortForceFromKnots } from "../weather/beaufort.js";

/** Representative wind speed of a Beaufort force 0–12, kn (the middle of the whole-knot band). */
export function beaufortMidpointKnots(force: number): number {
  const f = Math.round(force);
  if (f <= 0) return 0;
  const row = BEAUFORT_SCALE[f];
  const next = BEAUFORT_SCALE[f + 1];
  if (!row) throw new RangeError(`Beaufort force must be 0–12, got ${force}`);
  if (!next) return row.minKnots;
  return (row.minKnots + next.minKnots - 1) / 2;
}

/**
 * Whether a reported wind speed (kn) and Beaufort force disagree: the force of the speed differs from the
 * reported one by more than one step (a speed on a band's edge may honestly be read either way).
 */
export function beaufortDisagrees(force: number, speedKn: number): boolean {
  return Math.abs(beaufortForceFromKnots(speedKn) - Math.round(force)) > 1;
}
