import { DomainInputError } from "../errors.js";
import { requireMinLength } from "./guards.js";
import { studentT975 } from "./statistics.js";

/** Ordinary least-squares straight line y = intercept + slope·x with its goodness of fit. */
export type LineFit = {
  slope: number;
  intercept: number;
  /** Coefficient of determination R² (1 = perfect fit; NaN when all y are equal). */
  r2: number;
  /** Standard error of the slope (NaN with fewer than 3 points). */
  slopeStdError: number;
  /** Standard error of the intercept (NaN with fewer than 3 points). */
  interceptStdError: number;
  /** Residual standard error √(SSE/(n−2)), in y units (NaN with fewer than 3 points). */
  residualStdError: number;
  /** Half-width of the two-sided 95 % confidence interval of the slope (t(0.975, n−2)·SE). */
  slopeCi95HalfWidth: number;
  /** Observations: the number of points, or the sum of the frequency weights. */
  n: number;
};

/**
 * Frequency weights (how many observations each point stands for: a pooled class of 12 hours counts 12),
 * all 1 when absent; each must be positive.
 */
function frequencyWeights(count: number, weights: readonly number[] | undefined): number[] {
  if (weights === undefined) return new Array<number>(count).fill(1);
  if (weights.length !== count) throw new DomainInputError("weights", "must have as many values as xs");
  weights.forEach((w, i) => {
    if (!(Number.isFinite(w) && w > 0))
      throw new DomainInputError(`weights[${i}]`, "must be a positive number");
  });
  return [...weights];
}

/**
 * Fits y = a + b·x by least squares (normal equations on centred data), optionally with frequency weights
 * (a point of weight w counts as w equal observations). Units: those of x and y. Source: textbook OLS
 * (e.g. NIST/SEMATECH e-Handbook §4.1.4.1); standard errors from the residual variance with n − 2 degrees
 * of freedom, n the number of observations. Needs at least 2 points with distinct x.
 */
export function fitLine(xs: readonly number[], ys: readonly number[], weights?: readonly number[]): LineFit {
  if (xs.length !== ys.length) throw new DomainInputError("ys", "must have as many values as xs");
  requireMinLength("xs", xs, 2);
  const w = frequencyWeights(xs.length, weights);
  let n = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < xs.length; i++) {
    n += w[i]!;
    mx += w[i]! * xs[i]!;
    my += w[i]! * ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += w[i]! * dx * dx;
    sxy += w[i]! * dx * dy;
    syy += w[i]! * dy * dy;
  }
  if (sxx === 0) throw new DomainInputError("xs", "needs at least two distinct x values");
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const sse = Math.max(0, syy - slope * sxy);
  const r2 = syy === 0 ? Number.NaN : 1 - sse / syy;
  const dof = n - 2;
  const residualStdError = dof > 0 ? Math.sqrt(sse / dof) : Number.NaN;
  const slopeStdError = residualStdError / Math.sqrt(sxx);
  const interceptStdError = residualStdError * Math.sqrt(1 / n + (mx * mx) / sxx);
  const slopeCi95HalfWidth = dof > 0 ? studentT975(dof) * slopeStdError : Number.NaN;
  return { slope, intercept, r2, slopeStdError, interceptStdError, residualStdError, slopeCi95HalfWidth, n };
}

/** Least-squares parabola y = a·x² + b·x + c. */
export type QuadraticFit = { a: number; b: number; c: number; r2: number; n: number };

/**
 * Fits y = a·x² + b·x + c by least squares (3×3 normal equations on x centred at its mean, solved by
 * Cramer's rule, then shifted back), optionally with frequency weights as `fitLine`. Needs at least 3
 * distinct x. Source: textbook polynomial regression.
 */
export function fitQuadratic(
  xs: readonly number[],
  ys: readonly number[],
  weights?: readonly number[],
): QuadraticFit {
  if (xs.length !== ys.length) throw new DomainInputError("ys", "must have as many values as xs");
  if (new Set(xs).size < 3) throw new DomainInputError("xs", "needs at least three distinct x values");
  const w = frequencyWeights(xs.length, weights);
  const n = w.reduce((s, x) => s + x, 0);
  const mx = xs.reduce((s, x, i) => s + w[i]! * x, 0) / n;
  const m = { n, s1: 0, s2: 0, s3: 0, s4: 0, t0: 0, t1: 0, t2: 0 };
  for (let i = 0; i < xs.length; i++) {
    const u = xs[i]! - mx;
    const y = ys[i]!;
    const wi = w[i]!;
    m.s1 += wi * u;
    m.s2 += wi * u * u;
    m.s3 += wi * u ** 3;
    m.s4 += wi * u ** 4;
    m.t0 += wi * y;
    m.t1 += wi * u * y;
    m.t2 += wi * u * u * y;
  }
  const { A, B, C } = solveCentredQuadratic(m);
  const t0 = m.t0;
  const my = t0 / n;
  let sse = 0,
    syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const u = xs[i]! - mx;
    sse += w[i]! * (ys[i]! - (A * u * u + B * u + C)) ** 2;
    syy += w[i]! * (ys[i]! - my) ** 2;
  }
  return {
    a: A,
    b: B - 2 * A * mx,
    c: A * mx * mx - B * mx + C,
    r2: syy === 0 ? Number.NaN : 1 - sse / syy,
    n,
  };
}

