import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lockShipRollups } from "../rollups/daily-rollup";
import { refreshDataQualityDaily, storeHorizon } from "./data-quality-daily";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Fills the store for ships with fuel records in its days but none stored (an instance upgraded to the store,
 * or a store emptied by hand), one ship per transaction under its rollup lock. Run at start, after the
 * migrations. Returns the ships filled.
 */
export async function catchUpDataQualityDaily(db: Db, clockMs = Date.now()): Promise<number> {
  const horizon = iso(storeHorizon(clockMs));
  const res = await db.execute(sql`
    select s.org_id, s.id from ships s
    where exists (select 1 from fuel_data f where f.org_id = s.org_id and f.ship_id = s.id and f.ts >= ${horizon}::timestamptz)
      and not exists (select 1 from data_quality_daily q where q.org_id = s.org_id and q.ship_id = s.id
        and q.day >= ${horizon.slice(0, 10)}::date)
    order by s.id`);
  const ships = res.rows as { org_id: number; id: number }[];
  for (const s of ships) {
    await db.transaction(async (tx) => {
      await lockShipRollups(tx, [s.id]);
      const last = await tx.execute(
        sql`select extract(epoch from max(ts))::float8 * 1000 as t from fuel_data where org_id = ${s.org_id} and ship_id = ${s.id}`,
      );
      const lastMs = (last.rows[0] as { t: number | null }).t ?? clockMs;
      await refreshDataQualityDaily(
        tx,
        s.org_id,
        [s.id],
        new Date(storeHorizon(clockMs)),
        new Date(lastMs),
        clockMs,
      );
    });
  }
  return ships.length;
}
