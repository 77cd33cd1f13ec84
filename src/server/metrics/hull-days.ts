/**
 * The hull analysis' days of a ship (rollup `hull_daily`, metrics/hull-record-sql.ts): per UTC day the
 * main-engine records, the filter's rejections by reason and the accepted records' log sums, in day order.
 */
import { sql } from "drizzle-orm";
import type { HullFilterReason, HullLogSums } from "../../domain/hull/performance-value";
import type { Db } from "../db/client";

export type HullDay = {
  /** ms of the day's UTC midnight. */
  dayMs: number;
  records: number;
  rejected: Record<HullFilterReason, number>;
  sums: HullLogSums;
};

/** Every stored day of the ship before `to` (ten years are 3,650 rows: read whole, the intervals need them). */
export async function hullDays(db: Db, orgId: number, shipId: number, to: Date): Promise<HullDay[]> {
  const res = await db.execute(sql`
    select extract(epoch from day::timestamp)::float8 * 1000 as day_ms, records, missing_data, not_sailing,
      sea_temperature, wind, waves, n, su, sy, suu, suy, syy
    from hull_daily
    where org_id = ${orgId} and ship_id = ${shipId} and day < (${to.toISOString()}::timestamptz at time zone 'UTC')
    order by day`);
  return res.rows.map((r) => {
    const v = r as Record<string, unknown>;
    return {
      dayMs: Number(v.day_ms),
      records: Number(v.records),
      rejected: {
        "missing-data": Number(v.missing_data),
        "not-sailing": Number(v.not_sailing),
        "sea-temperature": Number(v.sea_temperature),
        wind: Number(v.wind),
        waves: Number(v.waves),
      },
      sums: {
        n: Number(v.n),
        su: Number(v.su),
        sy: Number(v.sy),
        suu: Number(v.suu),
        suy: Number(v.suy),
        syy: Number(v.syy),
      },
    };
  });
}
