/**
 * The six time-series record types in one table: route path, database table, request contract, the API
 * field → table property map (its fields are the record registry's, src/contracts/record-registry.ts; only
 * the names the table spells otherwise are listed here; used by the record routes, by uploads and by the
 * simulated fleet's loader), the time-series key and the values the server derives when the sender leaves
 * them out.
 */

import { getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import { RECORD_REGISTRY } from "../../contracts/record-registry";
import { fuelRecordFields, RECORD_BODIES, type RecordKind, withFuelClass } from "../../contracts/records";
import { co2FromFuel, parseFuelType } from "../../domain/fuels/fuel-types";
import { trimFromDraughts } from "../../domain/performance/trim-analysis";
import {
  auxiliaryData,
  complianceData,
  environmentalData,
  fuelData,
  hullCondition,
  trimData,
} from "../db/schema";

export type SeriesTable =
  | typeof fuelData
  | typeof environmentalData
  | typeof hullCondition
  | typeof trimData
  | typeof auxiliaryData
  | typeof complianceData;

/** Validated values of a record: the contract's output, keyed by API field. */
export type RecordValues = Record<string, unknown>;

export type RecordType = {
  kind: RecordKind;
  /** POST and GET path (spec §7 names). */
  path: string;
  table: SeriesTable;
  body: (typeof RECORD_BODIES)[RecordKind];
  /**
   * The contract's fields, parsed one by one by uploads (uploads/row-validator.ts), and what makes the
   * record of them: `body` is `fieldsBody` then `fromFields` (fuel: the grade and its class, contracts/records.ts).
   */
  fieldsBody: z.ZodObject;
  fromFields: (values: RecordValues) => RecordValues;
  /** The fields `fromFields` adds, each with the contract field it is made from (fuel: `fuelGrade` ← `fuelType`). */
  derivedFrom?: Record<string, string>;
  /**
   * A field whose file column shows another stored property (exports): fuel's 'Fuel Type' is the grade as
   * reported, so an exported file uploaded again gives the same records.
   */
  shownAs?: Record<string, string>;
  /**
   * API field → Drizzle property of `table`, for every stored field of the record (not shipId, voyageId,
   * timestamp): the measured fields, and what `fromFields` adds (fuel's `fuelGrade`).
   */
  fields: Record<string, string>;
  /** Drizzle properties after `orgId` that identify a record: the table's unique key. */
  key: readonly string[];
  /**
   * Fuel: the key less the fuel grade, an instant of one consumer. A write of an instant replaces the stored
   * records of that instant with another grade (a corrected grade is not kept twice); the records of one
   * instant are the grades a write sends together (a noon report's consumer that burnt HSFO and VLSFO).
   */
  instant?: readonly string[];
  /** Fills values the server derives (mutates and returns `values`). */
  complete: (values: RecordValues) => RecordValues;
};

const KEY_FIELDS: ReadonlySet<string> = new Set(["shipId", "voyageId", "timestamp"]);

/** The measured fields of a type, in file order, each to the table property of the same name or `renamed`. */
function measuredFields(kind: RecordKind, renamed: Record<string, string> = {}): Record<string, string> {
  const columns = RECORD_REGISTRY[kind].filter((c) => !KEY_FIELDS.has(c.field));
  return Object.fromEntries(columns.map((c) => [c.field, renamed[c.field] ?? c.field]));
}
const asIs = (values: RecordValues) => values;

/** A series type whose contract is a plain object: its fields are the record. */
const plainBody = <K extends Exclude<RecordKind, "fuel">>(kind: K) => ({
  body: RECORD_BODIES[kind],
  fieldsBody: RECORD_BODIES[kind] as z.ZodObject,
  fromFields: asIs,
});

/**
 * CO2 t/day from the fuel rate and the Cf of the grade's class when not given: CO2 = FC × Cf (MEPC.364(79));
 * the contract has already defaulted an empty fuel type to HFO.
 */
export function completeFuel(values: RecordValues): RecordValues {
  const rate = values.fuelConsumptionRate;
  if ((values.co2Emissions === null || values.co2Emissions === undefined) && typeof rate === "number") {
    values.co2Emissions = co2FromFuel(rate, parseFuelType(values.fuelType));
  }
  return values;
}

/** Trim = aft draught − fore draught (positive by the stern) when not given and both draughts are known. */
export function completeTrim(values: RecordValues): RecordValues {
  const { draughtFore: fore, draughtAft: aft } = values;
  if (
    (values.trim === null || values.trim === undefined) &&
    typeof fore === "number" &&
    typeof aft === "number"
  ) {
    values.trim = Math.round(trimFromDraughts(fore, aft) * 1e6) / 1e6;
  }
  return values;
}

/** Hull's last cleaning is a calendar date: the contract parses an instant, the column keeps its UTC day. */
export function completeHull(values: RecordValues): RecordValues {
  if (values.lastCleaningDate instanceof Date) {
    values.lastCleaningDate = values.lastCleaningDate.toISOString().slice(0, 10);
  }
  return values;
}

const SERIES_KEY = ["shipId", "ts"] as const;

export const RECORD_TYPES: Record<RecordKind, RecordType> = {
  fuel: {
    kind: "fuel",
    path: "/api/fuel-data",
    table: fuelData,
    body: RECORD_BODIES.fuel,
    fieldsBody: fuelRecordFields,
    fromFields: (values) => withFuelClass(values as { fuelType: string }),
    fields: { ...measuredFields("fuel"), fuelGrade: "fuelGrade" },
    derivedFrom: { fuelGrade: "fuelType" },
    shownAs: { fuelType: "fuelGrade" },
    key: ["shipId", "consumer", "fuelGrade", "ts"],
    instant: ["shipId", "consumer", "ts"],
    complete: completeFuel,
  },
  environmental: {
    kind: "environmental",
    path: "/api/environmental-data",
    table: environmentalData,
    ...plainBody("environmental"),
    fields: measuredFields("environmental"),
    key: SERIES_KEY,
    complete: asIs,
  },
  hull: {
    kind: "hull",
    path: "/api/hull-condition",
    table: hullCondition,
    ...plainBody("hull"),
    fields: measuredFields("hull"),
    key: SERIES_KEY,
    complete: completeHull,
  },
  trim: {
    kind: "trim",
    path: "/api/trim-data",
    table: trimData,
    ...plainBody("trim"),
    fields: measuredFields("trim", {
      draughtFore: "draughtForeM",
      draughtAft: "draughtAftM",
      trim: "trimM",
      displacement: "displacementT",
    }),
    key: SERIES_KEY,
    complete: completeTrim,
  },
  auxiliary: {
    kind: "auxiliary",
    path: "/api/auxiliary-data",
    table: auxiliaryData,
    ...plainBody("auxiliary"),
    fields: measuredFields("auxiliary"),
    key: SERIES_KEY,
    complete: asIs,
  },
  compliance: {
    kind: "compliance",
    path: "/api/compliance-data",
    table: complianceData,
    ...plainBody("compliance"),
    fields: measuredFields("compliance"),
    key: SERIES_KEY,
    complete: asIs,
  },
};

/** SQL column name and type of a Drizzle property of a series table ('fuel_consumption_rate', 'double precision'). */
export function sqlColumn(table: SeriesTable, property: string): { name: string; type: string } {
  const column = (getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>)[property];
  if (!column) throw new Error(`no column ${property} in table`);
  return { name: column.name, type: column.getSQLType() };
}

export type RecordOutput = z.output<RecordType["body"]>;
