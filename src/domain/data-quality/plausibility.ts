import { sfocRangeOfRecord } from "../report-checks/report-checks.js";

/** Inclusive plausible range of a field; `integer` when only whole numbers are valid. */
export type PlausibilityRange = { min: number; max: number; unit: string; integer?: boolean };

/**
 * Plausible ranges for the specification's fuel, environmental and hull fields (spec §3, §5): a soft flag
 * (the data-quality score counts a value outside as implausible; the record stays stored).
 * Sextant engineering bounds, not from a standard (change them here): wide enough for any merchant ship,
 * tight enough to catch unit mix-ups and sensor faults. The fields fixed by definition take DEFINED_RANGES.
 * SFOC is not here: its plausibility depends on the engine kind and the fuel, see `sfocPlausibilityRange`.
 * The records' contract limits (contracts/records.ts) are wider on purpose and mean something else: a hard
 * refusal (400) of what cannot be a reading at all, not a flag on a doubtful one. The calculators' input
 * ranges (hull-calculator-ranges.ts, cii-calculator-ranges.ts) are built from these where the quantity is
 * the same, so they are not repeated there.
 */
/**
 * Ranges fixed by definition, where a value outside is impossible rather than doubtful: Douglas sea state
 * 0–9 (whole degrees), wind direction 0–359° (whole degrees, north written 0, as the records take it),
 * engine load 0–110 % of MCR (the 10 % overload rating). One definition for the records' contract (a 400),
 * the hull calculator's sea state and the data-quality score.
 */
export const DEFINED_RANGES = {
  engineLoadFactor: { min: 0, max: 110, unit: "%" },
  windDirection: { min: 0, max: 359, unit: "°", integer: true },
  seaState: { min: 0, max: 9, unit: "Douglas", integer: true },
} as const satisfies Record<string, PlausibilityRange>;

/**
 * Largest engine or shaft speed a reading may have, rpm (negative astern): marine diesels run from about 60
 * rpm (two-stroke main engines) to 1,800–2,000 rpm (high-speed auxiliaries); beyond 3,000 a reading is a
 * unit or sensor error. One bound for the records' contract and the NMEA decoders, so that a sentence the
 * decoder takes never makes its minute's record refused.
 */
export const REVOLUTIONS_MAX = 3_000;

export const PLAUSIBILITY_RANGES = {
  ...DEFINED_RANGES,
  fuelConsumptionRate: { min: 0, max: 400, unit: "t/day" },
  speedThroughWater: { min: 0, max: 35, unit: "kn" },
  speedOverGround: { min: 0, max: 35, unit: "kn" },
  enginePower: { min: 0, max: 100_000, unit: "kW" },
  // Astern is negative; above 2,000 rpm no propulsion or generator diesel of a merchant ship runs.
  engineRpm: { min: -2_000, max: 2_000, unit: "rpm" },
  shaftRpm: { min: -2_000, max: 2_000, unit: "rpm" },
  co2Emissions: { min: 0, max: 1_300, unit: "t/day" },
  windSpeed: { min: 0, max: 150, unit: "kn" },
  waveHeight: { min: 0, max: 30, unit: "m" },
  weatherImpact: { min: -50, max: 100, unit: "%" },
  hullRoughnessIndex: { min: 50, max: 500, unit: "index" },
  propellerSlip: { min: -30, max: 60, unit: "%" },
  // Negative means degradation (spec §3): a clean hull is about 0, heavy fouling -20 % or worse.
  hullEfficiency: { min: -60, max: 20, unit: "%" },
  daysSinceCleaning: { min: 0, max: 3_650, unit: "days", integer: true },
} as const satisfies Record<string, PlausibilityRange>;

export type PlausibleField = keyof typeof PLAUSIBILITY_RANGES;

/** Whether a value lies in its inclusive range (and is whole where the range says so). */
export function isPlausible(value: number, range: PlausibilityRange): boolean {
  if (!Number.isFinite(value) || value < range.min || value > range.max) return false;
  return !range.integer || Number.isInteger(value);
}

/**
 * The plausible SFOC of one fuel record, g/kWh: the physical range of its engine kind (main: two-stroke,
 * auxiliary: four-stroke) on its fuel's LCV, the same rule as the report check "sfoc-out-of-physical-range"
 * (`sfocRangeOfRecord`, decision 007; e.g. 153–241 g/kWh for a main engine at the ISO reference LCV), so a
 * value the report check calls physically impossible never counts as plausible in the data-quality score.
 */
export function sfocPlausibilityRange(record: {
  consumer: "main" | "auxiliary";
  fuelType: string;
}): PlausibilityRange {
  return { ...sfocRangeOfRecord(record), unit: "g/kWh" };
}
