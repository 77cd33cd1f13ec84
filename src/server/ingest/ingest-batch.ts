/**
 * Machine ingestion through the upload pipeline: JSON records become the rows of a sheet whose header is the
 * contract's field names, so that a record is validated, resolved (ship by id or IMO, voyage), staged, merged
 * on its series key (a re-sent record is unchanged, never a second row) and rolled up exactly as an uploaded
 * row is (uploads/upload-pipeline.ts), and the commit announces the write (alert evaluation, live views).
 *
 * Checked here, before the pipeline, what a spreadsheet cannot express: a record that is not an object, a
 * field the type does not have, a nested value, and the ship — which an API key must be allowed to write, and
 * which, over MQTT, must be the topic's.
 */
import type pg from "pg";
import type { IngestRejection, IngestResult } from "../../contracts/ingest";
import type { RecordKind } from "../../contracts/records";
import { type ApiKeyGrant, grantCoversShip } from "../api-keys/api-keys";
import type { Cell, SheetRow } from "../uploads/cell-values";
import { fieldKinds } from "../uploads/column-mapping";
import type { FleetReferences } from "../uploads/fleet-references";
import { MAX_REPORTED_ERRORS, UploadRun } from "../uploads/upload-pipeline";

/** One record to ingest, with who sent it and (MQTT) the ship its topic names. */
export type IngestItem = { record: unknown; grant?: ApiKeyGrant; topicImo?: string };

/** A line of an NDJSON body that is not JSON: refused as its record, not as the request. */
export class UnreadableRecord {
  constructor(readonly reason: string) {}
}

const SHIP_FIELD = "shipId";
/** A record may name its ship by IMO number under this name instead of `shipId`. */
const IMO_FIELD = "imo";

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof UnreadableRecord);

/** The sheet header of a type: the ship first, then the contract's other fields. */
function headerOf(kind: RecordKind): string[] {
  return [SHIP_FIELD, ...Object.keys(fieldKinds(kind)).filter((f) => f !== SHIP_FIELD)];
}

/** The record's cells in header order, or its refusals. */
function toRow(
  kind: RecordKind,
  header: readonly string[],
  known: ReadonlySet<string>,
  item: IngestItem,
  index: number,
  refs: FleetReferences,
): { cells: Cell[] } | { refusals: IngestRejection[] } {
  const { record } = item;
  const refuse = (field: string, reason: string) => ({ refusals: [{ index, field, reason }] });
  if (record instanceof UnreadableRecord) return refuse("", record.reason);
  if (!isPlainObject(record)) return refuse("", "must be an object (one record)");
  const refusals: IngestRejection[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (!known.has(field)) refusals.push({ index, field, reason: `is not a field of ${kind} records` });
    else if (typeof value === "object" && value !== null) {
      refusals.push({ index, field, reason: "must be a number or text" });
    }
  }
  if (refusals.length > 0) return { refusals };
  const byId = record[SHIP_FIELD] as Cell;
  const byImo = record[IMO_FIELD] as Cell;
  if (byId !== undefined && byId !== null && byImo !== undefined && byImo !== null) {
    return refuse(IMO_FIELD, "give the ship by shipId or by imo, not both");
  }
  let ship: Cell = byId ?? byImo ?? item.topicImo;
  const shipField = byImo !== undefined && byImo !== null ? IMO_FIELD : SHIP_FIELD;
  const shipId = refs.ship(ship);
  if (item.topicImo !== undefined && ship !== item.topicImo && shipId !== refs.ship(item.topicImo)) {
    return refuse(shipField, "is not the ship of the topic");
  }
  if (shipId !== undefined) {
    if (item.grant && !grantCoversShip(item.grant, shipId)) {
      return refuse(shipField, "is not a ship this API key may write");
    }
    ship = shipId;
  }
  return { cells: header.map((field) => (field === SHIP_FIELD ? ship : (record[field] as Cell))) };
}

/**
 * Ingests records of one type in the run's transaction; `index` of each refusal is the record's position
 * in `items`.
 */
export async function ingestRecords(
  run: UploadRun,
  kind: RecordKind,
  items: readonly IngestItem[],
): Promise<IngestResult> {
  const header = headerOf(kind);
  const known = new Set([...header, IMO_FIELD]);
  const refused: IngestRejection[] = [];
  const rows: SheetRow[] = [{ n: 0, cells: header }];
  items.forEach((item, index) => {
    const row = toRow(kind, header, known, item, index, run.refs);
    if ("refusals" in row) refused.push(...row.refusals);
    else rows.push({ n: index + 1, cells: row.cells });
  });
  const errorsBefore = run.errors.length;
  const counts = await run.loadSheet({
    type: kind,
    batches: (async function* () {
      yield rows;
    })(),
    decimalComma: false,
    columnMappings: Object.fromEntries(header.map((f) => [f, f])),
    skipRows: 0,
  });
  const validated = run.errors
    .slice(errorsBefore)
    .map((e) => ({ index: e.row - 1, field: e.column, reason: e.reason }));
  const accepted = counts.new + counts.updated + counts.unchanged;
  return {
    accepted,
    new: counts.new,
    updated: counts.updated,
    unchanged: counts.unchanged,
    rejectedRecords: items.length - accepted,
    rejected: [...refused, ...validated].sort((a, b) => a.index - b.index).slice(0, MAX_REPORTED_ERRORS),
  };
}

/** Starts an ingestion run in the client's open transaction (the organisation's ships and voyages loaded). */
export const startIngestion = (client: pg.PoolClient, orgId: number) =>
  UploadRun.start(client, orgId, Number.MAX_SAFE_INTEGER);
