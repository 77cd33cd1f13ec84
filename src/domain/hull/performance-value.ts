import { DomainInputError } from "../errors.js";
import { requirePositive } from "../performance/guards.js";
import { REFERENCE_CONDITIONS } from "./iso19030-filters.js";
import { fitSpeedPowerCurve, type SpeedPowerCurve } from "./speed-power-curve.js";

/**
 * Per-record ISO 19030-2 performance values on stored records, and the same figures from daily sums.
 *
 * The reference is the ISO 19030-2 power law V = b·P^a at a reference displacement (LAB021 fits every
 * reference curve with it, reference-data.md §8 [C1]); the record's power is brought to that displacement
 * with the admiralty law P ∝ Δ^(2/3)·V³ (reference-data.md §11 [C1]). In logarithms every figure is linear
 * in y = ln V and u = ln P − ⅔·ln Δ, so a day's records can be summed once (n, Σu, Σy, Σu², Σuy, Σy²) and
 * read against any power-law reference later, exactly: the daily rollup stores those sums.
 */

/** A power-law reference: V = b·(P·(Δref/Δ)^(2/3))^a, V kn, P kW, Δ t. */
export type PowerLawReference = { a: number; b: number; referenceDisplacementT: number };

/**
 * A stored record as the hull analysis reads it: speed through water kn, main-engine power kW, displacement t,
 * and the weather impact of the same instant (% of calm-water power added by wind and waves, the environmental
 * record's `weatherImpact`, spec "Environmental data"), null when none is stored.
 */
export type HullRecordInput = {
  speedThroughWaterKn: number;
  powerKw: number;
  displacementT: number;
  weatherImpactPercent?: number | null;
};

/**
 * ln(1 + W/100): the share of the measured power that wind and waves added, W the record's weather impact.
 * The power the hull needed in calm water is P/(1 + W/100). Without a weather impact (or one at or below
 * −100 %, which no power can have) nothing is removed and the wind and wave filters alone limit the weather.
 */
export function weatherImpactLog(weatherImpactPercent: number | null | undefined): number {
  return weatherImpactPercent != null && weatherImpactPercent > -100
    ? Math.log1p(weatherImpactPercent / 100)
    : 0;
}

/**
 * Log coordinates of one record: y = ln V, u = ln P_calm − ⅔·ln Δ, P_calm the power less the weather's share
 * (weatherImpactLog). Why: the fouling is a slow drift of a few points a year, the weather adds 5–20 points
 * that change with the season; left in, the season shows as fouling (decision 009, measured).
 */
export function hullLogCoordinates(r: HullRecordInput): { y: number; u: number } {
  requirePositive("speedThroughWaterKn", r.speedThroughWaterKn);
  requirePositive("powerKw", r.powerKw);
  requirePositive("displacementT", r.displacementT);
  return {
    y: Math.log(r.speedThroughWaterKn),
    u: Math.log(r.powerKw) - weatherImpactLog(r.weatherImpactPercent) - (2 / 3) * Math.log(r.displacementT),
  };
}

/** ln(V_meas / V_exp) at the record's power and displacement (ISO 19030-2 step 8, in logarithms). */
function logSpeedRatio(ref: PowerLawReference, y: number, u: number): number {
  return y - Math.log(ref.b) - ref.a * (u + (2 / 3) * Math.log(ref.referenceDisplacementT));
}

/** ln(P_meas / P_exp) where P_exp is the reference's power at the measured speed and displacement. */
function logPowerRatio(ref: PowerLawReference, y: number, u: number): number {
  return u + (2 / 3) * Math.log(ref.referenceDisplacementT) - (y - Math.log(ref.b)) / ref.a;
}

/** Speed loss and excess power [%] of one log ratio pair: loss = 100·(1 − V/V_exp), excess = 100·(P/P_exp − 1). */
function fromLogRatios(logSpeed: number, logPower: number) {
  return {
    speedLossPercent: 100 * (1 - Math.exp(logSpeed)),
    excessPowerPercent: 100 * (Math.exp(logPower) - 1),
  };
}

