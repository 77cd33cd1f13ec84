/**
 * Machine ingestion (issue 19): `POST /api/ingest/:recordType` with a JSON array, or NDJSON
 * (`application/x-ndjson`, one record per line), of records in the shape of the record contracts
 * (contracts/records.ts); the ship by `shipId` (its id or IMO number, as in uploads) or `imo`. MQTT messages
 * carry the same records (`{key, records: [...]}`) on `sextant/<orgId>/<imo>/<recordType>`.
 */
import { z } from "zod";
import { RECORD_BODIES, type RecordKind } from "./records";

export const RECORD_KINDS = Object.keys(RECORD_BODIES) as [RecordKind, ...RecordKind[]];

export const ingestParams = z.object({ recordType: z.enum(RECORD_KINDS) }).strict();

/** One refusal: the record's position in the batch (from 0), the field and why. */
export const ingestRejection = z.object({ index: z.number(), field: z.string(), reason: z.string() });
export type IngestRejection = z.infer<typeof ingestRejection>;

export const ingestResult = z.object({
  /** Records stored or already stored as sent (new + updated + unchanged). */
  accepted: z.number(),
  new: z.number(),
  /** Records that replaced a stored record of the same series key with other values. */
  updated: z.number(),
  /** Records sent again with the values already stored (nothing written). */
  unchanged: z.number(),
  /** Records refused (none of them stored). */
  rejectedRecords: z.number(),
  /** Why, per record and field (the first 100 reasons). */
  rejected: z.array(ingestRejection),
});
export type IngestResult = z.infer<typeof ingestResult>;

/** An MQTT message's payload. */
export const mqttIngestMessage = z.object({
  key: z.string().min(1).max(200),
  records: z.array(z.unknown()).min(1),
});
