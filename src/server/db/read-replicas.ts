/**
 * Read-only work on PostgreSQL's own streaming replicas (decision 044): the analysis sections, the dashboard and
 * the sidebar summary read from a standby named in `DATABASE_REPLICA_URLS` when one is fit for the reader, and
 * from the primary otherwise. Writes never come here: they use the primary's pools as before.
 *
 * A replica is fit for a read when
 * - it answered its last probe (a probe every `pollMs` on a connection of its own: its replayed WAL position);
 * - it is behind the primary by at most `maxLagMs` (in time, from the primary's positions: wal-position.ts);
 * - it has replayed the organisation's last write through this process and the reader's own last write (the
 *   position a write's answer carries in a cookie, http/read-routing.ts), so that a viewer reads their writes;
 * - and, when the caller asks, a check on the replica holds (the cached answers: its data version is the one
 *   read on the primary, which covers writes through other processes too).
 * Otherwise the primary answers. A replica that fails a read (refused, cut, timed out) is down until a probe
 * answers again, and that read is run again on the primary: a replica away is never an error for the user.
 *
 * With no replicas named, `read` runs the work on the primary and nothing else happens: no probe, no query.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type DatabaseTimeouts, type Db, guardedPool } from "./client";
import * as schema from "./schema";
import { isDatabaseUnavailable } from "./unavailable";
import { formatLsn, lsnOrUndefined, WalSamples } from "./wal-position";

export type ReplicaOptions = {
  /** A replica further behind the primary than this, ms, is not read. */
  maxLagMs: number;
  /** Connections of each replica's read pool. */
  connections: number;
  timeouts: DatabaseTimeouts;
  /** Between probes, ms (default: a fifth of `maxLagMs`, within 100 ms – 1 s). */
  pollMs?: number;
};

/** What a read must see. */
export type ReadNeed = {
  orgId: number;
  /** A WAL position the reader must see: their own last write. */
  lsn?: bigint;
  /** Checked on the chosen replica before the work: false sends the read to the primary. */
  fresh?: (db: Db) => Promise<boolean>;
};

export type ReplicaStatus = {
  name: string;
  up: boolean;
  /** Behind the primary, ms, as of now (null: not probed yet, or down). */
  lagMs: number | null;
  replayed: string | null;
  /** Reads go to it now: up and within `maxLagMs` (a reader's own newer write still sends theirs to the primary). */
  reading: boolean;
  error: string | null;
};

type Replica = {
  name: string;
  url: string;
  pool: pg.Pool;
  db: Db;
  probe?: pg.Client;
  up: boolean;
  replayed?: bigint;
  error?: string;
};

/** The application_name of the replicas' read connections (pg_stat_activity on a standby shows them). */
export const REPLICA_APPLICATION_NAME = "sextant-replica-read";

/** Errors of a replica after which the read runs again on the primary (besides the replica being away). */
const RETRY_ON_PRIMARY = new Set([
  "40001", // canceling statement due to conflict with recovery
  "40P01", // a deadlock with the startup process' replay
  "25006", // read_only_sql_transaction: work that writes was sent here by mistake
]);

