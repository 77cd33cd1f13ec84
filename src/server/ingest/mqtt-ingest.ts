/**
 * MQTT ingestion (issue 19; issue 30 for delivery; docs/decisions/013-mqtt-ingestion.md): subscribes to
 * `$share/<MQTT_SHARE_GROUP>/sextant/+/+/+` — topics `sextant/<orgId>/<imo>/<recordType>` — and ingests
 * messages `{key, records: [...]}`.
 *
 * **No acknowledged message is lost.** A message is acknowledged to the broker (PUBACK) only once it is stored
 * or refused (mqtt-acks.ts), on a persistent session (a fixed client id, `clean: false`, a session expiry):
 * what Sextant holds when the database is away, or when the process dies, the broker still has and sends
 * again. What Sextant holds is bounded by the Receive Maximum it announces (`MQTT_RECEIVE_MAXIMUM`) and by
 * `MQTT_MAX_PENDING_RECORDS` (beyond, it stops reading); the broker queues the rest (its
 * `max_queued_messages`: docs/operations/mqtt-broker.md says how to size it). Sextant logs when it falls behind.
 *
 * A message is accepted only when its key is an ingest key of the topic's organisation (the broker's ACLs are
 * the operator's second line, not the product's only one); its records must be the topic's ship and one the
 * key may write. The key is checked when the batch is written, so a database away holds messages instead of
 * refusing them. A refused message is acknowledged with a reason code, counted by reason and logged (at most
 * once a second), never stored. Accepted messages are gathered for `MQTT_BATCH_MS` and written in one
 * transaction per organisation through the same pipeline as `POST /api/ingest` (ingest-batch.ts): an upsert on
 * the series key, so a message delivered twice (a redelivery after a reconnect) is stored once. The daily
 * rollups are caught up right after the transaction (rollups/pending-rollups.ts, decision record 019).
 *
 * Failures: the broker away → mqtt.js reconnects every second. The database away during a flush, or a write
 * conflict with another process → the batch is kept and retried with a backoff, unacknowledged. Any other
 * failure of a flush → retried twice more, then its messages are refused (`failed`, logged).
 */
import { hostname } from "node:os";
import type { FastifyInstance } from "fastify";
import mqtt, { type IConnackPacket, type IDisconnectPacket, type MqttClient } from "mqtt";
import type pg from "pg";
import type { AppDeps } from "../app-deps";
import type { SessionCache } from "../auth/session-cache";
import type { Db } from "../db/client";
import { fullDisk, isDatabaseUnavailable, isWriteConflict } from "../db/unavailable";
import { type Ack, ManualAcks, REASON } from "./mqtt-acks";
import { type BatchDeps, BatchNotWritten, type Held, writeBatch } from "./mqtt-batch";
import {
  MQTT_TOPIC_ROOT,
  REFUSAL,
  REFUSAL_REASONS,
  type RefusalReason,
  readMessage,
  topicOf,
} from "./mqtt-message";
import { registerMqttMetrics } from "./mqtt-metrics";

/** Organisations written at once by one flush. */
const FLUSH_CONCURRENCY = 4;
/** Attempts at a batch that fails for another reason than the database's absence, before it is refused. */
const MAX_ATTEMPTS = 3;
/** Retry backoff while the database is away: from 0.5 s, doubling, at most this (ms). */
const MAX_RETRY_MS = 2_000;
/** A message unacknowledged this long means Sextant is falling behind (ms). */
const BEHIND_MS = 5_000;
/** "Falling behind" is logged at most this often (ms). */
const BEHIND_LOG_MS = 10_000;

export type MqttIngestStats = {
  /** Messages received on the subscription (redeliveries included). */
  received: number;
  /** Messages the broker flagged as sent before (a reconnect came before their acknowledgement). */
  redelivered: number;
  /** Messages received and not yet acknowledged. */
  readonly held: number;
  /** Messages accepted (a valid key of the topic's organisation with the ingest scope) and committed. */
  accepted: number;
  /** Messages committed, then acknowledged (their refused records included). */
  stored: number;
  /** Messages refused (acknowledged with a reason code), never stored; by reason in `refusals`. */
  refused: number;
  /** Records stored or already stored as sent, and records refused one by one. */
  recordsAccepted: number;
  recordsRejected: number;
  /** Transactions committed; batches kept for a retry (database away, write conflict); batches failed. */
  flushes: number;
  retries: number;
  failedBatches: number;
};

