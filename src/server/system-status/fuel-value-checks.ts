/**
 * Which values of a fuel record the data-quality score checks and against what (domain checkValues): one
 * definition for the daily store (data-quality-daily.ts) and the live computation over raw records.
 */
import type { QualitySample, ValueChecks } from "../../domain/data-quality/data-quality-score";
import {
  PLAUSIBILITY_RANGES,
  type PlausibilityRange,
  sfocPlausibilityRange,
} from "../../domain/data-quality/plausibility";

/** The checked fields and their `fuel_data` columns. */
export const FUEL_QUALITY_FIELDS = {
  sfoc: "sfoc",
  fuelConsumptionRate: "fuel_consumption_rate",
  engineLoadFactor: "engine_load_factor",
  speedThroughWater: "speed_through_water",
  enginePower: "engine_power",
} as const;
export type FuelQualityField = keyof typeof FUEL_QUALITY_FIELDS;

/** Fields with one fixed plausible range; SFOC's depends on the engine kind and the fuel of each record. */
const FIXED_RANGES: Record<Exclude<FuelQualityField, "sfoc">, PlausibilityRange> = {
  fuelConsumptionRate: PLAUSIBILITY_RANGES.fuelConsumptionRate,
  engineLoadFactor: PLAUSIBILITY_RANGES.engineLoadFactor,
  speedThroughWater: PLAUSIBILITY_RANGES.speedThroughWater,
  enginePower: PLAUSIBILITY_RANGES.enginePower,
};
/** Fields checked for a frozen sensor; speed and load legitimately sit at 0 in port. */
const STUCK_FIELDS = ["sfoc", "fuelConsumptionRate", "enginePower"];

/** The value checks of one consumer's fuel records. */
export function fuelValueChecks(consumer: string): ValueChecks {
  const kind = consumer === "auxiliary" ? "auxiliary" : "main";
  return {
    ranges: {
      ...FIXED_RANGES,
      // The report check's rule (one rule): the record's engine kind on the record's fuel.
      sfoc: (sample: QualitySample) =>
        sfocPlausibilityRange({ consumer: kind, fuelType: sample.fuelType ?? "" }),
    },
    stuckFields: STUCK_FIELDS,
  };
}
