/**
 * The time-series records (spec §3) as the API takes them, from the Add Data forms and, row by row, from
 * uploads. One zod schema per type validates in the browser and on the server (the same import).
 *
 * The limits here are physical possibility (a value outside cannot be true and is rejected, with the field
 * and the reason); plausibility (a value that is possible but suspicious) is the data-quality module's job.
 */

import { z } from "zod";
import { CII_RATINGS } from "../domain/cii/rating";
import { DEFINED_RANGES as D, REVOLUTIONS_MAX } from "../domain/data-quality/plausibility";
import { ACCEPTED_FUEL_NAMES, type FuelGrade, fuelGradeOf } from "../domain/fuels/fuel-names";
import type { FuelType } from "../domain/fuels/fuel-types";
import { idField, idNumber, idParam, recordInstant } from "./common";

const num = (min: number, max: number, unit: string) =>
  z
    .number({ error: "must be a number" })
    .min(min, `must be at least ${min} ${unit}`.trim())
    .max(max, `must be at most ${max} ${unit}`.trim());
const int = (min: number, max: number, unit = "") => num(min, max, unit).int("must be a whole number");
/** Optional measurement: absent or null both mean 'not measured' (the forms send null for empty fields). */
const opt = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const recordBase = {
  shipId: idNumber("is required"),
  voyageId: opt(idField),
  /** When the record was taken (not in the future); the server uses the time of receipt when absent. */
  timestamp: recordInstant.optional(),
};

/** Consumers a fuel record belongs to (domain records/consumers.ts). Boiler records carry no power. */
import { ENGINE_CONSUMERS } from "../domain/records/consumers";

export type { FuelConsumer } from "../domain/records/consumers";
export { ENGINE_CONSUMERS };

/**
 * A fuel as reported ('VLSFO', 'lsmgo', 'IFO-380', 'B24 VLSFO', a class name such as 'HFO'), read as its
 * canonical grade (src/domain/fuels/fuel-names.ts); HFO when empty (spec §5).
 */
const fuelGradeName = z
  .preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? "HFO"
        : typeof v === "string"
          ? (fuelGradeOf(v)?.grade ?? v)
          : v,
    z
      .string({ error: `must be a known fuel name: ${ACCEPTED_FUEL_NAMES}` })
      .refine((grade) => fuelGradeOf(grade)?.grade === grade, {
        error: `must be a known fuel name: ${ACCEPTED_FUEL_NAMES}`,
      }),
  )
  .describe(
    "The fuel burnt, by any known name ('VLSFO', 'LSMGO', 'IFO 380', 'B24 VLSFO', 'HFO'); stored as its grade (fuelGrade) with its MEPC.364(79) class (fuelType). HFO when empty.",
  );

/**
 * The fields of a fuel record, each parsed on its own (uploads parse a row field by field, uploads/
 * row-validator.ts): `fuelType` gives the canonical grade here; `withFuelClass` then makes the record.
 */
export const fuelRecordFields = z
  .object({
    ...recordBase,
    consumer: z.enum(ENGINE_CONSUMERS).default("main"),
    sfoc: opt(num(0, 1000, "g/kWh")),
    fuelConsumptionRate: opt(num(0, 1000, "t/day")),
    engineLoadFactor: opt(num(D.engineLoadFactor.min, D.engineLoadFactor.max, D.engineLoadFactor.unit)),
    speedThroughWater: opt(num(0, 60, "kn")),
    speedOverGround: opt(num(0, 60, "kn")),
    enginePower: opt(num(0, 150_000, "kW")),
    /** Engine and propeller shaft revolutions; negative astern (NMEA 0183 RPM, XDR tachometer). */
    engineRpm: opt(num(-REVOLUTIONS_MAX, REVOLUTIONS_MAX, "rpm")),
    shaftRpm: opt(num(-REVOLUTIONS_MAX, REVOLUTIONS_MAX, "rpm")),
    /**
     * The fuel burnt, by any known name ('VLSFO', 'lsmgo', 'IFO 380', 'HFO'); HFO when empty (spec §5). The
     * record keeps the grade as reported (`fuelGrade`) and its MEPC.364(79) class (`fuelType`), the one the
     * emission factors use.
     */
    fuelType: fuelGradeName,
    /** t CO2/day; computed from the fuel rate and the fuel's Cf (MEPC.364(79)) when not given. */
    co2Emissions: opt(num(0, 3500, "t/day")),
    distanceNm: opt(num(0, 20_000, "nm")),
    periodHours: opt(num(0.001, 744, "h")),
  })
  .strict();
/** Grades already looked up (a file names a handful, row after row). */
const GRADES = new Map<string, FuelGrade>();

/**
 * A fuel record's grade and class from its fields, in place (the fields are the parse's own object, one per row
 * of an upload: a copy would cost more than the parse): `fuelGrade` the canonical grade ('VLSFO'), `fuelType`
 * its MEPC.364(79) class ('HFO'), whose Cf and LCV the figures use.
 */
