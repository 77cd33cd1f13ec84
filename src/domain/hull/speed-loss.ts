import { requirePositive } from "../performance/guards.js";
import { fitLine } from "../performance/least-squares.js";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units.js";
import { expectedSpeedKn, type SpeedPowerCurve } from "./speed-power-curve.js";

/**
 * ISO 19030-2 performance value PV [%] = 100·(V_meas − V_exp)/V_exp (negative when the ship is slower
 * than its reference curve). Source: ISO 19030-2 step 8, reference-data.md §8 [C1].
 */
export function performanceValuePercent(measuredSpeedKn: number, expectedSpeedKnValue: number): number {
  requirePositive("measuredSpeedKn", measuredSpeedKn);
  requirePositive("expectedSpeedKn", expectedSpeedKnValue);
  return (100 * (measuredSpeedKn - expectedSpeedKnValue)) / expectedSpeedKnValue;
}

/**
 * Percentage speed loss [%] = −PV = 100·(V_exp − V_meas)/V_exp. Sextant reports LOSS as a POSITIVE
 * number (reference-data.md §0 decision); the ISO performance value is its negative.
 */
export function speedLossPercent(measuredSpeedKn: number, expectedSpeedKnValue: number): number {
  return -performanceValuePercent(measuredSpeedKn, expectedSpeedKnValue);
}

/** A filtered (and, if chosen, wind-corrected) observation to evaluate against the reference curve. */
export type SpeedPowerObservation = {
  timestampMs: number;
  speedThroughWaterKn: number;
  powerKw: number;
  displacementT: number;
};

/** One evaluated observation. `speedLossPercent` is positive for a loss; `performanceValuePercent` = −loss. */
export type SpeedLossPoint = {
  timestampMs: number;
  measuredSpeedKn: number;
  expectedSpeedKn: number;
  speedLossPercent: number;
  performanceValuePercent: number;
};

/**
 * Speed loss per observation against a speed–power reference curve with the admiralty displacement
 * correction (ISO 19030-2 steps 7–8, reference-data.md §8 [C1]).
 */
export function speedLossSeries(
  observations: readonly SpeedPowerObservation[],
  curve: SpeedPowerCurve,
): SpeedLossPoint[] {
  return observations.map((o) => {
    const expected = expectedSpeedKn(curve, o.powerKw, o.displacementT);
    const pv = performanceValuePercent(o.speedThroughWaterKn, expected);
    return {
      timestampMs: o.timestampMs,
      measuredSpeedKn: o.speedThroughWaterKn,
      expectedSpeedKn: expected,
      speedLossPercent: -pv,
      performanceValuePercent: pv,
    };
  });
}

/** Milliseconds in a Julian year (365.25 days), the unit of the trend slope. */
export const MS_PER_YEAR = JULIAN_YEAR_DAYS * DAY_MS;

/** Linear trend of speed loss over time. */
export type SpeedLossTrend = {
  /** Growth of speed loss [% points per year]; positive = getting worse. */
  slopePercentPerYear: number;
  /** Fitted speed loss [%] at the first observation's time. */
  startPercent: number;
  slopeStdErrorPercentPerYear: number;
  /** 95 % confidence interval of the slope [% per year] (Student t, n − 2 dof); NaN below 3 points. */
  slopeCi95: { low: number; high: number };
  r2: number;
  count: number;
  spanDays: number;
};

/**
 * Least-squares trend of speed loss [%] against time: slope in % points per year with its standard
 * error and 95 % confidence interval. Source: ISO 19030 (ship compared with itself over time) with
 * textbook OLS; the trend itself is a Sextant addition to the four indicators (reference-data.md §8).
 */
export function speedLossTrend(
  points: readonly { timestampMs: number; speedLossPercent: number }[],
): SpeedLossTrend {
  const t0 = Math.min(...points.map((p) => p.timestampMs));
  const line = fitLine(
    points.map((p) => (p.timestampMs - t0) / MS_PER_YEAR),
    points.map((p) => p.speedLossPercent),
  );
  const t1 = Math.max(...points.map((p) => p.timestampMs));
  return {
    slopePercentPerYear: line.slope,
    startPercent: line.intercept,
    slopeStdErrorPercentPerYear: line.slopeStdError,
    slopeCi95: { low: line.slope - line.slopeCi95HalfWidth, high: line.slope + line.slopeCi95HalfWidth },
    r2: line.r2,
    count: line.n,
    spanDays: (t1 - t0) / DAY_MS,
  };
}
