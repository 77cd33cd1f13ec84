import { DomainInputError } from "../errors.js";
import { requirePositive } from "./guards.js";
import { fitLine } from "./least-squares.js";

/**
 * One observation: speed [kn] and fuel consumption [t/day] (any consistent fuel unit works), and optionally
 * how many observations it stands for (a frequency weight, e.g. the hours of a pooled class; default 1).
 */
export type SpeedFuelPoint = { speedKn: number; fuelTonnesPerDay: number; weight?: number };

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
 * Fits FC = k·Vⁿ by least squares on ln FC = ln k + n·ln V (weighted by the points' `weight`). Units: V in kn, FC in t/day (k
 * carries them). Source: the power law behind the cube law (reference-data.md §11, [C1]) with textbook
 * log-linear regression; issue 3 item 8. Needs ≥ 2 points with positive speed and fuel and distinct speeds.
 * Note: the log fit minimises relative (not absolute) errors, as is usual for this curve.
 */
export function fitSpeedFuelCurve(points: readonly SpeedFuelPoint[]): SpeedFuelFit {
  if (points.length < 2) throw new DomainInputError("points", "needs at least 2 points");
  const lx: number[] = [];
  const ly: number[] = [];
  const w: number[] = [];
  points.forEach((p, i) => {
    lx.push(Math.log(requirePositive(`points[${i}].speedKn`, p.speedKn)));
    ly.push(Math.log(requirePositive(`points[${i}].fuelTonnesPerDay`, p.fuelTonnesPerDay)));
    w.push(p.weight === undefined ? 1 : requirePositive(`points[${i}].weight`, p.weight));
  });
  const line = fitLine(lx, ly, w);
  const k = Math.exp(line.intercept);
  const n = line.slope;
  const meanFc = points.reduce((s, p, i) => s + w[i]! * p.fuelTonnesPerDay, 0) / line.n;
  let sse = 0;
  let sst = 0;
  points.forEach((p, i) => {
    sse += w[i]! * (p.fuelTonnesPerDay - k * p.speedKn ** n) ** 2;
    sst += w[i]! * (p.fuelTonnesPerDay - meanFc) ** 2;
  });
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

/**
 * Below these a fitted exponent says more about the weather than about the hull and propeller: over a few
 * days a ship sails at one speed, and heavy weather lowers speed while it raises fuel, so the cloud of points
 * can even slope the wrong way. Engineering judgement [MEM], named so they can be tuned in one place.
 */
export const SPEED_FUEL_FIT_MIN_SPAN_KN = 2;
export const SPEED_FUEL_FIT_MAX_N_CI95 = 0.5;
export const SPEED_FUEL_FIT_MIN_R2 = 0.5;
/**
 * Exponents a displacement ship's fuel–speed law can have: about 3 (cube law, reference-data.md §11 [C1]),
 * lower at slow speed, higher near hull speed. Outside [1.5, 5] [MEM] a tight fit is a loading, weather or
 * fouling trend along the range, not the hull's law (an exponent of 0.4 would say fuel hardly depends on speed).
 */
export const SPEED_FUEL_FIT_PLAUSIBLE_N = { min: 1.5, max: 5 } as const;

export type SpeedFuelFitQuality = { reliable: boolean; reason: string | null };

/**
 * Whether a speed–fuel fit can be read as the vessel's speed law: the speeds must span at least
 * SPEED_FUEL_FIT_MIN_SPAN_KN, the 95 % interval of n be narrower than ±SPEED_FUEL_FIT_MAX_N_CI95, n lie within
 * SPEED_FUEL_FIT_PLAUSIBLE_N and R² reach SPEED_FUEL_FIT_MIN_R2. The reason names the first test that failed,
 * for the screen. The one rule for every screen that draws or uses a fitted exponent.
 */
export function speedFuelFitQuality(fit: SpeedFuelFit, speedsKn: readonly number[]): SpeedFuelFitQuality {
  const span = Math.max(...speedsKn) - Math.min(...speedsKn);
  if (!(span >= SPEED_FUEL_FIT_MIN_SPAN_KN)) {
    return {
      reliable: false,
      reason: `Speeds span only ${span.toFixed(1)} kn (at least ${SPEED_FUEL_FIT_MIN_SPAN_KN} kn needed); choose a longer range`,
    };
  }
  if (!(fit.nCi95HalfWidth <= SPEED_FUEL_FIT_MAX_N_CI95)) {
    return {
      reliable: false,
      reason: `The exponent is uncertain (95 % interval wider than ±${SPEED_FUEL_FIT_MAX_N_CI95})`,
    };
  }
  if (!(fit.n >= SPEED_FUEL_FIT_PLAUSIBLE_N.min && fit.n <= SPEED_FUEL_FIT_PLAUSIBLE_N.max)) {
    return {
      reliable: false,
      reason: `The exponent ${fit.n.toFixed(2)} is outside what a hull's speed law can be (${SPEED_FUEL_FIT_PLAUSIBLE_N.min}–${SPEED_FUEL_FIT_PLAUSIBLE_N.max}): other changes along the range dominate`,
    };
  }
  if (!(fit.r2 >= SPEED_FUEL_FIT_MIN_R2)) {
    return {
      reliable: false,
      reason: `The curve explains little of the scatter (R² below ${SPEED_FUEL_FIT_MIN_R2})`,
    };
  }
  return { reliable: true, reason: null };
}