export function withFuelClass<T extends { fuelType: string }>(
  fields: T,
): Omit<T, "fuelType"> & { fuelGrade: string; fuelType: FuelType } {
  let fuel = GRADES.get(fields.fuelType);
  if (!fuel) {
    fuel = fuelGradeOf(fields.fuelType);
    if (!fuel) throw new Error(`not a fuel grade: ${fields.fuelType}`);
    if (GRADES.size < 1000) GRADES.set(fields.fuelType, fuel);
  }
  const record = fields as unknown as { fuelGrade: string; fuelType: FuelType };
  record.fuelGrade = fuel.grade;
  record.fuelType = fuel.fuelType;
  return record as unknown as Omit<T, "fuelType"> & { fuelGrade: string; fuelType: FuelType };
}

/**
 * POST /api/fuel-data and the Add fuel data form. Input: `fuelType` is any known fuel name. Output: `fuelGrade`
 * is the grade as reported (canonical spelling), `fuelType` its class.
 */
export const fuelRecordBody = fuelRecordFields.transform(withFuelClass);
export type FuelRecordBody = z.input<typeof fuelRecordBody>;
export type FuelRecord = z.output<typeof fuelRecordBody>;

export const environmentalRecordBody = z
  .object({
    ...recordBase,
    windSpeed: opt(num(0, 200, "kn")),
    waveHeight: opt(num(0, 40, "m")),
    windDirection: opt(int(D.windDirection.min, D.windDirection.max, D.windDirection.unit)),
    seaState: opt(int(D.seaState.min, D.seaState.max)),
    /**
     * Power added by wind and waves, % of the calm-water power at the speed sailed (the simulator's
     * definition, report-builder.ts). At least -100 %: the total power (1 + impact/100) × calm cannot be
     * negative. No upper limit: in heavy weather the ship slows (voluntarily, or because the engine is at
     * its limit), the calm-water power falls with about the cube of speed while the added wave resistance
     * does not, so the ratio rises without bound (the simulator's storms reach 400–3,000 %). Values above
     * 100 % are flagged by the data-quality plausibility range, not rejected (docs/decisions/003).
     */
    weatherImpact: opt(z.number({ error: "must be a number" }).min(-100, "must be at least -100 %")),
    airTemperature: opt(num(-80, 70, "°C")),
    seaTemperature: opt(num(-3, 40, "°C")),
    latitude: opt(num(-90, 90, "°")),
    longitude: opt(num(-180, 180, "°")),
    heading: opt(num(0, 360, "°")),
  })
  .strict();
export type EnvironmentalRecordBody = z.input<typeof environmentalRecordBody>;

export const hullRecordBody = z
  .object({
    ...recordBase,
    roughnessIndex: opt(num(0, 1000, "")),
    propellerSlip: opt(num(-100, 100, "%")),
    /** 100·(P_clean/P_now − 1) at equal speed, negative = degradation; the calculator's meaning (domain hull-efficiency.ts). */
    hullEfficiency: opt(num(-100, 100, "%")),
    daysSinceLastCleaning: opt(int(0, 36_500, "days")),
    lastCleaningDate: opt(recordInstant),
    currentTrim: opt(num(-30, 30, "m")),
  })
  .strict();
export type HullRecordBody = z.input<typeof hullRecordBody>;

export const trimRecordBody = z
  .object({
    ...recordBase,
    draughtFore: opt(num(0, 40, "m")),
    draughtAft: opt(num(0, 40, "m")),
    /** m, aft minus fore (positive by the stern); computed from the draughts when not given. */
    trim: opt(num(-30, 30, "m")),
    displacement: opt(num(0, 1_000_000, "t")),
  })
  .strict();
export type TrimRecordBody = z.input<typeof trimRecordBody>;

export const auxiliaryRecordBody = z
  .object({
    ...recordBase,
    hvacPower: opt(num(0, 50_000, "kW")),
    pumpsPower: opt(num(0, 50_000, "kW")),
    lightingPower: opt(num(0, 50_000, "kW")),
    navigationPower: opt(num(0, 50_000, "kW")),
    cargoHandlingPower: opt(num(0, 50_000, "kW")),
  })
  .strict();
export type AuxiliaryRecordBody = z.input<typeof auxiliaryRecordBody>;

export const complianceRecordBody = z
  .object({
    ...recordBase,
    /** g CO2 / (t·nm). */
    eeoiValue: opt(num(0, 100_000, "")),
    eeoiTarget: opt(num(0, 100_000, "")),
    ciiRating: opt(z.enum(CII_RATINGS)),
    ciiAttained: opt(num(0, 100_000, "")),
  })
  .strict();
export type ComplianceRecordBody = z.input<typeof complianceRecordBody>;

export const RECORD_BODIES = {
  fuel: fuelRecordBody,
  environmental: environmentalRecordBody,
  hull: hullRecordBody,
  trim: trimRecordBody,
  auxiliary: auxiliaryRecordBody,
  compliance: complianceRecordBody,
} as const;
export type RecordKind = keyof typeof RECORD_BODIES;

/** GET /api/fuel-data?shipId=&limit= (spec §7: the dashboard reads the last 7). */
export const recordListQuery = z
  .object({
    shipId: idParam.optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict();
