/** Hours in each bin of the load histogram (domain LOAD_HISTOGRAM) over a span. */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { LOAD_BAND_COLUMNS } from "./fuel-record-sql";
import { fuelRows } from "./fuel-rows";
import type { Span } from "./span";

/** Hours per histogram bin, in LOAD_HISTOGRAM order. */
export async function loadBandHours(db: Db, orgId: number, shipId: number, s: Span): Promise<number[]> {
  const sums = sql.raw(LOAD_BAND_COLUMNS.map((c) => `coalesce(sum(${c}), 0)::float8 as ${c}`).join(", "));
  const res = await db.execute(sql`select ${sums} from ${fuelRows(orgId, shipId, s)} r`);
  const row = res.rows[0] as Record<string, number>;
  return LOAD_BAND_COLUMNS.map((c) => Number(row[c] ?? 0));
}
