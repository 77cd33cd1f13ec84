/**
 * Colours of the voyage track: a value's place between the track's lowest and highest figure, on a
 * sequential scale that stays readable on the map's sea and land (light yellow → orange → dark purple).
 */
const STOPS = [
  [253, 231, 37],
  [249, 115, 22],
  [190, 24, 93],
  [59, 7, 100],
] as const;

/** The colour at a fraction 0–1 of the scale (clamped). */
export function colorAt(fraction: number): string {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)) * (STOPS.length - 1);
  const i = Math.min(Math.floor(f), STOPS.length - 2);
  const a = STOPS[i]!;
  const b = STOPS[i + 1]!;
  const u = f - i;
  const c = a.map((x, k) => Math.round(x + (b[k]! - x) * u));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Lowest and highest of the known values, or null when none is known. */
export function extentOf(values: readonly (number | null)[]): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values)
    if (v !== null && Number.isFinite(v)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  return lo <= hi ? [lo, hi] : null;
}

/**
 * Where the track's line breaks between point i−1 and i: across the antimeridian (a jump of more than 180°
 * of longitude would be drawn across the whole map) or over a gap of more than `maxGapS` without positions.
 */
export function breaksBefore(
  t: readonly number[],
  lon: readonly number[],
  i: number,
  maxGapS: number,
): boolean {
  return Math.abs(lon[i]! - lon[i - 1]!) > 180 || t[i]! - t[i - 1]! > maxGapS;
}
