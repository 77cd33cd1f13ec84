/**
 * Figures from sums of fuel records over a span (a bucket, a range, a year): the sums are what the database
 * aggregates with the per-record rules of record-arithmetic.ts; these functions turn them into SFOC, load,
 * fuel rate and speed. One function per figure, so that a figure shown twice (card and section) is the same.
 */
import { ISO3046_REFERENCE, sfocToIsoConditions } from "../engine/sfoc-iso-correction.js";
import { sfocOfSums } from "../performance/sfoc-from-fuel.js";

/**
 * Sums over the fuel records of a span (each record weighted by the hours it covers, record-arithmetic.ts).
 * Time and distance are the ship's: with several consumers, the largest consumer's figure, not their sum.
 */
export type FuelSums = {
  /** Number of records. */
  records: number;
  /** Hours covered, h. */
  hours: number;
  /** Hours at sea (record-arithmetic `isAtSea`: speed through water, else over ground, above 1 kn), h. */
  hoursAtSea: number;
  /** The part of `hoursAtSea` decided over ground (records without a speed through water), h. */
  hoursAtSeaOverGround: number;
  /** Fuel burnt, t. */
  fuelT: number;
  /** Fuel burnt by the records that also report power, t (the numerator of SFOC). */
  fuelTWithEnergy: number;
  /** Energy of the records that also report a fuel rate, kWh (the denominator of SFOC). */
  energyKwh: number;
  /** Σ load × hours over the records with a load, %·h. */
  loadPctHours: number;
  /** Hours of the records with a load, h. */
  loadHours: number;
  /** Distance sailed, nm: reported, or speed over ground × hours where a record has none (`recordDistanceNm`). */
  distanceNm: number;
  /** The part of `distanceNm` derived from speed over ground × hours, nm. */
  distanceDerivedNm: number;
  /** Σ speed through water × hours, kn·h. */
  stwKnHours: number;
  /** Hours of the records with a speed through water, h. */
  stwHours: number;
  /** CO2 emitted as reported, t. */
  co2T: number;
  /** Σ fuel-with-energy × the fuel type's LCV, t·kJ/kg (for the fuel-weighted mean LCV). */
  fuelLcv: number;
  /** Fuel-with-energy of fuel types with no known LCV, t (a mean LCV is unknown when above 0). */
  fuelNoLcv: number;
  /** Σ reported SFOC × energy / 10⁶ over the records that report an SFOC and a power, t (the fuel the SFOC column implies). */
  reportedSfocFuelT: number;
  /** Energy of the records that report an SFOC and a power, kWh. */
  reportedSfocEnergyKwh: number;
};

export const FUEL_SUM_FIELDS = [
  "records",
  "hours",
  "hoursAtSea",
  "hoursAtSeaOverGround",
  "fuelT",
  "fuelTWithEnergy",
  "energyKwh",
  "loadPctHours",
  "loadHours",
  "distanceNm",
  "distanceDerivedNm",
  "stwKnHours",
  "stwHours",
  "co2T",
  "fuelLcv",
  "fuelNoLcv",
  "reportedSfocFuelT",
  "reportedSfocEnergyKwh",
] as const satisfies readonly (keyof FuelSums)[];

/** Sums of nothing: every field 0. */
function emptyFuelSums(): FuelSums {
  return Object.fromEntries(FUEL_SUM_FIELDS.map((f) => [f, 0])) as FuelSums;
}

/** Field-wise sum of `parts` (spans that do not overlap: a range read in pieces). */
export function addFuelSums(parts: readonly FuelSums[]): FuelSums {
  const out = emptyFuelSums();
  for (const p of parts) for (const f of FUEL_SUM_FIELDS) out[f] += p[f];
  return out;
}

/** Time-weighted mean engine load, % of MCR; null without load data. */
export function meanLoadOfSums(s: Pick<FuelSums, "loadPctHours" | "loadHours">): number | null {
  return s.loadHours > 0 ? s.loadPctHours / s.loadHours : null;
}

