/**
 * The catch-up of deferred rollups (decision record 019). A deferred write (MQTT ingestion) commits its
 * records with a row of `rollup_pending` per ship and span; here a ship's owed rows are taken, their spans
 * merged, the rollups recomputed and the rows deleted in one transaction, then 'rollups caught up' is
 * announced, which is when alerts, the fleet line and cached answers look at the ship again.
 *
 * Who catches up: every process, for any ship it hears of (the data-written notification of a deferred
 * write reaches every process), and a sweep every PENDING_ROLLUP_SWEEP_MS for what no one heard (a process
 * that died before its catch-up, a notification missed while a listener was down). Rows are taken with
 * `for update skip locked`, so two processes never recompute the same rows, and a catch-up that fails (the
 * database gone half-way, the process killed) rolls back with its rows still owed.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { notifyDataWritten } from "../events/data-written";
import { ROLLUP_TABLES } from "./daily-rollup";
import { refreshShipSpan, type Span } from "./written-spans";

export const PENDING_ROLLUP_SWEEP_MS = 10_000;

type OwedRow = { from_ts: Date; to_ts: Date };

/** One span covering every owed span of a ship (the rollups are recomputed per whole day anyway). */
export function mergeOwedSpans(rows: readonly OwedRow[]): Span | undefined {
  if (rows.length === 0) return undefined;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    from = Math.min(from, r.from_ts.getTime());
    to = Math.max(to, r.to_ts.getTime());
  }
  return { from, to };
}

/**
 * Catches up one ship: takes its owed rows that no other transaction holds, recomputes the merged span and
 * deletes them, in one transaction. Answers whether there was anything to do.
 */
export async function catchUpOneShip(pool: pg.Pool, orgId: number, shipId: number): Promise<boolean> {
  const client = await pool.connect();
  let healthy = false;
  try {
    await client.query("begin");
    const owed = await client.query<OwedRow & { id: string }>(
      "select id, from_ts, to_ts from rollup_pending where org_id = $1 and ship_id = $2 for update skip locked",
      [orgId, shipId],
    );
    const span = mergeOwedSpans(owed.rows);
    if (span) {
      const db = drizzle(client);
      await refreshShipSpan(db, orgId, shipId, span);
      await client.query("delete from rollup_pending where org_id = $1 and id = any($2::bigint[])", [
        orgId,
        owed.rows.map((r) => r.id),
      ]);
      await notifyDataWritten(db, [
        {
          orgId,
          shipId,
          from: new Date(span.from).toISOString(),
          to: new Date(span.to).toISOString(),
          tables: ROLLUP_TABLES,
          rollupsCaughtUp: true,
        },
      ]);
    }
    await client.query("commit");
    healthy = true;
    return span !== undefined;
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release(healthy ? undefined : true);
  }
}

type Log = { warn: (obj: object, msg: string) => void };

/**
 * This process's catch-up: ships are caught up one at a time (a catch-up holds one pool connection; the
 * requests keep the rest), each as soon as it is kicked; a ship kicked while it is being caught up is done
 * again after, for the rows that committed meanwhile.
 */
export class PendingRollups {
  private readonly queue = new Map<string, { orgId: number; shipId: number }>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Log,
  ) {}

  /** Asks for a ship's catch-up. */
  kick(orgId: number, shipId: number): void {
    if (this.closed) return;
    this.queue.set(`${orgId}:${shipId}`, { orgId, shipId });
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Kicks every ship with owed rows (what no notification announced to this process). */
  async sweep(): Promise<void> {
    const owed = await this.pool.query<{ org_id: number; ship_id: number }>(
      "select distinct org_id, ship_id from rollup_pending",
    );
    for (const r of owed.rows) this.kick(r.org_id, r.ship_id);
    await this.running;
  }

  /** Sweeps now and then every `ms`; a failed sweep is logged and the next one tries again. */
  startSweeping(ms = PENDING_ROLLUP_SWEEP_MS): void {
    const tick = () => {
      this.timer = setTimeout(() => {
        this.sweep()
          .catch((err) => this.log.warn({ err }, "deferred rollups: the sweep failed"))
          .finally(() => {
            if (!this.closed) tick();
          });
      }, ms);
      this.timer.unref();
    };
    tick();
  }

  /** Stops sweeping and waits for the catch-up under way; what is still owed stays owed, for any process. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.queue.clear();
    await this.running;
  }

  private async drain(): Promise<void> {
    for (let next = this.shift(); next; next = this.shift()) {
      try {
        await catchUpOneShip(this.pool, next.orgId, next.shipId);
      } catch (err) {
        // Still owed (rolled back): the next kick or sweep does it.
        this.log.warn({ err, ...next }, "deferred rollups: a ship's catch-up failed");
      }
    }
  }

  private shift() {
    const [key, value] = this.queue.entries().next().value ?? [];
    if (key !== undefined) this.queue.delete(key);
    return value;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    pendingRollups: PendingRollups;
  }
}

/** Catches up every deferred write this process hears of, and sweeps for the rest while the app is up. */
export function registerPendingRollups(app: FastifyInstance, pool: pg.Pool): void {
  const pending = new PendingRollups(pool, app.log);
  app.decorate("pendingRollups", pending);
  app.dataWritten.subscribe(
    (event) => {
      if (event.rollupsPending) pending.kick(event.orgId, event.shipId);
    },
    { rollupsPending: true },
  );
  app.addHook("onReady", async () => {
    pending.startSweeping();
  });
  app.addHook("onClose", async () => {
    await pending.close();
  });
}
