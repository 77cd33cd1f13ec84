import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { PROJECT_ROOT } from "../project-root";
import type { Database } from "./client";

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "drizzle");

/** Arbitrary constant key: several app processes starting at once apply migrations one at a time. */
const MIGRATION_LOCK_KEY = 7_301_992;

/**
 * Applies the committed drizzle-kit migrations, serialised across processes by an advisory lock, on a
 * connection of the long pool (an index on a large table may take minutes).
 */
export async function applyMigrations(database: Database): Promise<void> {
  const client = await database.longPool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    // On the locked connection itself: a pool of one must not wait for a second connection.
    const before = await appliedMigrations(client);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // A migration that rewrites or adds tables leaves them without statistics until autovacuum comes by: the
    // first dashboards after an upgrade would be planned blind (db/table-statistics.ts).
    if ((await appliedMigrations(client)) > before) await client.query("analyze");
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** How many migrations the database has recorded (0 before the first). */
async function appliedMigrations(client: pg.PoolClient): Promise<number> {
  const exists = await client.query("select to_regclass('drizzle.__drizzle_migrations') is not null as yes");
  if (!exists.rows[0].yes) return 0;
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  return rows[0]!.n;
}
