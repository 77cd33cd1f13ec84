import { DomainInputError } from "../errors.js";

/** A curve given as points (x strictly increasing after sorting). */
export type CurvePoint = { x: number; y: number };

/** How a tabulated curve is read between its points. */
export type InterpolationMethod = "linear" | "monotone-cubic";

/** Sorts points by x and rejects duplicates, non-finite values and curves with fewer than 2 points. */
export function prepareCurve(field: string, points: readonly CurvePoint[]): CurvePoint[] {
  if (points.length < 2) throw new DomainInputError(field, "needs at least 2 points");
  const sorted = [...points].sort((p, q) => p.x - q.x);
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y))
      throw new DomainInputError(field, "has a non-finite point");
    if (i > 0 && p.x === sorted[i - 1]!.x) throw new DomainInputError(field, `has two points at x = ${p.x}`);
  }
  return sorted;
}

function segmentIndex(pts: readonly CurvePoint[], x: number): number {
  let i = 0;
  while (i < pts.length - 2 && x > pts[i + 1]!.x) i++;
  return i;
}

/**
 * Piecewise-linear interpolation of y at x on sorted points. Outside the table the end segment is
 * extended linearly; callers that must not extrapolate check the range first. Units: those of the table.
 */
export function interpolateLinear(pts: readonly CurvePoint[], x: number): number {
  const i = segmentIndex(pts, x);
  const p = pts[i]!;
  const q = pts[i + 1]!;
  return p.y + ((x - p.x) * (q.y - p.y)) / (q.x - p.x);
}

/**
 * Monotone piecewise-cubic Hermite interpolation (Fritsch & Carlson, SIAM J. Numer. Anal. 17(2), 1980):
 * smooth, passes through every point and never overshoots between them (no false minimum between two
 * shop-test points). Outside the table it extends the end segment linearly, as `interpolateLinear`.
 */
export function interpolateMonotoneCubic(pts: readonly CurvePoint[], x: number): number {
  const n = pts.length;
  if (n < 3 || x <= pts[0]!.x || x >= pts[n - 1]!.x) return interpolateLinear(pts, x);
  const h: number[] = [];
  const delta: number[] = [];
  for (let k = 0; k < n - 1; k++) {
    h.push(pts[k + 1]!.x - pts[k]!.x);
    delta.push((pts[k + 1]!.y - pts[k]!.y) / h[k]!);
  }
  const m: number[] = [delta[0]!];
  for (let k = 1; k < n - 1; k++) {
    const d0 = delta[k - 1]!;
    const d1 = delta[k]!;
    if (d0 * d1 <= 0) m.push(0);
    else {
      // Fritsch–Butland weighted harmonic mean, which satisfies the Fritsch–Carlson monotonicity bound.
      const w1 = 2 * h[k]! + h[k - 1]!;
      const w2 = h[k]! + 2 * h[k - 1]!;
      m.push((w1 + w2) / (w1 / d0 + w2 / d1));
    }
  }
  m.push(delta[n - 2]!);
  const i = segmentIndex(pts, x);
  const t = (x - pts[i]!.x) / h[i]!;
  const t2 = t * t;
  const t3 = t2 * t;
  return (
    (2 * t3 - 3 * t2 + 1) * pts[i]!.y +
    (t3 - 2 * t2 + t) * h[i]! * m[i]! +
    (-2 * t3 + 3 * t2) * pts[i + 1]!.y +
    (t3 - t2) * h[i]! * m[i + 1]!
  );
}

/** Interpolates y at x with the chosen method on sorted points (see the two functions above). */
export function interpolate(pts: readonly CurvePoint[], x: number, method: InterpolationMethod): number {
  return method === "linear" ? interpolateLinear(pts, x) : interpolateMonotoneCubic(pts, x);
}
