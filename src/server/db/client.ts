import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

// Return timestamptz as Date and bigint counts as numbers (our counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Session settings of every connection. No parallel workers: Sextant's reads are small aggregates over a
 * ship's rollups or a month of records, where starting workers costs more than it saves (measured: the
 * sidebar's series means over 30 days, 19 ms with two workers, 8 ms without); its large statements are
 * INSERT … SELECT, which PostgreSQL runs without workers anyway.
 */
const SESSION_OPTIONS = "-c max_parallel_workers_per_gather=0";

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, options: SESSION_OPTIONS });
  // An idle client losing its server must not crash the process; /api/ready reports the outage.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
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
