import { DomainInputError } from "../errors.js";
import { requirePositive } from "./guards.js";
import { fitLine } from "./least-squares.js";

/** One observation: speed [kn] and fuel consumption [t/day] (any consistent fuel unit works). */
export type SpeedFuelPoint = { speedKn: number; fuelTonnesPerDay: number };

/** FC = k·Vⁿ fitted in log space, with its goodness of fit. */
export type SpeedFuelFit = {
  /** Coefficient k, in t/day per knⁿ. */
  k: number;
  /** Speed exponent n (3 for the cube law). */
  n: number;
  /** Standard error of n (from the log-space regression; NaN with fewer than 3 points). */
  nStdError: number;
  /** Half-width of the 95 % confidence interval of n. */
  nCi95HalfWidth: number;
  /** R² of ln FC on ln V (the fitted space). */
  r2Log: number;
  /** R² of FC against k·Vⁿ in linear units (what a reader of the chart sees). */
  r2: number;
  count: number;
};

/**
 * Fits FC = k·Vⁿ by ordinary least squares on ln FC = ln k + n·ln V. Units: V in kn, FC in t/day (k
 * carries them). Source: the power law behind the cube law (reference-data.md §11, [C1]) with textbook
 * log-linear regression; issue 3 item 8. Needs ≥ 2 points with positive speed and fuel and distinct speeds.
 * Note: the log fit minimises relative (not absolute) errors, as is usual for this curve.
 */
export function fitSpeedFuelCurve(points: readonly SpeedFuelPoint[]): SpeedFuelFit {
  if (points.length < 2) throw new DomainInputError("points", "needs at least 2 points");
  const lx: number[] = [];
  const ly: number[] = [];
  points.forEach((p, i) => {
    lx.push(Math.log(requirePositive(`points[${i}].speedKn`, p.speedKn)));
    ly.push(Math.log(requirePositive(`points[${i}].fuelTonnesPerDay`, p.fuelTonnesPerDay)));
  });
  const line = fitLine(lx, ly);
  const k = Math.exp(line.intercept);
  const n = line.slope;
  const meanFc = points.reduce((s, p) => s + p.fuelTonnesPerDay, 0) / points.length;
  let sse = 0;
  let sst = 0;
  for (const p of points) {
    sse += (p.fuelTonnesPerDay - k * p.speedKn ** n) ** 2;
    sst += (p.fuelTonnesPerDay - meanFc) ** 2;
  }
  return {
    k,
    n,
    nStdError: line.slopeStdError,
    nCi95HalfWidth: line.slopeCi95HalfWidth,
    r2Log: line.r2,
    r2: sst === 0 ? Number.NaN : 1 - sse / sst,
    count: points.length,
  };
}

/** Fuel consumption [t/day] the fitted curve predicts at `speedKn`: k·Vⁿ. */
export function predictDailyFuel(fit: Pick<SpeedFuelFit, "k" | "n">, speedKn: number): number {
  requirePositive("speedKn", speedKn);
  return fit.k * speedKn ** fit.n;
}

/** Speed [kn] at which the fitted curve burns `fuelTonnesPerDay`: (FC/k)^(1/n). */
export function speedForDailyFuel(fit: Pick<SpeedFuelFit, "k" | "n">, fuelTonnesPerDay: number): number {
  requirePositive("fuelTonnesPerDay", fuelTonnesPerDay);
  return (fuelTonnesPerDay / fit.k) ** (1 / fit.n);
}
