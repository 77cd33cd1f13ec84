/**
 * The stored fleet-page lines (table fleet_snapshots): read per organisation, written after a computation,
 * marked written when the ship's data changes. Staleness is read on the database's clock.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fleetSnapshots } from "../db/schema";
import type { ShipSnapshot } from "./ship-snapshot";

/** A line is computed again when older than this even without a write: its windows end 'now'. */
export const SNAPSHOT_MAX_AGE_MS = 60 * 60_000;

export type StoredSnapshot = { shipId: number; snapshot: ShipSnapshot; stale: boolean; aged: boolean };

export async function readSnapshots(db: Db, orgId: number): Promise<Map<number, StoredSnapshot>> {
  const res = await db.execute(sql`
    select ship_id, snapshot,
      coalesce(written_at > computed_at, false) as stale,
      computed_at < now() - make_interval(secs => ${SNAPSHOT_MAX_AGE_MS / 1000}) as aged
    from fleet_snapshots where org_id = ${orgId}`);
  const rows = res.rows as { ship_id: number; snapshot: ShipSnapshot; stale: boolean; aged: boolean }[];
  return new Map(
    rows.map((r) => [
      Number(r.ship_id),
      { shipId: Number(r.ship_id), snapshot: r.snapshot, stale: r.stale, aged: r.aged },
    ]),
  );
}

/** The database's clock now: when a computation starts (a write after it leaves the line stale). */
export async function databaseNow(db: Db): Promise<Date> {
  const res = await db.execute(sql`select clock_timestamp() as now`);
  return new Date((res.rows[0] as { now: Date | string }).now);
}

export async function storeSnapshot(
  db: Db,
  orgId: number,
  shipId: number,
  startedAt: Date,
  snapshot: ShipSnapshot,
): Promise<void> {
  await db
    .insert(fleetSnapshots)
    .values({ orgId, shipId, computedAt: startedAt, snapshot })
    .onConflictDoUpdate({
      target: [fleetSnapshots.orgId, fleetSnapshots.shipId],
      set: { computedAt: startedAt, snapshot },
      // an older computation finishing after a newer one does not overwrite it
      setWhere: sql`${fleetSnapshots.computedAt} <= ${startedAt}`,
    });
}

/** Marks a ship's line as behind its data (a no-op when it has none yet). */
export async function markWritten(db: Db, orgId: number, shipId: number): Promise<void> {
  await db
    .update(fleetSnapshots)
    .set({ writtenAt: sql`now()` })
    .where(and(eq(fleetSnapshots.orgId, orgId), eq(fleetSnapshots.shipId, shipId)));
}
