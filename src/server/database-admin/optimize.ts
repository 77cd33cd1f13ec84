/**
 * POST /api/database/optimize: VACUUM (ANALYZE) of every organisation table the backup knows (org-tables.ts) and
 * of the daily rollups, then the rollups of each of the organisation's ships recomputed over the span of its
 * records. VACUUM reclaims dead rows and cannot run inside a transaction, so each table is its own statement;
 * PostgreSQL stores every organisation in the same tables, so the tables are vacuumed whole (the rows of
 * other organisations are neither read nor changed by it). Returns what was done, in words, with timings.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import { ROLLUP_TABLES, refreshDailyRollup } from "../rollups/daily-rollup";
import { ident, ORG_TABLES } from "./org-tables";
import { recordSpans } from "./record-spans";

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(2)} s`;

export async function optimizeOrganisation(pool: pg.Pool, orgId: number): Promise<string[]> {
  const details: string[] = [];
  const tables = [...new Set([...ORG_TABLES.map((t) => t.name), ...ROLLUP_TABLES, "hull_daily"])];
  for (const table of tables) {
    const t0 = performance.now();
    const before = await deadTuples(pool, table);
    await pool.query(`vacuum (analyze) ${ident(table)}`);
    details.push(
      `VACUUM ANALYZE ${table}: ${before} dead rows reclaimed, statistics refreshed (${seconds(t0)})`,
    );
  }
  const client = await pool.connect();
  try {
    await client.query("begin");
    const spans = await recordSpans(client, orgId);
    for (const s of spans) {
      const t0 = performance.now();
      await refreshDailyRollup(
        drizzle(client),
        orgId,
        [s.shipId],
        s.from,
        new Date(s.to.getTime() + MAX_RECORD_HOURS * 3_600_000),
      );
      details.push(
        `Daily rollups of ${s.shipName} recomputed from ${s.from.toISOString().slice(0, 10)} to ${s.to.toISOString().slice(0, 10)} (${seconds(t0)})`,
      );
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  if (details.length === tables.length) details.push("No records: no rollups to recompute");
  return details;
}

async function deadTuples(pool: pg.Pool, table: string): Promise<number> {
  const res = await pool.query<{ n: string }>(
    "select coalesce(n_dead_tup, 0)::text as n from pg_stat_user_tables where schemaname = current_schema() and relname = $1",
    [table],
  );
  return Number(res.rows[0]?.n ?? 0);
}