/**
 * Performance of one record against the reference: percentage speed loss (positive = slower than the clean
 * reference; the ISO 19030-2 performance value is its negative, step 8) and excess power, % above what the
 * reference needs at the record's speed and displacement. The one per-record rule of the hull analysis (the
 * rollup's SQL is tested equal to it).
 */
export function hullPerformanceOfRecord(
  ref: PowerLawReference,
  r: HullRecordInput,
): { speedLossPercent: number; excessPowerPercent: number } {
  const { y, u } = hullLogCoordinates(r);
  return fromLogRatios(logSpeedRatio(ref, y, u), logPowerRatio(ref, y, u));
}

/** Sums of accepted records' log coordinates (one day's, or any union of days'). */
export type HullLogSums = { n: number; su: number; sy: number; suu: number; suy: number; syy: number };

export const EMPTY_HULL_LOG_SUMS: HullLogSums = { n: 0, su: 0, sy: 0, suu: 0, suy: 0, syy: 0 };

export function addHullLogSums(a: HullLogSums, b: HullLogSums): HullLogSums {
  return {
    n: a.n + b.n,
    su: a.su + b.su,
    sy: a.sy + b.sy,
    suu: a.suu + b.suu,
    suy: a.suy + b.suy,
    syy: a.syy + b.syy,
  };
}

/**
 * Performance of a group of records from their sums: the log ratios averaged, then turned into % (the
 * geometric mean of the records' V/V_exp and P/P_exp; it differs from the arithmetic mean of the per-record
 * percentages by about half their variance, < 0.05 % points at a day's usual 2 % scatter). Null when empty.
 */
export function hullPerformanceOfSums(
  ref: PowerLawReference,
  s: HullLogSums,
): { speedLossPercent: number; excessPowerPercent: number } | null {
  if (!(s.n > 0)) return null;
  const y = s.sy / s.n;
  const u = s.su / s.n;
  return fromLogRatios(logSpeedRatio(ref, y, u), logPowerRatio(ref, y, u));
}

/**
 * The entered speed–power curve (points kn/kW at the reference displacement) as the ISO 19030-2 power law,
 * fitted by least squares in logarithms as LAB021 fits each reference curve (reference-data.md §8 [C1]).
 */
export function powerLawOfCurve(
  points: readonly { speedKn: number; powerKw: number }[],
  referenceDisplacementT: number,
): PowerLawReference {
  const { curve } = fitSpeedPowerCurve(points, referenceDisplacementT);
  if (curve.kind !== "power-law") throw new DomainInputError("curve", "must fit as a power law");
  return { a: curve.a, b: curve.b, referenceDisplacementT };
}

/** A power-law reference as a SpeedPowerCurve (for the domain's expectedSpeedKn and the answer's points). */
export function speedPowerCurveOf(ref: PowerLawReference): SpeedPowerCurve {
  return { kind: "power-law", ...ref };
}

/** Fewest accepted records a fitted clean-hull reference needs (Sextant choice: about two weeks of hourly data). */
export const FITTED_REFERENCE_MIN_RECORDS = 300;

/**
 * A reference fitted on the ship's own clean-hull period when it has no curve: ln V = ln b + a·(u + ⅔·ln Δref)
 * by least squares over the period's pooled sums (exact pooled OLS). Its performance values measure fouling
 * against the ship as it sailed just after the event, not against a sea trial: the answer marks it as such.
 * Null when the period holds too few records or too narrow a spread of power to fit a slope (a < 0.15 or
 * a > 0.6: outside any physical speed–power exponent, the cube law's is ⅓).
 */
