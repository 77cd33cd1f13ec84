/**
 * What an export holds, per record type: the sheet's name and its columns (header with unit, and how each
 * value is read). The series columns are the record registry's (src/contracts/record-registry.ts) and their
 * SQL columns the record types' (src/server/records/record-types.ts), so a column added there is exported
 * without a list here. Order: Date, Ship, the measured fields in registry order, Voyage: for fuel this is the
 * specification's CSV (date, ship name, SFOC, fuel consumption, engine load, STW speed, SOG speed, engine
 * power, fuel type, CO2), followed by Sextant's further columns.
 */

import type { ExportType } from "../../contracts/exports";
import { RECORD_REGISTRY, type RecordColumn } from "../../contracts/record-registry";
import type { RecordKind } from "../../contracts/records";
import { RECORD_TYPES, type SeriesTable, sqlColumn } from "../records/record-types";

export type ExportColumn = { header: string; kind: "date" | "number" | "text" };

/** A series type's sheet: its columns and the SQL names of its measured columns (after date, ship). */
export type SeriesSheet = {
  type: RecordKind;
  name: string;
  table: SeriesTable;
  tableName: string;
  columns: ExportColumn[];
  /** SQL column of each measured field, in column order (between Ship and Voyage). */
  sqlColumns: string[];
  /** Fuel only: records are selected by consumer (the dashboard's engine filter). */
  byConsumer: boolean;
};

const KEY_FIELDS = new Set(["shipId", "voyageId", "timestamp"]);

/** A header with its unit, unless the registry's header already names it ('Distance (nm)'). */
export function headerWithUnit(c: Pick<RecordColumn, "header" | "unit">): string {
  return c.unit && !c.header.includes("(") ? `${c.header} (${c.unit})` : c.header;
}

const SHEET_NAMES: Record<RecordKind, string> = {
  fuel: "Fuel",
  environmental: "Environmental",
  hull: "Hull",
  trim: "Trim",
  auxiliary: "Auxiliary",
  compliance: "Compliance",
};

function tableName(table: SeriesTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")]!;
}

function seriesSheet(type: RecordKind): SeriesSheet {
  const record = RECORD_TYPES[type];
  const measured = RECORD_REGISTRY[type].filter((c) => !KEY_FIELDS.has(c.field));
  const sqlColumns = measured.map((c) =>
    sqlColumn(record.table, record.shownAs?.[c.field] ?? record.fields[c.field]!),
  );
  return {
    type,
    name: SHEET_NAMES[type],
    table: record.table,
    tableName: tableName(record.table),
    columns: [
      { header: "Date (UTC)", kind: "date" },
      { header: "Ship", kind: "text" },
      ...measured.map((c, i) => ({
        header: headerWithUnit(c),
        kind:
          sqlColumns[i]!.type === "date"
            ? ("date" as const)
            : /precision|integer/.test(sqlColumns[i]!.type)
              ? ("number" as const)
              : ("text" as const),
      })),
      { header: "Voyage", kind: "text" },
    ],
    sqlColumns: sqlColumns.map((c) => c.name),
    byConsumer: type === "fuel",
  };
}

export const SERIES_SHEETS: Record<RecordKind, SeriesSheet> = {
  fuel: seriesSheet("fuel"),
  environmental: seriesSheet("environmental"),
  hull: seriesSheet("hull"),
  trim: seriesSheet("trim"),
  auxiliary: seriesSheet("auxiliary"),
  compliance: seriesSheet("compliance"),
};

/** The voyages sheet: the registry's voyage columns (its 'Ship ID' as the ship's name) and the status. */
export const VOYAGE_COLUMNS: ExportColumn[] = [
  { header: "Ship", kind: "text" },
  ...(RECORD_REGISTRY.voyages as readonly RecordColumn[])
    .filter((c) => c.field !== "shipId")
    .map((c) => ({
      header: c.unit?.startsWith("ISO") ? `${c.header} (UTC)` : headerWithUnit(c),
      kind: c.unit?.startsWith("ISO") ? ("date" as const) : c.unit ? ("number" as const) : ("text" as const),
    })),
  { header: "Status", kind: "text" },
];

/** The particulars sheet: one row per ship field, with the export's filters below. */
export const SHIP_COLUMNS: ExportColumn[] = [
  { header: "Field", kind: "text" },
  { header: "Value", kind: "text" },
];

export const SHEET_TITLES: Record<Exclude<ExportType, RecordKind>, string> = {
  ship: "Ship",
  voyages: "Voyages",
};