/**
 * Weighted moments of (x, y) about a centre x₀: n = Σw, s_k = Σw·(x−x₀)^k (k = 1..4), t_k = Σw·(x−x₀)^k·y
 * (k = 0..2). They add over disjoint sets of points, so a fit over a union of groups (a bootstrap resample
 * of voyages, say) is the weighted sum of the groups' moments, without revisiting the points.
 */
export type QuadraticMoments = {
  n: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  t0: number;
  t1: number;
  t2: number;
};

/** Solves the normal equations of y = A·u² + B·u + C, u = x − x₀, from moments about x₀ (Cramer's rule). */
function solveCentredQuadratic(m: QuadraticMoments): { A: number; B: number; C: number } {
  const det3 = (q: number[]) =>
    q[0]! * (q[4]! * q[8]! - q[5]! * q[7]!) -
    q[1]! * (q[3]! * q[8]! - q[5]! * q[6]!) +
    q[2]! * (q[3]! * q[7]! - q[4]! * q[6]!);
  const { n, s1, s2, s3, s4, t0, t1, t2 } = m;
  const d = det3([s4, s3, s2, s3, s2, s1, s2, s1, n]);
  return {
    A: det3([t2, s3, s2, t1, s2, s1, t0, s1, n]) / d,
    B: det3([s4, t2, s2, s3, t1, s1, s2, t0, n]) / d,
    C: det3([s4, s3, t2, s3, s2, t1, s2, s1, t0]) / d,
  };
}

/**
 * The coefficients a, b, c of fitQuadratic from moments about a centre x₀ (QuadraticMoments) rather than
 * from the points: the moments are first moved to the weighted mean of x (binomial expansion), as
 * fitQuadratic centres, then the same normal equations are solved. Gives fitQuadratic's a, b, c to rounding
 * (tested); no r² (that needs the points). The caller ensures at least 3 distinct x.
 */
export function quadraticFromMoments(m: QuadraticMoments, x0: number): { a: number; b: number; c: number } {
  const d = m.s1 / m.n;
  const d2 = d * d;
  const centred: QuadraticMoments = {
    n: m.n,
    s1: m.s1 - m.n * d,
    s2: m.s2 - 2 * d * m.s1 + d2 * m.n,
    s3: m.s3 - 3 * d * m.s2 + 3 * d2 * m.s1 - d2 * d * m.n,
    s4: m.s4 - 4 * d * m.s3 + 6 * d2 * m.s2 - 4 * d2 * d * m.s1 + d2 * d2 * m.n,
    t0: m.t0,
    t1: m.t1 - d * m.t0,
    t2: m.t2 - 2 * d * m.t1 + d2 * m.t0,
  };
  const mx = x0 + d;
  const { A, B, C } = solveCentredQuadratic(centred);
  return { a: A, b: B - 2 * A * mx, c: A * mx * mx - B * mx + C };
}

/**
 * Solves A·x = b (A square, e.g. the normal equations XᵀX·β = Xᵀy of a multiple regression) by Gaussian
 * elimination with partial pivoting (Golub & Van Loan, Matrix Computations, 4th ed., §3.4). Null when A is
 * singular to working precision (a pivot below 1e-12 of the largest entry): a regressor the data cannot
 * separate from the others. A and b are not modified.
 */
export function solveLinearSystem(a: readonly (readonly number[])[], b: readonly number[]): number[] | null {
  return solveLinearSystems(a, [b])?.[0] ?? null;
}

/**
 * Solves A·x = b for several right-hand sides with one elimination (as solveLinearSystem, whose rule it is):
 * an n × n system with r right-hand sides costs n³/3 + r·n² instead of r·n³/3 (the hull analysis solves its
 * normal equations for two figures and a unit vector per interval). Null when A is singular.
 */
export function solveLinearSystems(
  a: readonly (readonly number[])[],
  bs: readonly (readonly number[])[],
): number[][] | null {
  const n = a.length;
  if (a.some((r) => r.length !== n) || bs.some((b) => b.length !== n))
    throw new DomainInputError("a", "must be square, as long as b");
  const r = bs.length;
  const m = a.map((row, i) => Float64Array.from([...row, ...bs.map((b) => b[i]!)]));
  let scale = 0;
  for (const row of m) for (let c = 0; c < n; c++) scale = Math.max(scale, Math.abs(row[c]!));
  if (!(scale > 0)) return null;
  const width = n + r;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let q = c + 1; q < n; q++) if (Math.abs(m[q]![c]!) > Math.abs(m[piv]![c]!)) piv = q;
    if (!(Math.abs(m[piv]![c]!) > 1e-12 * scale)) return null;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    const row = m[c]!;
    for (let q = c + 1; q < n; q++) {
      const target = m[q]!;
      const f = target[c]! / row[c]!;
      if (f === 0) continue;
      for (let s = c; s < width; s++) target[s]! -= f * row[s]!;
    }
  }
  return bs.map((_, j) => {
    const x = new Array<number>(n).fill(0);
    for (let q = n - 1; q >= 0; q--) {
      let s = m[q]![n + j]!;
      for (let c = q + 1; c < n; c++) s -= m[q]![c]! * x[c]!;
      x[q] = s / m[q]![q]!;
    }
    return x;
  });
}
