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
  n: number;
};

/**
 * Fits y = a + b·x by ordinary least squares (normal equations on centred data). Units: those of x and y.
 * Source: textbook OLS (e.g. NIST/SEMATECH e-Handbook §4.1.4.1); standard errors from the residual
 * variance with n − 2 degrees of freedom. Needs at least 2 points with distinct x.
 */
export function fitLine(xs: readonly number[], ys: readonly number[]): LineFit {
  if (xs.length !== ys.length) throw new DomainInputError("ys", "must have as many values as xs");
  requireMinLength("xs", xs, 2);
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
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
 * Cramer's rule, then shifted back). Needs at least 3 distinct x. Source: textbook polynomial regression.
 */
export function fitQuadratic(xs: readonly number[], ys: readonly number[]): QuadraticFit {
  if (xs.length !== ys.length) throw new DomainInputError("ys", "must have as many values as xs");
  if (new Set(xs).size < 3) throw new DomainInputError("xs", "needs at least three distinct x values");
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  let s1 = 0,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    t0 = 0,
    t1 = 0,
    t2 = 0;
  for (let i = 0; i < n; i++) {
    const u = xs[i]! - mx;
    const y = ys[i]!;
    s1 += u;
    s2 += u * u;
    s3 += u ** 3;
    s4 += u ** 4;
    t0 += y;
    t1 += u * y;
    t2 += u * u * y;
  }
  // Normal equations for y = A·u² + B·u + C, u = x − mx.
  const det3 = (m: number[]) =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const d = det3([s4, s3, s2, s3, s2, s1, s2, s1, n]);
  const A = det3([t2, s3, s2, t1, s2, s1, t0, s1, n]) / d;
  const B = det3([s4, t2, s2, s3, t1, s1, s2, t0, n]) / d;
  const C = det3([s4, s3, t2, s3, s2, t1, s2, s1, t0]) / d;
  const my = t0 / n;
  let sse = 0,
    syy = 0;
  for (let i = 0; i < n; i++) {
    const u = xs[i]! - mx;
    sse += (ys[i]! - (A * u * u + B * u + C)) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return {
    a: A,
    b: B - 2 * A * mx,
    c: A * mx * mx - B * mx + C,
    r2: syy === 0 ? Number.NaN : 1 - sse / syy,
    n,
  };
}