export function fitReferenceFromSums(
  s: HullLogSums,
  referenceDisplacementT: number,
): PowerLawReference | null {
  requirePositive("referenceDisplacementT", referenceDisplacementT);
  if (s.n < FITTED_REFERENCE_MIN_RECORDS) return null;
  const su = s.su / s.n;
  const sy = s.sy / s.n;
  const varU = s.suu / s.n - su * su;
  if (!(varU > 1e-6)) return null;
  const a = (s.suy / s.n - su * sy) / varU;
  if (!(a >= 0.15 && a <= 0.6)) return null;
  // y = c + a·u with u = ln P − ⅔ ln Δ; in the curve's terms c = ln b + a·⅔·ln Δref
  const lnB = sy - a * su - a * (2 / 3) * Math.log(referenceDisplacementT);
  return { a, b: Math.exp(lnB), referenceDisplacementT };
}

/** Points of a power-law reference at the given speeds, for display (kn, kW at the reference displacement). */
export function referencePoints(ref: PowerLawReference, speedsKn: readonly number[]) {
  return speedsKn.map((speedKn) => ({ speedKn, powerKw: (speedKn / ref.b) ** (1 / ref.a) }));
}

/**
 * The reference-condition filter the hull analysis applies to stored records, in the order a record is
 * checked (it is counted under its first failing reason):
 * - missing-data: no speed through water, main-engine power, displacement, sea temperature or wind speed;
 * - not-sailing: speed through water below HULL_MIN_SPEED_KN (manoeuvring and drifting do not follow a
 *   speed–power curve; Sextant choice [MEM]);
 * - speed-log: speed through water and over ground more than HULL_LOG_SOG_MAX_KN apart (a fouled, stuck or
 *   misread speed log; decision 042);
 * - sea-temperature: not above 2 °C (ISO 19030-2 reference condition, REFERENCE_CONDITIONS,
 *   reference-data.md §8 [C1]);
 * - wind: above Beaufort 5, waves: significant height above Douglas 4 (good weather for daily reports,
 *   decision 042), weather-impact: the stored weather impact above HULL_WEATHER_IMPACT_MAX_PERCENT.
 * Stored records carry no rudder angle, water depth or shaft rpm, so those conditions and the 10-minute
 * steady-state blocks of the default method cannot be applied; the answer names what was applied.
 */
export const HULL_MIN_SPEED_KN = 5;
export const KNOTS_PER_MPS = 3600 / 1852;
/**
 * Highest true wind kept: Beaufort 5, 10.7 m/s (WMO Beaufort scale, upper limit of force 5, reference-data.md
 * §11). ISO 19030-2's Beaufort 4 (REFERENCE_CONDITIONS.trueWindMaxMps) is a limit on 10-minute blocks of
 * logged data; a noon report's wind is one observation at noon, not the day's, and the day's weather is
 * taken out by its stored weather impact, whose size is limited below. Measured on simulated daily reports
 * (decision 042): Beaufort 4 and 1.5 m kept half the sailing days and left the truth outside the stated
 * interval for 3 of 20 hull intervals on two seeds of three; Beaufort 5, Douglas 4 and the weather-impact
 * limit keep about three quarters, and the residuals of the days they add are no larger.
 */
export const HULL_WIND_MAX_MPS = 10.7;
export const HULL_WIND_MAX_KN = HULL_WIND_MAX_MPS * KNOTS_PER_MPS;
/**
 * Highest significant wave height kept: 2.5 m, the upper limit of Douglas sea state 4 (moderate; WMO sea
 * state code 3700, reference-data.md §11). Swell arrives without wind; added resistance grows with H²
 * (ISO 15016 Annex, reference-data.md §9), so records in heavier seas are left out rather than corrected.
 */
export const HULL_WAVE_MAX_M = 2.5;
/**
 * Largest stored weather impact kept: 20 % of calm-water power (Sextant choice [MEM], decision 042). The
 * weather's share is removed from each record (weatherImpactLog); a day that needed a larger correction is
 * left out, since the correction's own error grows with it (on simulated daily reports the residuals of
 * days above 60 % averaged +4.4 points with 10 points of scatter, those at or below 20 % 0.0 with 2.4).
 */
