/**
 * The ship's hull maintenance instants known to the analysis: the distinct 'Last Cleaning Date' of its hull
 * records (issue 14 item 1: that date is an event when no maintenance event says otherwise). The trim
 * analysis segments its fouling trend at these.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** Ms since 1970 (UTC midnight of each date), ascending, of the cleanings before `before`. */
export async function hullMaintenanceDates(
  db: Db,
  orgId: number,
  shipId: number,
  before: Date,
): Promise<number[]> {
  const res = await db.execute(sql`
    select distinct last_cleaning_date::text as d from hull_condition
    where org_id = ${orgId} and ship_id = ${shipId} and last_cleaning_date is not null
      and last_cleaning_date < ${before.toISOString()}::timestamptz
    order by 1`);
  return (res.rows as { d: string }[]).map((r) => Date.parse(`${r.d}T00:00:00Z`));
}
