/**
 * One organisation's held MQTT messages written (mqtt-ingest.ts's flush): each key looked up once, the
 * messages whose key may not write to the organisation refused, the rest in one transaction through the
 * ingestion pipeline (ingest-batch.ts), rollups deferred (decision record 019). Nothing is acknowledged
 * here: the caller settles what was written, and what threw is held again.
 */
import type pg from "pg";
import type { IngestResult } from "../../contracts/ingest";
import type { RecordKind } from "../../contracts/records";
import { findApiKey } from "../api-keys/api-keys";
import type { SessionCache } from "../auth/session-cache";
import type { AuthContext } from "../auth/sessions";
import type { Db } from "../db/client";
import { type IngestItem, ingestRecords } from "./ingest-batch";
import { inIngestTransaction } from "./ingest-transaction";
import type { Ack } from "./mqtt-acks";
import { type IngestTopic, keyRefusal, type RefusalReason } from "./mqtt-message";

/** A message received and checked for form, waiting for its batch. */
export type Held = { where: IngestTopic; key: string; records: unknown[]; ack: Ack; attempts: number };

type Grant = NonNullable<AuthContext["apiKey"]>;

/** The batch did not commit (or its keys could not be looked up): `held` is what to write again. */
export class BatchNotWritten extends Error {
  constructor(
    readonly held: Held[],
    cause: unknown,
  ) {
    super("MQTT batch not written", { cause });
  }
}

export type BatchDeps = { pool: pg.Pool; db: Db; cache: SessionCache };

/**
 * Writes `held` (one organisation's); `refuse` is called for each message whose key may not. Resolves with
 * the messages stored and the pipeline's results; throws `BatchNotWritten`.
 */
export async function writeBatch(
  deps: BatchDeps,
  orgId: number,
  held: Held[],
  refuse: (h: Held, reason: RefusalReason) => void,
): Promise<{ stored: Held[]; results: IngestResult[] }> {
  let accepted: { held: Held; grant: Grant }[];
  try {
    accepted = await checkKeys(deps, orgId, held, refuse);
  } catch (err) {
    throw new BatchNotWritten(held, err);
  }
  if (accepted.length === 0) return { stored: [], results: [] };
  const byKind = new Map<RecordKind, IngestItem[]>();
  for (const { held: h, grant } of accepted) {
    const items = byKind.get(h.where.kind) ?? [];
    byKind.set(h.where.kind, items);
    for (const record of h.records) items.push({ record, grant, topicImo: h.where.imo });
  }
  const stored = accepted.map((a) => a.held);
  try {
    // Rollups deferred (decision record 019): the flush commits the records and their live events in the
    // time of the inserts; the ship's rollups are caught up right after, once for every flush meanwhile.
    const results = await inIngestTransaction(
      deps.pool,
      orgId,
      async (run) => {
        const out = [];
        for (const [kind, items] of byKind) out.push(await ingestRecords(run, kind, items));
        return out;
      },
      "deferred",
    );
    return { stored, results };
  } catch (err) {
    throw new BatchNotWritten(stored, err);
  }
}

/** Each message's key looked up (once per key: the session cache); the refused handed to `refuse`. */
async function checkKeys(
  deps: BatchDeps,
  orgId: number,
  held: Held[],
  refuse: (h: Held, reason: RefusalReason) => void,
): Promise<{ held: Held; grant: Grant }[]> {
  const auths = new Map<string, AuthContext | null>();
  for (const key of new Set(held.map((h) => h.key))) {
    auths.set(key, await findApiKey(deps.db, key, deps.cache));
  }
  const accepted: { held: Held; grant: Grant }[] = [];
  for (const h of held) {
    const auth = auths.get(h.key);
    const refusal = keyRefusal(auth, orgId);
    if (refusal || !auth?.apiKey) refuse(h, refusal ?? "unknown_key");
    else accepted.push({ held: h, grant: auth.apiKey });
  }
  return accepted;
}
