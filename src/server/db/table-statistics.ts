/**
 * Planner statistics after bulk writes (issue 20). PostgreSQL's autovacuum analyses a table once 10 % of it has
 * changed; between two of its runs a large table's statistics go stale: an upload of a year of records leaves the
 * planner estimating one row where there are tens of thousands (a nested loop that rescanned an aggregate 566
 * times), and 'the last 30 days' of a series lies past the histogram's newest value, so the hot queries of the
 * dashboard are planned for nothing. Every bulk write path (uploads, the simulation loader) and every migration
 * therefore analyses the tables it changed noticeably (ANALYZE reads a sample of 30,000 rows at most: tens to a
 * few hundred milliseconds, whatever the table's size). An upload does it inside its transaction, which ANALYZE
 * allows: it counts the transaction's own new rows, and its statistics commit or roll back with them.
 */
import type pg from "pg";
import { ROLLUP_TABLES } from "../rollups/daily-rollup";

/** A table is analysed when a write changed at least this share of its estimated rows… */
export const ANALYZE_CHANGED_SHARE = 0.01;
/** …and at least this many rows (a form's single record never triggers it). */
export const ANALYZE_MIN_ROWS = 100;

type Queryable = pg.Pool | pg.PoolClient;

/** Identifiers come from the schema, never from a request; quoted all the same. */
const quote = (table: string) => `"${table.replaceAll('"', '""')}"`;

/** The tables whose statistics a write of `rows` rows per table makes stale, by the rule above. */
export async function tablesToAnalyze(
  db: Queryable,
  written: ReadonlyMap<string, number>,
): Promise<string[]> {
  const candidates = [...written].filter(([, rows]) => rows >= ANALYZE_MIN_ROWS);
  if (candidates.length === 0) return [];
  const { rows } = await db.query<{ relname: string; reltuples: number }>(
    "select relname, reltuples::float8 as reltuples from pg_class where relkind in ('r', 'p') and relname = any($1)",
    [candidates.map(([table]) => table)],
  );
  const estimated = new Map(rows.map((r) => [r.relname, r.reltuples]));
  return candidates
    .filter(([table, changed]) => {
      const size = estimated.get(table);
      if (size === undefined) return false;
      // reltuples is -1 for a table never analysed, 0 for one analysed empty: both are stale after a load.
      return size <= 0 || changed >= ANALYZE_CHANGED_SHARE * size;
    })
    .map(([table]) => table);
}

/**
 * Analyses the tables a committed bulk write changed noticeably, and the daily rollups computed from them (one
 * row per ship, day and band: small, and read by every dashboard). Returns the tables analysed.
 */
export async function analyzeAfterBulkWrite(
  db: Queryable,
  written: ReadonlyMap<string, number>,
  rolledUp: boolean,
): Promise<string[]> {
  const tables = await tablesToAnalyze(db, written);
  if (tables.length > 0 && rolledUp) tables.push(...ROLLUP_TABLES);
  for (const table of tables) await db.query(`analyze ${quote(table)}`);
  return tables;
}
