import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;

/** A connection or transaction that runs SQL: anything with Drizzle's `execute`. */
export type Executor = Pick<Db, "execute">;

/** A connection or transaction that reads through Drizzle's query builder (`select`). */
export type Selector = Pick<Db, "select">;

/**
 * How long Sextant waits on PostgreSQL, in milliseconds (docs/configuration.md). A database that is away
 * or frozen must give 503s within seconds, never a request that hangs.
 */
export type DatabaseTimeouts = {
  /** Opening a connection, and waiting for a free one in the pool (pg-pool `connectionTimeoutMillis`). */
  connectMs: number;
  /** One statement of a request: the server cancels it (`statement_timeout`), the client gives up shortly after. */
  statementMs: number;
  /** One statement of an upload, a migration or a simulator load (COPY and merges of millions of rows). */
  longStatementMs: number;
  /**
   * Waiting for a connection of the heavy pool (default one minute): a report's statements queue there behind
   * each other's and other reports', which is the point of a small pool, not a database away.
   */
  heavyWaitMs?: number;
};

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  longStatementMs: 600_000,
  heavyWaitMs: 60_000,
};

/**
 * `pool` serves requests with the short statement timeout; `longPool` (a few connections) serves uploads,
 * migrations and loads, whose statements may run for minutes; `heavyPool` (a few connections, the short
 * timeout) serves the heavy reads of reports, statements and exports, so that however many of them run, the
 * request pool stays free for everyone's screens (issue 30 item 5). `close` ends all three, aborting after
 * `boundMs` the connections still checked out (an upload cut short by shutdown rolls back).
 */
export type Database = {
  /** The server's address, for a connection of its own outside the pools (LISTEN: auth/session-cache.ts). */
  url: string;
  pool: pg.Pool;
  longPool: pg.Pool;
  heavyPool: pg.Pool;
  db: Db;
  /** Drizzle on `heavyPool`: what the report, statement and export routes read with. */
  heavyDb: Db;
  close: (boundMs?: number) => Promise<void>;
};

// Return timestamptz as Date and bigint counts as numbers (our counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Session settings of every connection. No parallel workers: Sextant's reads are small aggregates over a
 * ship's rollups or a month of records, where starting workers costs more than it saves (measured: the
 * sidebar's series means over 30 days, 19 ms with two workers, 8 ms without); its large statements are
 * INSERT … SELECT, which PostgreSQL runs without workers anyway.
 */
const SESSION_OPTIONS = "-c max_parallel_workers_per_gather=0";

/** The client waits this much longer than the server's statement_timeout, so a live server cancels first. */
const CLIENT_MARGIN_MS = 1_000;

/** Connections of the heavy pool unless told otherwise (HEAVY_WORK_DB_CONNECTIONS). */
export const DEFAULT_HEAVY_CONNECTIONS = 2;

export function connectDatabase(
  url: string,
  max = 10,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
  heavyMax = Math.min(max, DEFAULT_HEAVY_CONNECTIONS),
  applicationName?: string,
): Database {
  const pool = guardedPool(url, max, timeouts.connectMs, timeouts.statementMs, applicationName);
  const longPool = guardedPool(
    url,
    Math.min(max, 4),
    timeouts.connectMs,
    timeouts.longStatementMs,
    applicationName,
  );
  const heavyWaitMs = timeouts.heavyWaitMs ?? DEFAULT_DATABASE_TIMEOUTS.heavyWaitMs!;
  const heavyPool = guardedPool(
    url,
    heavyMax,
    Math.max(timeouts.connectMs, heavyWaitMs),
    timeouts.statementMs,
    applicationName,
  );
  return {
    url,
    pool,
    longPool,
    heavyPool,
    db: drizzle(pool, { schema }),
    heavyDb: drizzle(heavyPool, { schema }),
    close: async (boundMs = 10_000) => {
      await Promise.all([endPool(pool, boundMs), endPool(longPool, boundMs), endPool(heavyPool, boundMs)]);
    },
  };
}

/** Clients checked out of each pool now, so that `close` can abort them after its bound. */
const checkedOut = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/**
 * A pool with Sextant's session settings and timeouts, whose broken connections never crash the process (the
 * replicas' read pools are made here too: db/read-replicas.ts, named by `applicationName`).
 */
export function guardedPool(
  url: string,
  max: number,
  connectMs: number,
  statementMs: number,
  applicationName?: string,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    options: `${SESSION_OPTIONS} -c statement_timeout=${statementMs}`,
    connectionTimeoutMillis: connectMs,
    // Client side: a frozen server (SIGSTOP, a cut network) never answers, so statement_timeout never fires.
    query_timeout: statementMs + CLIENT_MARGIN_MS,
    keepAlive: true,
  });
  const clients = new Set<pg.PoolClient>();
  checkedOut.set(pool, clients);
  // An idle client losing its server must not crash the process; /api/ready reports the outage.
  pool.on("error", () => {});
  // Nor may a checked-out one (upload transactions, drizzle's transactions): pg-pool removes its own error
  // listener while a client is checked out, and an 'error' event without a listener ends the process.
  // The failed query rejects on its own; the listener only keeps the event from being unhandled.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("acquire", (client) => clients.add(client));
  pool.on("release", (_err, client) => clients.delete(client as pg.PoolClient));
  pool.on("remove", (client) => clients.delete(client as pg.PoolClient));
  return pool;
}

/** Ends a pool; clients still checked out after `boundMs` are closed, which rolls back their transactions. */
async function endPool(pool: pg.Pool, boundMs: number): Promise<void> {
  if (pool.ended) return;
  const ended = pool.end();
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), boundMs);
  });
  const outcome = await Promise.race([ended, bound]);
  clearTimeout(timer);
  if (outcome !== "late") return;
  for (const client of checkedOut.get(pool) ?? []) {
    (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
  }
  // A client its holder never releases would keep pool.end() waiting: shutdown goes on after a last bound.
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, boundMs + 1_000).unref())]);
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function isDatabaseReady(pool: pg.Pool, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = pool.query("select 1").then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
