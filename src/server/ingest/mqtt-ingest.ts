/**
 * MQTT ingestion (issue 19, docs/decisions/013-mqtt-ingestion.md): subscribes to
 * `$share/<MQTT_SHARE_GROUP>/sextant/+/+/+` — topics `sextant/<orgId>/<imo>/<recordType>` — and ingests
 * messages `{key, records: [...]}`.
 *
 * A message is accepted only when its key is an ingest key of the topic's organisation (the broker's ACLs are
 * the operator's second line, not the product's only one); its records must be the topic's ship and one the
 * key may write. A refused message is counted and logged (at most once a second, with the count), never
 * stored. Accepted messages are gathered for `MQTT_BATCH_MS` and written in one transaction per organisation
 * through the same pipeline as `POST /api/ingest` (ingest-batch.ts): an upsert on the series key, so a message
 * delivered twice is stored once. The daily rollups are not recomputed in that transaction but caught up
 * right after it (rollups/pending-rollups.ts, decision record 019).
 *
 * Several processes: the shared subscription gives each message to one process of the group; the upsert makes
 * a duplicate delivery (a reconnect, a QoS 1 resend) harmless anyway.
 *
 * Failures: the broker away → mqtt.js reconnects every second, nothing else stops. The database away during a
 * flush, or a write conflict with another process → the batch is kept and retried with a backoff (up to `MQTT_MAX_PENDING_RECORDS` records held; beyond,
 * messages are refused and counted as dropped). Any other failure of a flush → the organisation's batch is
 * logged and dropped (counted), the ingester goes on. A message is acknowledged to the broker on receipt (QoS
 * 1): what is held in memory when the process dies is lost (at most one batch interval plus an outage's
 * backlog) — the decision record says why.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyInstance } from "fastify";
import mqtt, { type MqttClient } from "mqtt";
import type pg from "pg";
import { mqttIngestMessage, RECORD_KINDS } from "../../contracts/ingest";
import type { RecordKind } from "../../contracts/records";
import { findApiKey } from "../api-keys/api-keys";
import type { AppDeps } from "../app-deps";
import type { SessionCache } from "../auth/session-cache";
import type { Db } from "../db/client";
import { isDatabaseUnavailable, isWriteConflict } from "../db/unavailable";
import { type IngestItem, ingestRecords } from "./ingest-batch";
import { inIngestTransaction } from "./ingest-transaction";

export const MQTT_TOPIC_ROOT = "sextant";

/** Organisations written at once by one flush. */
const FLUSH_CONCURRENCY = 4;

export type IngestTopic = { orgId: number; imo: string; kind: RecordKind };

/** `sextant/<orgId>/<imo>/<recordType>` → its parts, or null. */
export function parseTopic(topic: string): IngestTopic | null {
  const parts = topic.split("/");
  if (parts.length !== 4 || parts[0] !== MQTT_TOPIC_ROOT) return null;
  const [, org, imo, kind] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,9}$/.test(org) || Number(org) > 2_147_483_647) return null;
  if (!/^(IMO ?)?\d{7}$/i.test(imo)) return null;
  if (!(RECORD_KINDS as readonly string[]).includes(kind)) return null;
  return { orgId: Number(org), imo: imo.replace(/\D/g, ""), kind: kind as RecordKind };
}

export type MqttIngestStats = {
  /** Messages received on the subscription. */
  received: number;
  /** Messages accepted (a valid key of the topic's organisation with the ingest scope). */
  accepted: number;
  /** Messages refused (bad topic, payload or key), never stored. */
  refused: number;
  /** Messages refused because the backlog was full (database away too long). */
  dropped: number;
  /** Records stored or already stored as sent, and records refused one by one. */
  recordsAccepted: number;
  recordsRejected: number;
  /** Transactions committed, and batches lost to a failure other than the database's absence. */
  flushes: number;
  failedBatches: number;
};