type Options = {
  url: string;
  shareGroup: string;
  clientId: string;
  sessionExpirySeconds: number;
  receiveMaximum: number;
  batchMs: number;
  maxPendingRecords: number;
  maxMessageBytes: number;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export class MqttIngester {
  readonly stats: MqttIngestStats;
  readonly refusals = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, 0])) as Record<RefusalReason, number>;
  private client: MqttClient | undefined;
  private acks: ManualAcks | undefined;
  private pending = new Map<number, Held[]>();
  private pendingRecords = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private retryMs = 0;
  private lastRefusalLog = 0;
  private lastBehindLog = 0;
  private behind = false;
  private subscribed = false;
  private stopping = false;
  /** Messages waiting for room (MQTT_MAX_PENDING_RECORDS reached): mqtt.js reads no further meanwhile. */
  private roomWaiters: (() => void)[] = [];

  private readonly batchDeps: BatchDeps;

  constructor(
    private readonly options: Options,
    pool: pg.Pool,
    db: Db,
    cache: SessionCache,
    private readonly log: Log,
  ) {
    this.batchDeps = { pool, db, cache };
    const self = this;
    this.stats = {
      received: 0,
      redelivered: 0,
      get held() {
        return self.acks?.outstanding ?? 0;
      },
      accepted: 0,
      stored: 0,
      refused: 0,
      recordsAccepted: 0,
      recordsRejected: 0,
      flushes: 0,
      retries: 0,
      failedBatches: 0,
    };
  }

  /** Whether the subscription is in place (tests and the benchmark wait for it). */
  get ready(): boolean {
    return this.subscribed;
  }

  start(): void {
    const { url, shareGroup, clientId, sessionExpirySeconds, receiveMaximum } = this.options;
    const filter = `$share/${shareGroup}/${MQTT_TOPIC_ROOT}/+/+/+`;
    const client = mqtt.connect(url, {
      protocolVersion: 5,
      // A persistent session: what is not acknowledged when the connection or the process ends, the broker
      // keeps for this client id and sends again when it reconnects.
      clientId,
      clean: false,
      properties: { sessionExpiryInterval: sessionExpirySeconds, receiveMaximum },
      reconnectPeriod: 1_000,
      connectTimeout: 5_000,
      resubscribe: false,
    });
    this.client = client;
    this.acks = new ManualAcks(client);
    this.acks.install((packet, ack) => this.receive(packet.topic, packet.payload as Buffer, ack));
    client.on("connect", (connack: IConnackPacket) => {
      client.subscribe(filter, { qos: 1 }, (err) => {
        if (err) this.log.warn({ err }, "MQTT subscription failed; retried at the next connection");
        else {
          this.subscribed = true;
          this.log.info(
            { filter, clientId, sessionPresent: connack.sessionPresent },
            "MQTT ingestion subscribed",
          );
        }
      });
    });
    client.on("close", () => {
      this.subscribed = false;
      this.forgetUnacknowledged();
    });
    client.on("disconnect", (packet: IDisconnectPacket) => {
      const taken = packet.reasonCode === 0x8e; // Session taken over
      this.log[taken ? "error" : "warn"](
        { clientId, reasonCode: packet.reasonCode },
        taken
          ? "MQTT session taken over: another process connected with this MQTT_CLIENT_ID (each needs its own)"
          : "MQTT broker disconnected (reconnecting)",
      );
    });
    client.on("error", (err) => this.log.warn({ err: err.message }, "MQTT connection error (reconnecting)"));
  }

  /**
   * Stops reading, writes what is held (one last try) and acknowledges it, then disconnects. What could not be
   * written stays unacknowledged: the broker sends it again to this client id's next connection.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeRoomWaiters();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.pendingRecords > 0 || this.pending.size > 0) await this.flush();
    await new Promise<void>((resolve) =>
      this.client ? this.client.end(false, {}, () => resolve()) : resolve(),
    );
  }

  /** Checks one message's form and holds it for its batch, or refuses it. */
  async receive(topic: string, payload: Buffer, ack: Ack): Promise<void> {
    if (this.stopping) return; // not acknowledged: sent again to the next connection
    this.stats.received += 1;
    if (ack.redelivered) this.stats.redelivered += 1;
    const read = readMessage(topic, payload, this.options.maxMessageBytes);
    if (typeof read === "string") return this.refuse(ack, read, topic);
    const { where, key, records } = read;
    const list = this.pending.get(where.orgId) ?? [];
    this.pending.set(where.orgId, list);
    list.push({ where, key, records, ack, attempts: 0 });
    this.pendingRecords += records.length;
    this.schedule(this.options.batchMs);
    this.noteBacklog();
    // Back-pressure: mqtt.js reads the next packet once this resolves.
    if (this.pendingRecords >= this.options.maxPendingRecords && !this.stopping) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
  }

  private refuse(ack: Ack, reason: RefusalReason, topic: string): void {
    ack.settle(REFUSAL[reason].code);
    this.stats.refused += 1;
    this.refusals[reason] += 1;
    const now = Date.now();
    if (now - this.lastRefusalLog < 1_000) return;
    this.lastRefusalLog = now;
    this.log.warn(
      { topic, reason: REFUSAL[reason].text, refusedSoFar: this.stats.refused },
      "MQTT message refused, not stored",
    );
  }

  /**
   * Logs (at most every 10 s) when Sextant falls behind — the oldest message unacknowledged for 5 s, or what
   * is held past half its bounds — and once when it has caught up.
   */
  private noteBacklog(): void {
    const held = this.stats.held;
    const waitedMs = this.acks?.oldestWaitMs() ?? 0;
    const { receiveMaximum, maxPendingRecords } = this.options;
    const detail = { held, waitedMs, receiveMaximum, pendingRecords: this.pendingRecords, maxPendingRecords };
    if (waitedMs >= BEHIND_MS || held >= receiveMaximum / 2 || this.pendingRecords >= maxPendingRecords / 2) {
      const now = Date.now();
      if (now - this.lastBehindLog < BEHIND_LOG_MS) return;
      this.lastBehindLog = now;
      this.behind = true;
      this.log.warn(
        detail,
        "MQTT ingestion falling behind: messages held unacknowledged; beyond MQTT_RECEIVE_MAXIMUM the broker " +
          "queues them (its max_queued_messages, then it drops)",
      );
    } else if (this.behind && held < receiveMaximum / 10 && waitedMs < BEHIND_MS / 5) {
      this.behind = false;
      this.log.info(detail, "MQTT ingestion caught up");
    }
  }

  /** The connection ended: its unacknowledged messages are the broker's to send again, not ours to write. */
  private forgetUnacknowledged(): void {
    for (const [orgId, list] of this.pending) {
      const live = list.filter((h) => h.ack.live);
      if (live.length > 0) this.pending.set(orgId, live);
      else this.pending.delete(orgId);
    }
    this.pendingRecords = [...this.pending.values()].flat().reduce((n, h) => n + h.records.length, 0);
    if (this.pendingRecords < this.options.maxPendingRecords) this.wakeRoomWaiters();
  }

  private wakeRoomWaiters(): void {
    for (const wake of this.roomWaiters.splice(0)) wake();
  }

  private schedule(ms: number): void {
    if (this.timer || this.flushing || this.stopping) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        if (this.pending.size > 0) this.schedule(this.retryMs || this.options.batchMs);
      });
    }, ms);
  }

  /**
   * Writes every organisation's held messages, one transaction each, a few organisations at a time (one
   * tenant's slow batch does not hold the others back; the pool keeps connections for requests).
   */
  private async flush(): Promise<void> {
    const batches = [...this.pending];
    this.pending = new Map();
    this.pendingRecords = 0;
    this.wakeRoomWaiters();
    const next = () => batches.shift();
    const worker = async () => {
      for (let entry = next(); entry; entry = next()) await this.flushOrganisation(...entry);
    };
    await Promise.all(Array.from({ length: Math.min(FLUSH_CONCURRENCY, batches.length) }, worker));
    this.noteBacklog();
  }

  private async flushOrganisation(orgId: number, messages: Held[]): Promise<void> {
    const held = messages.filter((h) => h.ack.live);
    const refuse = (h: Held, reason: RefusalReason) => this.refuse(h.ack, reason, topicOf(h.where));
    try {
      const { stored, results } = await writeBatch(this.batchDeps, orgId, held, refuse);
      if (stored.length === 0) return;
      this.stats.flushes += 1;
      this.retryMs = 0;
      for (const h of stored) h.ack.settle(REASON.success);
      this.stats.accepted += stored.length;
      this.stats.stored += stored.length;
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
      if (!(err instanceof BatchNotWritten)) throw err;
      this.failed(orgId, err.held, err.cause);
    }
  }

  private failed(orgId: number, held: Held[], err: unknown): void {
    const records = held.reduce((n, h) => n + h.records.length, 0);
    // The database away or its disk full, or a transaction of another process in the way (deadlock,
    // serialisation): nothing of the batch was stored, and the same batch written again succeeds once the
    // database is back or has room. Refused instead, a message the broker acknowledged to its publisher is lost.
    if (isDatabaseUnavailable(err) || isWriteConflict(err) || fullDisk(err) === "database") {
      this.stats.retries += 1;
      this.requeue(orgId, held);
      this.retryMs = Math.min(Math.max(this.retryMs * 2, 500), MAX_RETRY_MS);
      this.log.warn(
        { orgId, messages: held.length, records, held: this.stats.held, retryMs: this.retryMs },
        fullDisk(err)
          ? "MQTT batch not written (the database's disk is full): held unacknowledged for a retry"
          : "MQTT batch not written (database away or in conflict): held unacknowledged for a retry",
      );
      return;
    }
    this.stats.failedBatches += 1;
    this.log.error({ orgId, messages: held.length, records, err }, "MQTT batch failed");
    const again: Held[] = [];
    for (const h of held) {
      h.attempts += 1;
      if (h.attempts < MAX_ATTEMPTS) again.push(h);
      else this.refuse(h.ack, "failed", topicOf(h.where));
    }
    this.requeue(orgId, again);
  }

  /** Puts messages back in front of what arrived since (those of a connection that ended excepted). */
  private requeue(orgId: number, held: Held[]): void {
    const live = held.filter((h) => h.ack.live);
    if (live.length === 0) return;
    this.pending.set(orgId, [...live, ...(this.pending.get(orgId) ?? [])]);
    this.pendingRecords += live.reduce((n, h) => n + h.records.length, 0);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The MQTT ingester, when `MQTT_URL` is set. */
    mqttIngest: MqttIngester | null;
  }
}

/** The client id when MQTT_CLIENT_ID is unset: stable across restarts, one per host and port. */
export const defaultMqttClientId = (port: number) =>
  `sextant-${hostname().replace(/[^A-Za-z0-9_.-]/g, "-")}-${port}`.slice(0, 64);

/** Starts MQTT ingestion when `MQTT_URL` is set (after the app is ready) and drains it on close. */
export function registerMqttIngest(app: FastifyInstance, deps: AppDeps): void {
  const { config, database, db } = deps;
  const ingester = config.MQTT_URL
    ? new MqttIngester(
        {
          url: config.MQTT_URL,
          shareGroup: config.MQTT_SHARE_GROUP,
          clientId: config.MQTT_CLIENT_ID ?? defaultMqttClientId(config.PORT),
          sessionExpirySeconds: config.MQTT_SESSION_EXPIRY_S,
          receiveMaximum: config.MQTT_RECEIVE_MAXIMUM,
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
  app.addHook("onReady", async () => {
    registerMqttMetrics(app.metrics.registry, ingester);
    ingester.start();
  });
  app.addHook("onClose", async () => ingester.stop());
}
