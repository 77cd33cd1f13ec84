/**
 * How one stored fuel record turns into quantities: the hours it covers, the fuel it burnt, the energy its
 * engine delivered, whether the ship was at sea. Every figure of the Analysis Center sums these; the
 * database applies the same rules in SQL for speed (server/metrics/fuel-record-sql.ts, tested equal to
 * these functions on a table of cases).
 */

/**
 * A record without `period_hours` covers the gap to the previous record of the same series, at most this
 * long (h): a gap longer than a day is missing data, not a day-long record (Sextant rule, docs/kpi-definitions.md). The first record of a series has no gap to measure and covers no time.
 */
export const MAX_RECORD_HOURS = 24;

/** Speed through water above which the ship counts as at sea, kn (Sextant rule: a drifting or moored ship reads ~0). */
export const AT_SEA_MIN_STW_KN = 1;

/**
 * Hours a record covers: its `periodHours` when reported, else the gap since the previous record of its
 * series capped at MAX_RECORD_HOURS, else (first record of a series) 0.
 */
export function recordHours(periodHours: number | null, gapHours: number | null): number {
  if (periodHours !== null) return periodHours;
  if (gapHours === null) return 0;
  return Math.min(gapHours, MAX_RECORD_HOURS);
}

/** Fuel burnt over `hours` at a rate of `rateTonnesPerDay`: t = t/day × h / 24 (definition of a daily rate). */
export function fuelTonnesOver(rateTonnesPerDay: number, hours: number): number {
  return (rateTonnesPerDay * hours) / 24;
}

/** Energy delivered over `hours` at a mean power of `powerKw`: kWh = kW × h (ISO 3046-1 §3, work = power × time). */
export function energyKwhOver(powerKw: number, hours: number): number {
  return powerKw * hours;
}

/** Whether a record's speed through water says the ship was under way at sea (above AT_SEA_MIN_STW_KN). */
export function isAtSea(speedThroughWaterKn: number | null): boolean {
  return speedThroughWaterKn !== null && speedThroughWaterKn > AT_SEA_MIN_STW_KN;
}

/**
 * Distance a record covers, nm: its reported `distanceNm`, else speed over ground × the hours it covers
 * (distance = speed × time; the specification's fuel columns carry SOG but no distance), else 0. `derived`
 * says the figure came from SOG × hours, so that every figure built on it can say so.
 */
export function recordDistanceNm(
  distanceNm: number | null,
  speedOverGroundKn: number | null,
  hours: number,
): { nm: number; derived: boolean } {
  if (distanceNm !== null) return { nm: distanceNm, derived: false };
  if (speedOverGroundKn === null) return { nm: 0, derived: false };
  return { nm: speedOverGroundKn * hours, derived: true };
}