export const HULL_WEATHER_IMPACT_MAX_PERCENT = 20;
/**
 * Largest difference between speed through water and over ground kept, kn: 3 (Sextant choice [MEM]). The
 * difference is the current along the track, which seldom exceeds 2–3 kn in the open sea; more is a speed
 * log out of order (stuck, fouled or misread), whose speed would be read as fouling.
 */
export const HULL_LOG_SOG_MAX_KN = 3;

/** Why reference-condition filtering left a record or day out, in the order the filters apply. */
export const HULL_FILTER_REASONS = [
  "missing-data",
  "not-sailing",
  "speed-log",
  "sea-temperature",
  "wind",
  "waves",
  "weather-impact",
] as const;
export type HullFilterReason = (typeof HULL_FILTER_REASONS)[number];

export type StoredHullRecord = {
  speedThroughWaterKn: number | null;
  powerKw: number | null;
  displacementT: number | null;
  seaTemperatureC: number | null;
  windSpeedKn: number | null;
  /** Significant wave height [m]; a record without one is not rejected for waves (noon reports often lack it). */
  waveHeightM: number | null;
  /** Speed over ground [kn]; a record without one is not checked against it. */
  speedOverGroundKn?: number | null;
  /** Stored weather impact [% of calm-water power]; a record without one is not limited by it. */
  weatherImpactPercent?: number | null;
};

/** Why the filter rejects a stored record, or null when it is accepted. */
export function hullRecordRejection(r: StoredHullRecord): HullFilterReason | null {
  const pos = (v: number | null) => v !== null && Number.isFinite(v) && v > 0;
  if (
    !pos(r.speedThroughWaterKn) ||
    !pos(r.powerKw) ||
    !pos(r.displacementT) ||
    r.seaTemperatureC === null ||
    r.windSpeedKn === null
  )
    return "missing-data";
  if (r.speedThroughWaterKn! < HULL_MIN_SPEED_KN) return "not-sailing";
  const sog = r.speedOverGroundKn ?? null;
  if (sog !== null && Math.abs(r.speedThroughWaterKn! - sog) > HULL_LOG_SOG_MAX_KN) return "speed-log";
  if (!(r.seaTemperatureC > REFERENCE_CONDITIONS.seaWaterTempMinC)) return "sea-temperature";
  if (!(r.windSpeedKn >= 0 && r.windSpeedKn <= HULL_WIND_MAX_KN)) return "wind";
  if (r.waveHeightM !== null && r.waveHeightM > HULL_WAVE_MAX_M) return "waves";
  const wi = r.weatherImpactPercent ?? null;
  if (wi !== null && wi > HULL_WEATHER_IMPACT_MAX_PERCENT) return "weather-impact";
  return null;
}

/** The filters, in words, for the answer's method. */
export const HULL_FILTER_TEXT = [
  "Main-engine records with speed through water, power, displacement, sea temperature and wind speed",
  `Sailing: speed through water at least ${HULL_MIN_SPEED_KN} kn`,
  `Speed log plausible: speed through water within ${HULL_LOG_SOG_MAX_KN} kn of speed over ground where recorded`,
  `Sea temperature above ${REFERENCE_CONDITIONS.seaWaterTempMinC} °C (ISO 19030-2 reference condition)`,
  `Good weather: true wind at most ${HULL_WIND_MAX_MPS} m/s (Beaufort 5), significant wave height at most ` +
    `${HULL_WAVE_MAX_M} m (Douglas 4) where recorded, stored weather impact at most ${HULL_WEATHER_IMPACT_MAX_PERCENT} % where recorded`,
  "Daily values outside Chauvenet's criterion around each interval's trend line left out (ISO 19030-2 outlier test, applied to days)",
  "Displacement brought to the reference with the admiralty law (P ∝ Δ^⅔·V³) instead of a ±5 % window",
  "Not applied (not in stored records): rudder angle, water depth, shaft rpm, 10-minute steady-state blocks",
];