/** Whether a read that failed on a replica is run again on the primary: the replica away, or a conflict there. */
export function retriesOnPrimary(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RETRY_ON_PRIMARY.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work` on `replica` and, when it fails there as a replica may (`retriesOnPrimary`), again on `primary`
 * (`failed` told first); on `primary` alone without a replica. The report threads use it with pools of their own.
 */
export async function onReplicaOrPrimary<T>(
  replica: Db | undefined,
  primary: Db,
  work: (db: Db) => Promise<T>,
  failed: (err: unknown) => void = () => {},
): Promise<T> {
  if (!replica) return work(primary);
  try {
    return await work(replica);
  } catch (err) {
    if (!retriesOnPrimary(err)) throw err;
    failed(err);
    return work(primary);
  }
}

export class ReadReplicas {
  /** Reads answered by a replica, by the primary (no replica fit), and by the primary after a replica failed. */
  readonly counts = { replica: 0, primary: 0, fallback: 0 };
  private readonly replicas: Replica[];
  private readonly written = new Map<number, bigint>();
  private readonly samples = new WalSamples();
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private turn = 0;

  constructor(
    private readonly primary: { pool: pg.Pool; db: Db },
    urls: readonly string[],
    private readonly options: ReplicaOptions,
  ) {
    this.pollMs = options.pollMs ?? Math.min(1_000, Math.max(100, Math.round(options.maxLagMs / 5)));
    this.replicas = urls.map((url, i) => {
      const pool = this.newPool(url);
      return {
        name: `replica ${i + 1} (${new URL(url).host})`,
        url,
        pool,
        db: drizzle(pool, { schema }),
        up: false,
      };
    });
  }

  get enabled(): boolean {
    return this.replicas.length > 0;
  }

  /** Probes now and every `pollMs`; a replica is read only once a probe has answered. */
  start(): Promise<void> {
    if (!this.enabled || this.timer) return Promise.resolve();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    return this.poll();
  }

  /** One round of probes (the primary's position, then every replica's); rounds never overlap. */
  poll(): Promise<void> {
    this.polling ??= this.probeAll().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  /** Runs read-only `work` on a replica fit for `need`, else on `primary` (the request pool by default). */
  async read<T>(need: ReadNeed, work: (db: Db) => Promise<T>, primary: Db = this.primary.db): Promise<T> {
    const replica = this.pick(need);
    if (replica && need.fresh) {
      const fresh = await need.fresh(replica.db).catch((err: unknown) => {
        if (!retriesOnPrimary(err)) throw err;
        this.failed(replica, err);
        return false;
      });
      if (!fresh) return this.onPrimary(work, primary);
    }
    return this.on(replica, work, primary);
  }

  /**
   * The replica (its index) that read-only work for `need` is to run on, counted as read there; undefined:
   * the primary. For work that runs elsewhere (a report thread, with pools of its own); `readOn` runs it here.
   */
  target(need: ReadNeed): number | undefined {
    const replica = this.pick(need);
    this.counts[replica ? "replica" : "primary"] += 1;
    return replica ? this.replicas.indexOf(replica) : undefined;
  }

  /** The read pool of replica `index` (for a stream, which cannot start again elsewhere once under way). */
  dbOf(index: number): Db | undefined {
    return this.replicas[index]?.db;
  }

  /** Whether replica `index` is up (undefined, the primary: false). */
  isUp(index: number | undefined): boolean {
    return index !== undefined && this.replicas[index]?.up === true;
  }

  /** The URLs of the replicas, in `target`'s order. */
  get urls(): string[] {
    return this.replicas.map((r) => r.url);
  }

  /** Runs `work` on the replica `target` chose (undefined: `primary`), again on `primary` if it fails there. */
  readOn<T>(
    index: number | undefined,
    work: (db: Db) => Promise<T>,
    primary: Db = this.primary.db,
  ): Promise<T> {
    const replica = index === undefined ? undefined : this.replicas[index];
    return onReplicaOrPrimary(replica?.db, primary, work, (err) => replica && this.failed(replica, err));
  }

  private on<T>(replica: Replica | undefined, work: (db: Db) => Promise<T>, primary: Db): Promise<T> {
    if (!replica) return this.onPrimary(work, primary);
    let failedOver = false;
    const answer = onReplicaOrPrimary(replica.db, primary, work, (err) => {
      failedOver = true;
      this.failed(replica, err);
    });
    return answer.then((value) => {
      if (!failedOver) this.counts.replica += 1;
      return value;
    });
  }

  /** A read failed on `replica`: counted; the replica down when it is away (not for a conflict of replay). */
  private failed(replica: Replica, err: unknown): void {
    this.counts.fallback += 1;
    if (isDatabaseUnavailable(err)) this.markDown(replica, err);
  }

  /**
   * Remembers the primary's WAL position after a write of `orgId` (called once the write committed): this
   * process reads the organisation from the primary until a replica has replayed it. Answers the position.
   */
  async noteWrite(orgId: number): Promise<string> {
    const { rows } = await this.primary.pool.query<{ lsn: string }>("select pg_current_wal_lsn()::text lsn");
    const lsn = rows[0]!.lsn;
    const at = lsnOrUndefined(lsn)!;
    if (at > (this.written.get(orgId) ?? 0n)) this.written.set(orgId, at);
    return lsn;
  }

  /** How far behind the primary a replica may be and still be read, ms. */
  get maxLagMs(): number {
    return this.options.maxLagMs;
  }

  status(now = Date.now()): ReplicaStatus[] {
    return this.replicas.map((r) => ({
      name: r.name,
      up: r.up,
      lagMs: r.up && r.replayed !== undefined ? this.samples.lagMs(r.replayed, now) : null,
      replayed: r.replayed === undefined ? null : formatLsn(r.replayed),
      reading: this.withinLag(r, now),
      error: r.error ?? null,
    }));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.polling?.catch(() => {});
    await Promise.all(
      this.replicas.flatMap((r) => [r.pool.end().catch(() => {}), r.probe?.end().catch(() => {})]),
    );
  }

  private onPrimary<T>(work: (db: Db) => Promise<T>, primary: Db): Promise<T> {
    this.counts.primary += 1;
    return work(primary);
  }

  /** Up, probed, and no further behind the primary than `maxLagMs`: the replica may be read. */
  private withinLag(r: Replica, now: number): boolean {
    return r.up && r.replayed !== undefined && this.samples.lagMs(r.replayed, now) <= this.options.maxLagMs;
  }

  /** A fit replica, in turn among the fit ones; undefined: the primary reads. */
  private pick(need: ReadNeed): Replica | undefined {
    if (!this.enabled) return undefined;
    const floor = [need.lsn ?? 0n, this.written.get(need.orgId) ?? 0n].reduce((a, b) => (a > b ? a : b));
    const now = Date.now();
    const fit = this.replicas.filter((r) => this.withinLag(r, now) && r.replayed! >= floor);
    if (fit.length === 0) return undefined;
    this.turn = (this.turn + 1) % fit.length;
    return fit[this.turn];
  }

  private async probeAll(): Promise<void> {
    try {
      const { rows } = await this.primary.pool.query<{ lsn: string }>(
        "select pg_current_wal_lsn()::text lsn",
      );
      this.samples.add(Date.now(), lsnOrUndefined(rows[0]!.lsn)!);
    } catch {
      return; // the primary away: nothing to compare with, and its reads answer 503 anyway
    }
    await Promise.all(this.replicas.map((r) => this.probe(r)));
    const replayed = this.replicas.filter((r) => r.up).map((r) => r.replayed ?? 0n);
    if (replayed.length === 0) return;
    const least = replayed.reduce((a, b) => (a < b ? a : b));
    this.samples.forget(least);
    for (const [orgId, at] of this.written) if (at <= least) this.written.delete(orgId);
  }

  private async probe(replica: Replica): Promise<void> {
    try {
      if (!replica.probe) {
        const probeMs = Math.min(this.options.timeouts.connectMs, 2_000);
        const client = new pg.Client({
          connectionString: replica.url,
          connectionTimeoutMillis: probeMs,
          query_timeout: probeMs,
          application_name: "sextant-replica-probe",
        });
        client.on("error", () => {});
        replica.probe = client;
        await client.connect();
      }
      const { rows } = await replica.probe.query<{ lsn: string | null; recovery: boolean }>(
        "select pg_last_wal_replay_lsn()::text lsn, pg_is_in_recovery() recovery",
      );
      const row = rows[0]!;
      // a standby promoted (or a primary named by mistake) no longer follows this primary
      if (!row.recovery || !row.lsn) throw new Error("not a standby in recovery");
      replica.replayed = lsnOrUndefined(row.lsn);
      replica.error = undefined;
      replica.up = true;
    } catch (err) {
      replica.probe?.end().catch(() => {});
      replica.probe = undefined;
      this.markDown(replica, err);
    }
  }

  /** Not read until a probe answers; its pool is replaced, so that no broken connection of it is used again. */
  private markDown(replica: Replica, err: unknown): void {
    replica.error = err instanceof Error ? err.message : String(err);
    if (!replica.up) return;
    replica.up = false;
    const old = replica.pool;
    replica.pool = this.newPool(replica.url);
    replica.db = drizzle(replica.pool, { schema });
    old.end().catch(() => {});
  }

  private newPool(url: string): pg.Pool {
    const { connectMs, statementMs } = this.options.timeouts;
    // a replica away must not hold a read long: it is given up after a second and the primary asked
    return guardedPool(
      url,
      this.options.connections,
      Math.min(connectMs, 1_000),
      statementMs,
      REPLICA_APPLICATION_NAME,
    );
  }
}
