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

/**
 * Speed above which the ship counts as at sea, kn (Sextant rule: a drifting or moored ship reads ~0), whichever
 * speed decides it (`atSeaSpeed`).
 */
export const AT_SEA_MIN_SPEED_KN = 1;
/** The same threshold where an analysis needs the log's speed through water (hull, trim, weather). */
export const AT_SEA_MIN_STW_KN = AT_SEA_MIN_SPEED_KN;

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

/** Which speed said a record was at sea: the log's, else over ground, else its distance over its hours. */
export const AT_SEA_SPEED_SOURCES = [
  "speed-through-water",
  "speed-over-ground",
  "distance-over-hours",
] as const;
export type AtSeaSpeedSource = (typeof AT_SEA_SPEED_SOURCES)[number];

/**
 * The speed that decides whether a record was at sea, kn, and where it came from: the speed through water
 * when the log reports one; without it the speed over ground; without that the distance (over ground) ÷ the
 * hours the record covers (speed = distance / time). Null when none is known (issue 32 item 4: a noon sheet
 * without a log speed still has its hours at sea).
 */
export function atSeaSpeed(
  speedThroughWaterKn: number | null,
  speedOverGroundKn: number | null = null,
  distanceNm: number | null = null,
  hours = 0,
): { kn: number; source: AtSeaSpeedSource } | null {
  if (speedThroughWaterKn !== null) return { kn: speedThroughWaterKn, source: "speed-through-water" };
  if (speedOverGroundKn !== null) return { kn: speedOverGroundKn, source: "speed-over-ground" };
  if (distanceNm !== null && hours > 0) return { kn: distanceNm / hours, source: "distance-over-hours" };
  return null;
}

/** Whether a record was under way at sea: its `atSeaSpeed` above AT_SEA_MIN_SPEED_KN. */
export function isAtSea(
  speedThroughWaterKn: number | null,
  speedOverGroundKn: number | null = null,
  distanceNm: number | null = null,
  hours = 0,
): boolean {
  const speed = atSeaSpeed(speedThroughWaterKn, speedOverGroundKn, distanceNm, hours);
  return speed !== null && speed.kn > AT_SEA_MIN_SPEED_KN;
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
