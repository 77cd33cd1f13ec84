/**
 * Long series leave the database as columnar arrays (ARCHITECTURE.md, Data): one JSON object of one array
 * per column, ordered by time, never one object per row.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { columnOf } from "./sql-values";

/** Arrays aligned with `t` (bucket start, epoch seconds). */
export type Columns<K extends string> = { t: number[] } & Record<K, number[]>;

/**
 * Runs `query` (rows with a timestamptz `t` and the columns of `fields`, snake_case) and returns each field
 * as an array ordered by t (t in epoch s).
 */
export async function columnar<K extends string>(
  db: Db,
  query: SQL,
  fields: readonly K[],
): Promise<Columns<K>> {
  // one sort in the subquery; the aggregates read its rows in that order
  const parts = [
    sql`'t', coalesce(json_agg(epoch), '[]')`,
    ...fields.map((f) => sql`${f}::text, coalesce(json_agg(${sql.identifier(columnOf(f))}), '[]')`),
  ];
  const res = await db.execute(
    sql`select json_build_object(${sql.join(parts, sql`, `)}) as c
      from (select *, extract(epoch from t)::float8 as epoch from ${query} q0 order by t) q`,
  );
  return (res.rows[0] as { c: Columns<K> }).c;
}
