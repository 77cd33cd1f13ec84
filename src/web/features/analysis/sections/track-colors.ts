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

/**
 * How many typical spacings without a position break the track's line. The spacing is the data's own (the
 * median interval between consecutive points), not a fixed time: a track sampled hourly (one point per hour
 * in 15-minute buckets) is a line, and a track reported every 6 h is one too. Three spacings tolerate a missed
 * report or two (the line then is still a fair guess of the route at sea speed), while a hole longer than that
 * (a port stay, a logger off for days) is not drawn as a straight line across it.
 */
export const STALE_FACTOR = 3;

/** The median interval between consecutive times (ms, ascending), or null with fewer than two times. */
export function medianIntervalMs(timesMs: readonly number[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < timesMs.length; i++) gaps.push(timesMs[i]! - timesMs[i - 1]!);
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  return gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
}

/**
 * The runs of the track drawn as one line, as index ranges [start, end] (inclusive) of the points: the line
 * breaks across the antimeridian (a jump of more than 180° of longitude would be drawn across the whole map)
 * and over a gap longer than STALE_FACTOR × the median interval of the points. `tSeconds` ascending, as the
 * API sends it (epoch seconds). A run of one point is a lone position, drawn as a dot.
 */
export function trackSegments(
  tSeconds: readonly number[],
  lon: readonly number[],
): { start: number; end: number }[] {
  if (tSeconds.length === 0) return [];
  const median = medianIntervalMs(tSeconds.map((s) => s * 1000));
  const maxGapMs = median === null ? Number.POSITIVE_INFINITY : STALE_FACTOR * median;
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (let i = 1; i < tSeconds.length; i++) {
    const gapMs = (tSeconds[i]! - tSeconds[i - 1]!) * 1000;
    if (Math.abs(lon[i]! - lon[i - 1]!) > 180 || gapMs > maxGapMs) {
      out.push({ start, end: i - 1 });
      start = i;
    }
  }
  out.push({ start, end: tSeconds.length - 1 });
  return out;
}
