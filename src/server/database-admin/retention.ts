/**
 * Retention cleanup (POST /api/database/cleanup): the organisation's records older than the cutoff
 * (domain/database/retention.ts) in every table of timed records — every organisation table with a `ts`
 * column, read from the schema (org-tables.ts) — counted (dry run) or deleted in ONE transaction with the
 * daily rollups of the days concerned recomputed (rollups/written-spans.ts, which also announces the write).
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { WrittenSpans } from "../rollups/written-spans";
import { ident, ORG_TABLES } from "./org-tables";

/** The organisation's tables of timed records (the series and the noon reports). */
export const SERIES_TIME_TABLES: readonly string[] = ORG_TABLES.filter((t) =>
  t.columns.some((c) => c.name === "ts"),
).map((t) => t.name);

/** The application name of a cleanup's connection (the kill test finds it in pg_stat_activity). */
export const CLEANUP_APPLICATION_NAME = "sextant-cleanup";

export type CleanupResult = { wouldDelete: Record<string, number>; deletedRecords: number };

/** Counts, per table, the records a cleanup with this cutoff would delete (nothing is written). */
export async function countExpired(
  pool: pg.Pool,
  orgId: number,
  cutoff: Date,
): Promise<Record<string, number>> {
  const union = SERIES_TIME_TABLES.map(
    (t) => `select '${t}' as t, count(*)::int as n from ${ident(t)} where org_id = $1 and ts < $2`,
  ).join(" union all ");
  const res = await pool.query<{ t: string; n: number }>(union, [orgId, cutoff]);
  return Object.fromEntries(res.rows.map((r) => [r.t, r.n]));
}

/** Deletes the records older than the cutoff in one transaction, rollups recomputed; returns the counts. */
export async function deleteExpired(pool: pg.Pool, orgId: number, cutoff: Date): Promise<CleanupResult> {
  const client = await pool.connect();
  const onError = () => {}; // a dropped connection fails the statement running: reported there
  client.on("error", onError);
  let broken: Error | undefined;
  try {
    await client.query("begin");
    await client.query(`set local application_name = '${CLEANUP_APPLICATION_NAME}'`);
    const spans = new WrittenSpans();
    const wouldDelete: Record<string, number> = {};
    let deletedRecords = 0;
    for (const table of SERIES_TIME_TABLES) {
      const res = await client.query<{ ship_id: number; a: Date; b: Date; n: number }>(
        `with d as (delete from ${ident(table)} where org_id = $1 and ts < $2 returning ship_id, ts)
         select ship_id, min(ts) as a, max(ts) as b, count(*)::int as n from d group by ship_id`,
        [orgId, cutoff],
      );
      let n = 0;
      for (const r of res.rows) {
        spans.note(table, r.ship_id, r.a.getTime());
        spans.note(table, r.ship_id, r.b.getTime());
        n += r.n;
      }
      wouldDelete[table] = n;
      deletedRecords += n;
    }
    await spans.refresh(drizzle(client), orgId);
    await client.query("commit");
    return { wouldDelete, deletedRecords };
  } catch (err) {
    broken = err as Error; // the connection is closed, not reused: the server rolls the transaction back
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
