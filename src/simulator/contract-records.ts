/**
 * Simulated records in the API's JSON shape (the record registry's field names), for the ingestion tests,
 * benchmarks and the MQTT publisher script: a ship as `POST /api/ships` takes it, a series record as
 * `POST /api/ingest/:recordType` and MQTT take it — the ship by its IMO number (`imo`) and no voyage (a data
 * logger on board does not know the shore's voyage ids). Empty cells are left out.
 */
import { RECORD_REGISTRY } from "../contracts/record-registry";
import type { SeriesRecord, ShipRecord } from "./records";
import { uploadRow, uploadTypeOf } from "./upload-rows";

function fieldsOf(rec: ShipRecord | SeriesRecord): Record<string, unknown> {
  const row = uploadRow(rec);
  const out: Record<string, unknown> = {};
  RECORD_REGISTRY[uploadTypeOf(rec)].forEach((column, i) => {
    const value = row[i];
    if (value !== null && value !== undefined && value !== "") out[column.field] = value;
  });
  return out;
}

/** The ship as `POST /api/ships` takes it. */
export const shipBodyOf = (rec: ShipRecord) => fieldsOf(rec);

/** A series record as ingestion takes it. */
export function ingestRecordOf(rec: SeriesRecord): Record<string, unknown> {
  const { shipId, voyageId: _voyage, ...rest } = fieldsOf(rec);
  return { imo: shipId, ...rest };
}