/**
 * The fuel rate's reference window: 'the 12 months before the range' as whole UTC days, 365 (Sextant KPI
 * definition, docs/kpi-definitions.md 'Fuel consumption rate'). A window, not a unit: a Julian 365.25 would
 * start it at 18:00 and cut a day's records in two.
 */
export const FUEL_RATE_REFERENCE_DAYS = 365;

/** Fuel consumption rate = Σ fuel / time at sea × 24, t/day; null without time at sea. */
export function fuelRateOfSums(s: Pick<FuelSums, "fuelT" | "hoursAtSea">): number | null {
  return s.hoursAtSea > 0 ? (24 * s.fuelT) / s.hoursAtSea : null;
}

/**
 * How far short of its bucket's length (24 h for a day, 168 h for an ISO week) a bucket's hours may fall and
 * still count as whole: half an hour, so that records stamped on the quarter or a clock rounding do not mark
 * every day partial, while a first or last day of a few hours is.
 */
export const PARTIAL_BUCKET_TOLERANCE_H = 0.5;

/**
 * Fuel per day of a bucket (a UTC day, or a week) from its sums: 24 × fuel ÷ the hours the records cover,
 * t/day; null without covered hours. A partial day (the first and last of a range, a day with a gap) is then
 * its rate over the hours it holds, not its fuel read as a whole day's. `partial`: the hours fall short of
 * `bucketHours` by more than PARTIAL_BUCKET_TOLERANCE_H. Issue 35 item 3.
 */
export function fuelPerDayOfSums(
  s: Pick<FuelSums, "fuelT" | "hours">,
  bucketHours = 24,
): { fuelTPerDay: number | null; hours: number; partial: boolean } {
  return {
    fuelTPerDay: s.hours > 0 ? (24 * s.fuelT) / s.hours : null,
    hours: s.hours,
    partial: s.hours < bucketHours - PARTIAL_BUCKET_TOLERANCE_H,
  };
}

/** Time-weighted mean speed through water, kn; null without speeds. */
export function meanSpeedOfSums(s: Pick<FuelSums, "stwKnHours" | "stwHours">): number | null {
  return s.stwHours > 0 ? s.stwKnHours / s.stwHours : null;
}

/** Fuel-weighted mean LCV of the fuel burnt with recorded power, kJ/kg; null when a fuel type's LCV is unknown. */
export function meanLcvOfSums(s: Pick<FuelSums, "fuelLcv" | "fuelNoLcv" | "fuelTWithEnergy">): number | null {
  if (s.fuelNoLcv > 0 || !(s.fuelTWithEnergy > 0)) return null;
  return s.fuelLcv / s.fuelTWithEnergy;
}

/** Energy-weighted mean of the reported SFOC column, g/kWh; null when no record reports an SFOC with a power. */
export function reportedSfocOfSums(
  s: Pick<FuelSums, "reportedSfocFuelT" | "reportedSfocEnergyKwh">,
): number | null {
  return s.reportedSfocEnergyKwh > 0 ? (s.reportedSfocFuelT * 1e6) / s.reportedSfocEnergyKwh : null;
}

/**
 * Which speed a span's time at sea (and every figure per day at sea) rests on: the log's speed through water,
 * speed over ground (or distance over ground ÷ hours) where the records have no log speed, or both.
 */
export const AT_SEA_SOURCES = ["speed-through-water", "speed-over-ground", "mixed"] as const;
export type AtSeaSource = (typeof AT_SEA_SOURCES)[number];

/** The source of `hoursAtSea` hours at sea of which `overGroundHours` were decided over ground; null without any. */
export function atSeaSourceOf(hoursAtSea: number, overGroundHours: number): AtSeaSource | null {
  if (!(hoursAtSea > 0)) return null;
  if (!(overGroundHours > 0)) return "speed-through-water";
  return overGroundHours >= hoursAtSea ? "speed-over-ground" : "mixed";
}

/** Where a span's distance comes from: the reports, speed over ground × hours, both, or none (no distance). */
export const DISTANCE_SOURCES = ["reported", "derived", "mixed"] as const;
export type DistanceSource = (typeof DISTANCE_SOURCES)[number];

