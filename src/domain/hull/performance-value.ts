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
 * - sea-temperature: not above 2 °C, wind: true wind above 7.9 m/s (Beaufort 4) — ISO 19030-2 reference
 *   conditions (REFERENCE_CONDITIONS, reference-data.md §8 [C1]).
 * Stored records carry no rudder angle, water depth or shaft rpm, so those conditions and the 10-minute
 * steady-state blocks of the default method cannot be applied; the answer names what was applied.
 */
export const HULL_MIN_SPEED_KN = 5;
export const KNOTS_PER_MPS = 3600 / 1852;
export const HULL_WIND_MAX_KN = REFERENCE_CONDITIONS.trueWindMaxMps * KNOTS_PER_MPS;
/**
 * Highest significant wave height [m] kept: 1.5 m. ISO 19030-2 relies on the Beaufort 4 limit to keep wave
 * added resistance small, but swell arrives without wind; added resistance grows with H² (ISO 15016 Annex,
 * reference-data.md §9), so records in swell above 1.5 m are left out rather than corrected (Sextant choice
 * [MEM]: at 1.5 m the added power of a merchant hull is of the order of 1–3 %).
 */
export const HULL_WAVE_MAX_M = 1.5;

export type HullFilterReason = "missing-data" | "not-sailing" | "sea-temperature" | "wind" | "waves";
export const HULL_FILTER_REASONS: readonly HullFilterReason[] = [
  "missing-data",
  "not-sailing",
  "sea-temperature",
  "wind",
  "waves",
];

export type StoredHullRecord = {
  speedThroughWaterKn: number | null;
  powerKw: number | null;
  displacementT: number | null;
  seaTemperatureC: number | null;
  windSpeedKn: number | null;
  /** Significant wave height [m]; a record without one is not rejected for waves (noon reports often lack it). */
  waveHeightM: number | null;
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
  if (!(r.seaTemperatureC > REFERENCE_CONDITIONS.seaWaterTempMinC)) return "sea-temperature";
  if (!(r.windSpeedKn >= 0 && r.windSpeedKn <= HULL_WIND_MAX_KN)) return "wind";
  if (r.waveHeightM !== null && r.waveHeightM > HULL_WAVE_MAX_M) return "waves";
  return null;
}

/** The filters, in words, for the answer's method. */
export const HULL_FILTER_TEXT = [
  "Main-engine records with speed through water, power, displacement, sea temperature and wind speed",
  `Sailing: speed through water at least ${HULL_MIN_SPEED_KN} kn`,
  `ISO 19030-2 reference conditions: sea temperature above ${REFERENCE_CONDITIONS.seaWaterTempMinC} °C, true wind at most ${REFERENCE_CONDITIONS.trueWindMaxMps} m/s (Beaufort 4)`,
  `Significant wave height at most ${HULL_WAVE_MAX_M} m where recorded (swell without wind)`,
  "Daily values outside Chauvenet's criterion around each interval's trend line left out (ISO 19030-2 outlier test, applied to days)",
  "Displacement brought to the reference with the admiralty law (P ∝ Δ^⅔·V³) instead of a ±5 % window",
  "Not applied (not in stored records): rudder angle, water depth, shaft rpm, 10-minute steady-state blocks",
];
