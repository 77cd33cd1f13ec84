/** Analysis Center section `environment-weather-correlation`: GET /api/ships/:id/analysis/environment-weather-correlation?<filters>. */
import { z } from "zod";
import { num } from "./conventions";
import { sectionBase } from "./section-base";

/** Fuel and power of the records in one weather bin, against the light-weather (Beaufort ≤ 4) reference. */
const penaltyBin = {
  /** Records (main-engine reports at sea joined to their weather) in the bin and the hours they cover. */
  records: z.number().int(),
  hours: num,
  fuelT: num,
  /** Mean fuel rate, t/day. */
  fuelRateTPerDay: num.nullable(),
  /** Mean main-engine power, kW. */
  meanPowerKw: num.nullable(),
  /** Fuel above what the light-weather reference burns at the same speeds (fuel ∝ V³), %. */
  fuelPenaltyPercent: num.nullable(),
  /** Power above the light-weather reference at the same speeds, %. */
  powerPenaltyPercent: num.nullable(),
  /** 95 % interval of the fuel penalty, % (null below two records in the bin or the reference). */
  fuelPenaltyLowPercent: num.nullable(),
  fuelPenaltyHighPercent: num.nullable(),
};

const method = {
  /** The weather's share of the fuel of the records the method judged, %. */
  sharePercent: num.nullable(),
  /** Fuel the weather took over those records, t. */
  weatherFuelT: num.nullable(),
  /** Records the method kept, and their hours. */
  recordsKept: z.number().int(),
  hoursKept: num,
};

export const weatherCorrelationSection = z.object({
  ...sectionBase("environment-weather-correlation"),
  /**
   * Reports the figures were computed over (main engine at sea with weather; long ranges an even sample in
   * time, at most 1,000), and the main-engine reports the range holds.
   */
  records: z.number().int(),
  recordsInRange: z.number().int(),
  /** Whether the range held more reports than buckets, so that the figures rest on an even sample. */
  sampled: z.boolean(),
  hours: num,
  fuelT: num,
  byBeaufort: z.array(z.object({ force: z.number().int(), ...penaltyBin })),
  byWave: z.array(z.object({ fromM: num, toM: num.nullable(), ...penaltyBin })),
  /** Wind angle off the bow (0 = head wind, 180 = following wind). */
  byHeading: z.array(z.object({ fromDeg: num, toDeg: num, ...penaltyBin })),
  /** Bins with fewer records are drawn but not judged. */
  minBinRecords: z.number().int(),
  /**
   * Null when the penalty by Beaufort force (by wave height) does not fall with worsening weather beyond its
   * intervals; else why the bins cannot be read as the weather's effect.
   */
  beaufortOrdering: z.string().nullable(),
  waveOrdering: z.string().nullable(),
  /** ISO 15016 wind (R_AA) and wave (STAwave-1, within ±45° of the bow only) corrections per record. */
  iso15016: z.object({
    ...method,
    /** Whether the ship's length or beam was missing and the calculator's default ship stood in. */
    usedDefaultShip: z.boolean(),
  }),
  /** 'Beaufort ≤ 4 only': the light-weather records set the calm fuel per V³; the rest is the weather's. */
  calmFilter: z.object({
    ...method,
    maxBeaufort: z.number().int(),
    referenceRecords: z.number().int(),
    referenceHours: num,
  }),
});
export type WeatherCorrelationSectionResponse = z.infer<typeof weatherCorrelationSection>;