/** The source of a distance of `distanceNm` of which `derivedNm` came from SOG × hours; null without distance. */
export function distanceSourceOf(distanceNm: number, derivedNm: number): DistanceSource | null {
  if (!(distanceNm > 0)) return null;
  if (!(derivedNm > 0)) return "reported";
  return derivedNm >= distanceNm ? "derived" : "mixed";
}

/** Air and sea temperature of a span, °C (null when not recorded). */
export type Ambient = { airC: number | null; seaC: number | null };

/** Plausible ambient temperatures for the ISO 3046-1 correction, °C (outside: a sensor fault, not weather). */
const AMBIENT_LIMITS = { air: [-40, 60], sea: [0, 60] } as const;

/**
 * SFOC at reference conditions (ISO 3046-1 via `sfocToIsoConditions`): the fuel-weighted LCV of the fuels
 * burnt referred to 42,700 kJ/kg and, when plausible air and sea temperatures were stored, the ambient
 * correction with the air temperature as turbocharger inlet, the sea temperature as charge-air coolant
 * temperature (sea-water cooled) and the reference pressure (no barometer in the records). Null when a
 * fuel's LCV is unknown; `ambient` says whether the ambient correction was applied.
 */
export function isoSfocOfSums(
  s: Pick<FuelSums, "fuelTWithEnergy" | "energyKwh" | "fuelLcv" | "fuelNoLcv">,
  ambient: Ambient,
): { sfoc: number | null; ambient: boolean } {
  const sfoc = sfocOfSums(s);
  const lcv = meanLcvOfSums(s);
  if (sfoc === null || !(sfoc > 0) || lcv === null) return { sfoc: null, ambient: false };
  const { airC, seaC } = ambient;
  const useAmbient =
    airC !== null &&
    seaC !== null &&
    airC >= AMBIENT_LIMITS.air[0] &&
    airC <= AMBIENT_LIMITS.air[1] &&
    seaC >= AMBIENT_LIMITS.sea[0] &&
    seaC <= AMBIENT_LIMITS.sea[1];
  const r = sfocToIsoConditions({
    measuredSfocGPerKwh: sfoc,
    actualLcvKjPerKg: lcv,
    ambient: useAmbient
      ? {
          airInletTempC: airC,
          barometricPressureMbar: ISO3046_REFERENCE.barometricPressureMbar,
          chargeAirCoolantTempC: seaC,
        }
      : undefined,
  });
  return { sfoc: r.isoSfocGPerKwh, ambient: useAmbient };
}

/** A span is read as sailing (a point of a speed–fuel fit) when at least this share of its time was at sea (Sextant rule: port time would skew the rate). */
export const AT_SEA_SHARE_FOR_FIT = 0.9;
/** Spans below this mean speed through water are left out of speed–fuel fits, kn (manoeuvring, not passage). */
export const MIN_FIT_SPEED_KN = 3;

/**
 * Mean speed through water (kn) and fuel rate (t/day) of a span spent sailing — at least AT_SEA_SHARE_FOR_FIT
 * of its hours at sea, a mean speed of at least MIN_FIT_SPEED_KN, fuel burnt — else null. The points of the
 * speed–fuel and trim analyses.
 */
export function sailingPointOfSums(
  s: Pick<FuelSums, "hours" | "hoursAtSea" | "fuelT" | "stwKnHours" | "stwHours">,
): { stw: number; fuelRate: number } | null {
  if (!(s.hours > 0) || s.hoursAtSea < AT_SEA_SHARE_FOR_FIT * s.hours) return null;
  const stw = meanSpeedOfSums(s);
  const fuelRate = fuelRateOfSums(s);
  if (stw === null || stw < MIN_FIT_SPEED_KN || fuelRate === null || !(fuelRate > 0)) return null;
  return { stw, fuelRate };
}

/** 100·(value − reference)/reference, %; null without a positive reference. */
export function differencePercent(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null || !(reference > 0)) return null;
  return (100 * (value - reference)) / reference;
}
