/**
 * The newest fuel record of each ship of an organisation within [from, to): one query, an index descent per
 * ship on fuel_data (org_id, ship_id, ts). A year's CO2 is dated by it: the figure covers the records to then.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export async function newestFuelRecords(
  db: Db,
  orgId: number,
  from: Date,
  to: Date,
): Promise<Map<number, Date>> {
  const res = await db.execute(sql`
    select s.id as ship_id, f.ts
    from ships s
    cross join lateral (
      select ts from fuel_data x
      where x.org_id = s.org_id and x.ship_id = s.id
        and x.ts >= ${from.toISOString()}::timestamptz and x.ts < ${to.toISOString()}::timestamptz
      order by x.ts desc limit 1
    ) f
    where s.org_id = ${orgId}`);
  const rows = res.rows as { ship_id: number; ts: Date | string }[];
  return new Map(rows.map((r) => [Number(r.ship_id), new Date(r.ts)]));
}
