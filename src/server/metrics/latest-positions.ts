/**
 * The newest reported position of each ship of an organisation: one query, an index descent per ship on
 * environmental_data (org_id, ship_id, ts), skipping records without a position.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export type LatestPosition = { shipId: number; lat: number; lon: number; at: Date };

export async function latestPositions(db: Db, orgId: number): Promise<Map<number, LatestPosition>> {
  const res = await db.execute(sql`
    select s.id as ship_id, p.ts, p.latitude, p.longitude
    from ships s
    cross join lateral (
      select ts, latitude, longitude from environmental_data e
      where e.org_id = s.org_id and e.ship_id = s.id and e.latitude is not null and e.longitude is not null
      order by e.ts desc limit 1
    ) p
    where s.org_id = ${orgId}`);
  const rows = res.rows as { ship_id: number; ts: Date | string; latitude: number; longitude: number }[];
  return new Map(
    rows.map((r) => [
      Number(r.ship_id),
      { shipId: Number(r.ship_id), lat: r.latitude, lon: r.longitude, at: new Date(r.ts) },
    ]),
  );
}
