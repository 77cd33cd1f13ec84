/**
 * Staging tables of a simulated fleet's COPY load, one per record kind, derived from the record registry
 * (which columns, in file order) and the database schema (their SQL names and types), so a column added to
 * the registry and the schema is loaded without a second list here. A row is staged as the simulator's
 * upload row with the ship's IMO number replaced by its database id; series rows find their voyage by number.
 */
import { getTableColumns } from "drizzle-orm";
import { RECORD_REGISTRY } from "../../contracts/record-registry";
import type { UploadDataType } from "../../contracts/upload-columns";
import { voyages } from "../db/schema";
import { gradeOfClassSql } from "../records/fuel-grade-sql";
import { RECORD_TYPES, sqlColumn } from "../records/record-types";
import { csvRow, type SimRecord, uploadRow, uploadTypeOf } from "./simulator-entry";

/** A record kind of the simulator other than the ship (ships are created one by one, not copied). */
export type StagedKind = Exclude<SimRecord["kind"], "ship">;
export type StagedRecord = Exclude<SimRecord, { kind: "ship" }>;

export type Stage = {
  /** `create temp table stage (…)` column list. */
  ddl: string;
  /** `copy stage (…)` column list. */
  columns: string;
  /** The organisation's table the rows go to. */
  table: string;
  /** Moves the staged rows into the organisation's table. */
  insert: (orgId: number) => string;
};

type StageColumn = { field: string; name: string; type: string };

const TABLE_COLUMNS = getTableColumns(voyages) as Record<string, { name: string; getSQLType(): string }>;

/** The staging column a registry field of a type lands in (series rows carry the voyage by number). */
function stageColumn(type: UploadDataType, field: string): StageColumn {
  if (field === "shipId") return { field, name: "ship_id", type: "integer" };
  if (type === "voyages") {
    const column = TABLE_COLUMNS[field]!;
    return { field, name: column.name, type: column.getSQLType() };
  }
  if (field === "voyageId") return { field, name: "voyage_number", type: "text" };
  if (field === "timestamp") return { field, name: "ts", type: "timestamp with time zone" };
  const record = RECORD_TYPES[type as keyof typeof RECORD_TYPES];
  return { field, ...sqlColumn(record.table, record.fields[field]!) };
}

const columnsOf = (type: UploadDataType) => RECORD_REGISTRY[type].map((c) => stageColumn(type, c.field));
const names = (cols: StageColumn[]) => cols.map((c) => c.name).join(", ");
const ddl = (cols: StageColumn[]) => cols.map((c) => `${c.name} ${c.type}`).join(", ");

/**
 * Columns a type's table has beyond its staged ones, with the value each takes from the staged row `s`: a
 * simulated fuel record names its fuel's class, whose own grade it burnt.
 */
const DERIVED: Partial<Record<UploadDataType, { name: string; value: string }[]>> = {
  fuel: [{ name: "fuel_grade", value: gradeOfClassSql("s.fuel_type") }],
};

function seriesStage(type: UploadDataType): Stage {
  const cols = columnsOf(type);
  const measured = cols.filter((c) => !["ship_id", "voyage_number", "ts"].includes(c.name));
  const derived = DERIVED[type] ?? [];
  const inserted = [...measured.map((c) => c.name), ...derived.map((d) => d.name)];
  const values = [...measured.map((c) => `s.${c.name}`), ...derived.map((d) => d.value)];
  const hasVoyage = cols.some((c) => c.name === "voyage_number");
  const table = (RECORD_TYPES[type as keyof typeof RECORD_TYPES].table as unknown as Record<symbol, string>)[
    Symbol.for("drizzle:Name")
  ]!;
  return {
    table,
    ddl: ddl(cols),
    columns: names(cols),
    insert: (orgId) =>
      `insert into ${table} (org_id, ship_id, voyage_id, ts, ${inserted.join(", ")})
       select ${orgId}, s.ship_id, ${hasVoyage ? "v.id" : "null"}, s.ts, ${values.join(", ")}
       from stage s ${
         hasVoyage
           ? `left join voyages v on v.org_id = ${orgId} and v.ship_id = s.ship_id and v.voyage_number = s.voyage_number`
           : ""
       } on conflict do nothing`,
  };
}

/** Voyages are upserted on (org, ship, number); arrived ones are completed, the one under way active. */
function voyageStage(): Stage {
  const cols = columnsOf("voyages");
  const updated = cols.filter((c) => !["ship_id", "voyage_number"].includes(c.name)).map((c) => c.name);
  return {
    table: "voyages",
    ddl: ddl(cols),
    columns: names(cols),
    insert: (orgId) =>
      `insert into voyages (org_id, ${names(cols)}, status)
       select ${orgId}, ${names(cols)}, case when arrival_date is null then 'active' else 'completed' end
       from stage
       on conflict (org_id, ship_id, voyage_number) do update set
         ${[...updated, "status"].map((n) => `${n} = excluded.${n}`).join(", ")}`,
  };
}

export const STAGES: Record<StagedKind, Stage> = {
  voyage: voyageStage(),
  fuel: seriesStage("fuel"),
  environmental: seriesStage("environmental"),
  hull: seriesStage("hull"),
  trim: seriesStage("trim"),
  auxiliary: seriesStage("auxiliary"),
  compliance: seriesStage("compliance"),
};

/** Where each type's ship reference stands in its upload row. */
const SHIP_CELL = Object.fromEntries(
  Object.entries(RECORD_REGISTRY).map(([type, cols]) => [type, cols.findIndex((c) => c.field === "shipId")]),
) as Record<UploadDataType, number>;

/** The COPY (CSV) line of a record for its staging table: its upload row, the ship by database id. */
export function stageLine(rec: StagedRecord, shipId: number): string {
  const row = uploadRow(rec);
  row[SHIP_CELL[uploadTypeOf(rec)]] = shipId;
  return csvRow(row);
}
