import { DAY_MS } from "../time/units.js";

/**
 * A sparkline of a series: the `spanMs` before its last reading cut into `buckets` equal buckets, the mean
 * of each bucket that has readings (a day in 96 buckets: 15-minute means, the records' usual cadence, so a
 * 15-minute series keeps every point and a one-minute feed is smoothed to what a tile can show).
 */
export function sparkline(
  points: readonly { t: number; v: number }[],
  spanMs = DAY_MS,
  buckets = 96,
): { t: number[]; v: number[] } {
  const last = points.at(-1);
  if (!last) return { t: [], v: [] };
  const start = last.t - spanMs;
  const width = spanMs / buckets;
  const sums = new Map<number, { t: number; sum: number; n: number }>();
  for (const p of points) {
    if (p.t <= start) continue;
    const b = Math.min(buckets - 1, Math.floor((p.t - start - 1) / width));
    const s = sums.get(b);
    if (s) {
      s.sum += p.v;
      s.n += 1;
      s.t = p.t;
    } else sums.set(b, { t: p.t, sum: p.v, n: 1 });
  }
  const ordered = [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  return { t: ordered.map((s) => s.t), v: ordered.map((s) => s.sum / s.n) };
}
