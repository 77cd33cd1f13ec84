/**
 * The eight upload data types: which contract validates a row, which fields are references to resolve
 * (ship, voyage), and where accepted rows go (the merge target: staging columns, conflict key, what an
 * update sets). Series types take their table and field → column map from the record routes
 * (records/record-types.ts), so a form and a file store a record identically.
 */
import { getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import { createMaintenanceEventBody, eventDay } from "../../contracts/maintenance-events";
import type { RecordKind } from "../../contracts/records";
import { createShipBody } from "../../contracts/ships";
import type { UploadDataType } from "../../contracts/upload-columns";
import { createVoyageBody } from "../../contracts/voyages";
import { maintenanceEvents, ships, voyages } from "../db/schema";
import { RECORD_TYPES, type RecordValues, sqlColumn } from "../records/record-types";
import { SHIP_FIELD_COLUMNS } from "../ships/ships.repository";

export type StageColumn = { name: string; type: string };

/** Where validated rows of a type are merged: `insert … select … on conflict (org_id, key) do update`. */
export type MergeTarget = {
  table: string;
  /** Columns of the staging table and of the target (without org_id), in COPY order. */
  columns: StageColumn[];
  /** Conflict key after org_id. */
  key: string[];
  /**
   * Columns of an instant (fuel: ship, consumer, ts; the key less the fuel type): the rows of an instant
   * replace the stored rows of that instant whose key they do not hold (record-types.ts `instant`).
   */
  instant?: string[];
  /** Value an update stores per non-key column (default `excluded.<column>`). */
  update?: Record<string, string>;
  /**
   * A 'fill' whose sheet does not give the whole key (an NMEA log names no fuel grade): each staged row fills
   * every stored row of its instant, whatever their grade, and is inserted only where the instant has none;
   * nothing stored is replaced.
   */
  fillsInstant?: true;
  /** Further assignments of an update that are not compared ('updated_at = now()'). */
  touch?: string;
};

export type UploadType = {
  type: UploadDataType;
  /** The contract a row is validated with: the same zod schema as the form and the POST route. */
  body: z.ZodObject;
  /** Fields whose cell names another record (resolved to an id before validation). */
  references: { ship?: string; voyage?: string };
  /** Fields a column mapping must provide. */
  required: string[];
  target: MergeTarget;
  /** Validated values (after derivations) → staging row, in `target.columns` order. */
  stageValues: (values: RecordValues) => unknown[];
  /**
   * The field each staging column holds (a field the record derives: the field it is made from, fuel's
   * `fuelGrade` → `fuelType`), in `target.columns` order, for the series types: their rows may take the fast
   * path (fast-row.ts), which writes a cell's own text for its column. Absent for ships and voyages.
   */
  stageFields?: readonly string[];
  /** Values the server derives before storing (CO2, trim, voyage status…); `given` = fields the row had. */
  complete: (values: RecordValues, given: ReadonlySet<string>, now: Date) => RecordValues;
};

function seriesType(type: UploadDataType, kind: RecordKind): UploadType {
  const record = RECORD_TYPES[kind];
  const fields = Object.entries(record.fields).map(([field, property]) => ({
    field,
    ...sqlColumn(record.table, property),
  }));
  // Text columns sort by bytes in the staging table: collation-aware sorting of 1M rows costs seconds.
  const stageType = (type: string) => (type === "text" ? 'text collate "C"' : type);
  const columns: StageColumn[] = [
    { name: "ship_id", type: "integer" },
    { name: "voyage_id", type: "integer" },
    { name: "ts", type: "timestamp with time zone" },
    ...fields.map((f) => ({ name: f.name, type: stageType(f.type) })),
  ];
  return {
    type,
    body: record.fieldsBody,
    references: { ship: "shipId", voyage: "voyageId" },
    required: ["shipId", "timestamp"],
    target: {
      table: sqlTableName(record.table),
      columns,
      key: record.key.map((p) => sqlColumn(record.table, p).name),
      ...(record.instant ? { instant: record.instant.map((p) => sqlColumn(record.table, p).name) } : {}),
    },
    stageValues: (v) => [v.shipId, v.voyageId ?? null, v.timestamp, ...fields.map((f) => v[f.field] ?? null)],
    stageFields: [
      "shipId",
      "voyageId",
      "timestamp",
      ...fields.map((f) => record.derivedFrom?.[f.field] ?? f.field),
    ],
    // A series record's derivations depend on its values only (not on which fields the row gave).
    complete: (values) => record.complete(record.fromFields(values)),
  };
}

function sqlTableName(table: object): string {
  return (table as Record<symbol, string>)[Symbol.for("drizzle:Name")]!;
}

/** Ship fields → Drizzle properties: the ships repository's map. */
const SHIP_FIELDS: Record<string, keyof typeof ships.$inferSelect> = SHIP_FIELD_COLUMNS;
const SHIP_PARTICULARS = Object.keys(SHIP_FIELDS).filter((f) => !["name", "imo", "type"].includes(f));

function shipsType(): UploadType {
  const cols = getTableColumns(ships) as Record<string, { name: string; getSQLType(): string }>;
  const fields = Object.entries(SHIP_FIELDS).map(([field, p]) => ({
    field,
    name: cols[p]!.name,
    type: cols[p]!.getSQLType(),
  }));
  // An empty cell is missing data: it keeps the particular already known instead of erasing it.
  const update = Object.fromEntries(
    fields
      .filter((f) => SHIP_PARTICULARS.includes(f.field))
      .map((f) => [f.name, `coalesce(excluded.${f.name}, ships.${f.name})`]),
  );
  return {
    type: "ships",
    body: createShipBody,
    references: {},
    required: ["name", "imo", "type"],
    target: {
      table: "ships",
      columns: fields.map((f) => ({ name: f.name, type: f.type })),
      key: ["imo_number"],
      update,
      touch: "updated_at = now()",
    },
    stageValues: (v) => fields.map((f) => v[f.field] ?? null),
    complete: (v) => v,
  };
}

const VOYAGE_FIELDS = [
  "shipId",
  "voyageNumber",
  "origin",
  "destination",
  "departureDate",
  "arrivalDate",
  "status",
  "cargoTonnes",
] as const;

function voyagesType(): UploadType {
  const cols = getTableColumns(voyages) as Record<string, { name: string; getSQLType(): string }>;
  return {
    type: "voyages",
    body: createVoyageBody as unknown as z.ZodObject,
    references: { ship: "shipId" },
    required: ["shipId", "voyageNumber", "origin", "destination", "departureDate"],
    target: {
      table: "voyages",
      columns: VOYAGE_FIELDS.map((f) => ({ name: cols[f]!.name, type: cols[f]!.getSQLType() })),
      key: ["ship_id", "voyage_number"],
    },
    stageValues: (v) => VOYAGE_FIELDS.map((f) => v[f] ?? null),
    complete: (v, given, now) => {
      // Without a status in the row: a voyage that has arrived is completed, others are under way.
      if (!given.has("status")) {
        const arrival = v.arrivalDate as Date | null | undefined;
        v.status = arrival && arrival <= now ? "completed" : "active";
      }
      return v;
    },
  };
}

/** Contract field → Drizzle property of the maintenance events' table, in staging order. */
const EVENT_FIELDS = {
  shipId: "shipId",
  type: "type",
  date: "eventDate",
  status: "status",
  notes: "notes",
  coating: "coating",
  coatingType: "coatingType",
} as const;

/** Maintenance events: merged on (ship, type, day), so a file sent again updates instead of doubling. */
function eventsType(): UploadType {
  const cols = getTableColumns(maintenanceEvents) as Record<string, { name: string; getSQLType(): string }>;
  const props = Object.values(EVENT_FIELDS);
  return {
    type: "events",
    body: createMaintenanceEventBody as unknown as z.ZodObject,
    references: { ship: "shipId" },
    required: ["shipId", "type", "date"],
    target: {
      table: "maintenance_events",
      columns: props.map((p) => ({ name: cols[p]!.name, type: cols[p]!.getSQLType() })),
      key: ["ship_id", "type", "event_date"],
      touch: "updated_at = now()",
    },
    stageValues: (v) =>
      (Object.keys(EVENT_FIELDS) as (keyof typeof EVENT_FIELDS)[]).map((f) =>
        f === "date" ? eventDay(v.date as Date) : (v[f] ?? null),
      ),
    complete: (v) => v,
  };
}

export const UPLOAD_TYPES: Record<UploadDataType, UploadType> = {
  ships: shipsType(),
  voyages: voyagesType(),
  events: eventsType(),
  // The series types are the record kinds, under the same names.
  ...(Object.fromEntries(
    (Object.keys(RECORD_TYPES) as RecordKind[]).map((kind) => [kind, seriesType(kind, kind)]),
  ) as Record<RecordKind, UploadType>),
};

export const isSeriesType = (type: UploadDataType) =>
  type !== "ships" && type !== "voyages" && type !== "events";
