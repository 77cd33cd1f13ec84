import { z } from "zod";
import { HULL_CALCULATOR_RANGES as R } from "../domain/hull/hull-calculator-ranges.js";
import { HULL_CORRECTIONS } from "../domain/hull/hull-calculator-text.js";
import { WIND_COEFFICIENT_TABLES, type WindCoefficientTableId } from "../domain/weather/wind-coefficients.js";
import { numberField, rangedNumber } from "./common.js";

/**
 * POST /api/calculate-hull-performance (spec §3, §5, §7). Field meanings, units and defaults are documented
 * on `HullCalculatorInput` in src/domain/hull/hull-calculator.ts; the plausible range of each input and its
 * source in `HULL_CALCULATOR_RANGES` (hull-calculator-ranges.ts). Empty optional fields are omitted (not null).
 */
const angle = numberField()
  .min(-180, "must be between -180 and 180")
  .max(180, "must be between -180 and 180");
const windTableIds = Object.keys(WIND_COEFFICIENT_TABLES) as [
  WindCoefficientTableId,
  ...WindCoefficientTableId[],
];

export const calculateHullPerformanceBody = z.strictObject({
  currentPower: rangedNumber(R.power).describe("Shaft power now [kW]"),
  baselinePower: rangedNumber(R.power).describe("Clean-hull baseline power in calm water [kW]"),
  currentSpeed: rangedNumber(R.speed).optional().describe("Speed through water now [kn]"),
  baselineSpeed: rangedNumber(R.speed).optional().describe("Speed of the baseline power [kn]"),
  currentSfoc: rangedNumber(R.sfoc).describe("SFOC now [g/kWh]"),
  baselineSfoc: rangedNumber(R.sfoc).describe("Baseline SFOC [g/kWh]"),
  seaState: rangedNumber(R.seaState).optional().describe("Douglas sea state 0-9"),
  windSpeed: rangedNumber(R.windSpeed).optional().describe("True wind speed [kn]"),
  waveHeight: rangedNumber(R.waveHeight).optional().describe("Significant wave height [m]"),
  fuelPricePerTonne: rangedNumber(R.fuelPricePerTonne).optional().describe("Fuel price [USD/t], default 600"),
  operatingDaysPerYear: numberField()
    .min(1, "must be between 1 and 366")
    .max(366, "must be between 1 and 366")
    .optional()
    .describe("Sea days per year, default 280"),
  cleaningCost: rangedNumber(R.cleaningCost).optional().describe("Hull cleaning cost [USD], default 25000"),
  lengthM: rangedNumber(R.lengthM).optional().describe("Length between perpendiculars [m]"),
  beamM: rangedNumber(R.beamM).optional().describe("Beam [m]"),
  bowLengthM: rangedNumber(R.bowLengthM)
    .optional()
    .describe("Bow length to 95% of max beam on the waterline [m]"),
  frontalAreaM2: rangedNumber(R.frontalAreaM2).optional().describe("Transverse projected wind area [m²]"),
  windCoefficients: z.enum(windTableIds).optional().describe("Wind coefficient table"),
  windAngleOffBowDeg: angle.optional().describe("Wind from, off the bow [deg], 0 = head"),
  waveAngleOffBowDeg: angle.optional().describe("Waves from, off the bow [deg], 0 = head"),
  propulsiveEfficiency: numberField()
    .min(0.1, "must be between 0.1 and 1")
    .max(1, "must be between 0.1 and 1")
    .optional()
    .describe("η_D, default 0.70"),
});
export type CalculateHullPerformanceBody = z.infer<typeof calculateHullPerformanceBody>;

export const calculateHullPerformanceResponse = z.object({
  hullRoughnessIndex: z.number(),
  hullEfficiency: z.number(),
  economicImpact: z.object({
    additionalFuelCost: z.number(),
    annualExtraCost: z.number(),
    paybackPeriod: z.number().nullable(),
  }),
  recommendedAction: z.string(),
  calculationMethod: z.string(),
  weatherCorrected: z.boolean(),
  corrections: z
    .array(z.object({ correction: z.enum(HULL_CORRECTIONS), applied: z.boolean(), note: z.string() }))
    .describe("Each correction (wind, waves, speed): applied or not, and why not"),
  details: z.object({
    excessPowerPercent: z.number(),
    calmCurrentPowerKw: z.number(),
    currentPowerAtBaselineSpeedKw: z.number(),
    weatherAddedPowerKw: z.number(),
    extraPowerKw: z.number(),
    extraFuelTonnesPerDay: z.number(),
    sfocDeviationPercent: z.number(),
    roughnessBand: z.enum(["good", "caution", "orange", "red"]),
    cleaningState: z.enum(["Good", "Moderate", "Poor"]),
    staWave1Valid: z.boolean().nullable(),
    assumptions: z.array(z.string()),
  }),
});
export type CalculateHullPerformanceResponse = z.infer<typeof calculateHullPerformanceResponse>;
