import { requireMinLength } from "./guards.js";

/** Arithmetic mean of `values` (same unit as the values). Throws on an empty list. */
/** The [lowest, highest] of the finite values, or null when there are none (a chart's axis range). */
export function extentOf(values: Iterable<number | null | undefined>): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values)
    if (v !== null && v !== undefined && Number.isFinite(v)) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  return lo <= hi ? [lo, hi] : null;
}

export function mean(values: readonly number[]): number {
  requireMinLength("values", values, 1);
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * Sample standard deviation (divisor n − 1) of `values`, same unit as the values. 0 for a single value.
 * Source: the usual unbiased-variance estimator, as ISO 19030-2's block validation and Chauvenet's
 * criterion use it (reference-data.md §8).
 */
export function sampleStdDev(values: readonly number[]): number {
  const m = mean(values);
  if (values.length < 2) return 0;
  let ss = 0;
  for (const v of values) ss += (v - m) ** 2;
  return Math.sqrt(ss / (values.length - 1));
}

/**
 * Two-sided 97.5 % quantiles of Student's t distribution (for 95 % confidence intervals), degrees of
 * freedom 1–30 then 40, 60, 120 and ∞. Source: standard t table (NIST/SEMATECH e-Handbook of
 * Statistical Methods, §1.3.6.7.2), three decimals.
 */
const T975: ReadonlyArray<readonly [number, number]> = [
  [1, 12.706],
  [2, 4.303],
  [3, 3.182],
  [4, 2.776],
  [5, 2.571],
  [6, 2.447],
  [7, 2.365],
  [8, 2.306],
  [9, 2.262],
  [10, 2.228],
  [11, 2.201],
  [12, 2.179],
  [13, 2.16],
  [14, 2.145],
  [15, 2.131],
  [16, 2.12],
  [17, 2.11],
  [18, 2.101],
  [19, 2.093],
  [20, 2.086],
  [21, 2.08],
  [22, 2.074],
  [23, 2.069],
  [24, 2.064],
  [25, 2.06],
  [26, 2.056],
  [27, 2.052],
  [28, 2.048],
  [29, 2.045],
  [30, 2.042],
  [40, 2.021],
  [60, 2.0],
  [120, 1.98],
  [Number.POSITIVE_INFINITY, 1.96],
];

/**
 * Student's t value t(0.975, df) for a two-sided 95 % confidence interval. Exact table values for the
 * listed degrees of freedom; between them, linear interpolation in 1/df (the usual table practice).
 * Source: NIST/SEMATECH e-Handbook §1.3.6.7.2. `df` must be ≥ 1.
 */
export function studentT975(df: number): number {
  if (!(df >= 1)) return Number.NaN;
  for (let i = 0; i < T975.length; i++) {
    const [d, t] = T975[i]!;
    if (df === d) return t;
    if (df < d) {
      const [d0, t0] = T975[i - 1]!;
      const x0 = 1 / d0;
      const x1 = d === Number.POSITIVE_INFINITY ? 0 : 1 / d;
      return t0 + ((1 / df - x0) * (t - t0)) / (x1 - x0);
    }
  }
  return 1.96;
}