type Options = {
  url: string;
  shareGroup: string;
  batchMs: number;
  maxPendingRecords: number;
  maxMessageBytes: number;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type OrgBatch = Map<RecordKind, IngestItem[]>;

export class MqttIngester {
  readonly stats: MqttIngestStats = {
    received: 0,
    accepted: 0,
    refused: 0,
    dropped: 0,
    recordsAccepted: 0,
    recordsRejected: 0,
    flushes: 0,
    failedBatches: 0,
  };
  private client: MqttClient | undefined;
  private pending = new Map<number, OrgBatch>();
  private pendingRecords = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private retryMs = 0;
  private lastRefusalLog = 0;
  private subscribed = false;
  /** Messages whose key is being checked (stop waits for them). */
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly options: Options,
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly cache: SessionCache,
    private readonly log: Log,
  ) {}

  /** Whether the subscription is in place (tests and the benchmark wait for it). */
  get ready(): boolean {
    return this.subscribed;
  }

  start(): void {
    const filter = `$share/${this.options.shareGroup}/${MQTT_TOPIC_ROOT}/+/+/+`;
    const client = mqtt.connect(this.options.url, {
      protocolVersion: 5,
      // unique per connection (a broker drops the older of two clients with one id); not a figure
      clientId: `sextant-${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`,
      clean: true,
      reconnectPeriod: 1_000,
      connectTimeout: 5_000,
      resubscribe: false,
    });
    this.client = client;
    client.on("connect", () => {
      client.subscribe(filter, { qos: 1 }, (err) => {
        if (err) this.log.warn({ err }, "MQTT subscription failed; retried at the next connection");
        else {
          this.subscribed = true;
          this.log.info({ filter }, "MQTT ingestion subscribed");
        }
      });
    });
    client.on("close", () => {
      this.subscribed = false;
    });
    client.on("error", (err) => this.log.warn({ err: err.message }, "MQTT connection error (reconnecting)"));
    client.on("message", (topic, payload) => {
      const work = this.receive(topic, payload).catch((err) => this.refuse(topic, `failed: ${err}`));
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    });
  }

  /** Disconnects, then writes what is pending (one last try). */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.client ? this.client.end(false, {}, () => resolve()) : resolve(),
    );
    await Promise.allSettled([...this.inFlight]);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.pendingRecords > 0) await this.flush();
  }

  /** Checks one message and queues its records, or refuses it. */
  async receive(topic: string, payload: Buffer): Promise<void> {
    this.stats.received += 1;
    const where = parseTopic(topic);
    if (!where) return this.refuse(topic, "the topic is not sextant/<orgId>/<imo>/<recordType>");
    if (payload.length > this.options.maxMessageBytes) return this.refuse(topic, "the message is too large");
    let json: unknown;
    try {
      json = JSON.parse(payload.toString("utf8"));
    } catch {
      return this.refuse(topic, "the message is not JSON");
    }
    const message = mqttIngestMessage.safeParse(json);
    if (!message.success) return this.refuse(topic, "the message is not {key, records: [...]}");
    const auth = await findApiKey(this.db, message.data.key, this.cache);
    const grant = auth?.apiKey;
    if (!auth || !grant) return this.refuse(topic, "unknown or revoked key");
    if (auth.orgId !== where.orgId) return this.refuse(topic, "the key is not of the topic's organisation");
    if (!grant.scopes.includes("ingest")) return this.refuse(topic, "the key has no ingest scope");
    const records = message.data.records;
    if (this.pendingRecords + records.length > this.options.maxPendingRecords) {
      this.stats.dropped += 1;
      return this.refuse(topic, "the backlog is full (the database has been away)");
    }
    this.stats.accepted += 1;
    let batch = this.pending.get(where.orgId);
    if (!batch) {
      batch = new Map();
      this.pending.set(where.orgId, batch);
    }
    let items = batch.get(where.kind);
    if (!items) {
      items = [];
      batch.set(where.kind, items);
    }
    for (const record of records) items.push({ record, grant, topicImo: where.imo });
    this.pendingRecords += records.length;
    this.schedule(this.options.batchMs);
  }

  private refuse(topic: string, reason: string): void {
    this.stats.refused += 1;
    const now = Date.now();
    if (now - this.lastRefusalLog < 1_000) return;
    this.lastRefusalLog = now;
    this.log.warn({ topic, reason, refusedSoFar: this.stats.refused }, "MQTT message refused, not stored");
  }

  private schedule(ms: number): void {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        if (this.pendingRecords > 0) this.schedule(this.retryMs || this.options.batchMs);
      });
    }, ms);
  }

  /**
   * Writes every organisation's pending records, one transaction each, a few organisations at a time (one
   * tenant's slow batch does not hold the others back; the pool keeps connections for requests).
   */
  private async flush(): Promise<void> {
    const batches = [...this.pending];
    this.pending = new Map();
    this.pendingRecords = 0;
    const next = () => batches.shift();
    const worker = async () => {
      for (let entry = next(); entry; entry = next()) await this.flushOrganisation(...entry);
    };
    await Promise.all(Array.from({ length: Math.min(FLUSH_CONCURRENCY, batches.length) }, worker));
  }

  private async flushOrganisation(orgId: number, batch: OrgBatch): Promise<void> {
    try {
      // Rollups deferred (decision record 019): the flush commits the records and their live events in the
      // time of the inserts; the ship's rollups are caught up right after, once for every flush meanwhile.
      const results = await inIngestTransaction(
        this.pool,
        orgId,
        async (run) => {
          const out = [];
          for (const [kind, items] of batch) out.push(await ingestRecords(run, kind, items));
          return out;
        },
        "deferred",
      );
      this.stats.flushes += 1;
      this.retryMs = 0;
      for (const r of results) {
        this.stats.recordsAccepted += r.accepted;
        this.stats.recordsRejected += r.rejectedRecords;
        if (r.rejectedRecords > 0) {
          this.log.warn(
            { orgId, rejectedRecords: r.rejectedRecords, first: r.rejected.slice(0, 3) },
            "MQTT records refused, not stored",
          );
        }
      }
    } catch (err) {
      const records = [...batch.values()].reduce((n, items) => n + items.length, 0);
      // The database away, or a transaction of another process in the way (deadlock, serialisation): nothing
      // of the batch was stored, and the same batch written again succeeds.
      if (isDatabaseUnavailable(err) || isWriteConflict(err)) {
        this.requeue(orgId, batch, records);
        this.retryMs = Math.min(Math.max(this.retryMs * 2, 500), 10_000);
        this.log.warn({ orgId, records, retryMs: this.retryMs }, "MQTT batch not written: kept for retry");
      } else {
        this.stats.failedBatches += 1;
        this.log.error({ orgId, records, err }, "MQTT batch failed and was dropped");
      }
    }
  }

  /** Puts a batch back in front of what arrived since. */
  private requeue(orgId: number, batch: OrgBatch, records: number): void {
    const newer = this.pending.get(orgId);
    if (newer) for (const [kind, items] of newer) batch.set(kind, [...(batch.get(kind) ?? []), ...items]);
    this.pending.set(orgId, batch);
    this.pendingRecords += records;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The MQTT ingester, when `MQTT_URL` is set. */
    mqttIngest: MqttIngester | null;
  }
}

/** Starts MQTT ingestion when `MQTT_URL` is set (after the app is ready) and drains it on close. */
export function registerMqttIngest(app: FastifyInstance, deps: AppDeps): void {
  const { config, database, db } = deps;
  const ingester = config.MQTT_URL
    ? new MqttIngester(
        {
          url: config.MQTT_URL,
          shareGroup: config.MQTT_SHARE_GROUP,
          batchMs: config.MQTT_BATCH_MS,
          maxPendingRecords: config.MQTT_MAX_PENDING_RECORDS,
          maxMessageBytes: config.INGEST_MAX_BYTES,
        },
        database.pool,
        db,
        app.sessionCache,
        app.log,
      )
    : null;
  app.decorate("mqttIngest", ingester);
  if (!ingester) return;
  app.addHook("onReady", async () => ingester.start());
  app.addHook("onClose", async () => ingester.stop());
}
