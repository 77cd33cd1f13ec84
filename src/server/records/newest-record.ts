/**
 * The newest record of a ship, of any series: what System Status, the fleet page's 'last seen' and the
 * highlights' dates show. Kept per ship in `data_versions.newest_record_at` by the version bump every write
 * makes in its own transaction (cache/data-version.ts), so that the organisation's newest is one read over its
 * ships' rows instead of six index probes per ship (measured: System Status grew linearly with the fleet, 32 ms
 * at 300 ships).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { intArray } from "../metrics/sql-values";

/** The tables of timestamped records a ship reports. */
export const SERIES_TABLES = [
  "fuel_data",
  "environmental_data",
  "hull_condition",
  "trim_data",
  "auxiliary_data",
  "compliance_data",
] as const;

/** The newest `ts` of the ship's records in any series (one index probe per table), null without records. */
export function newestRecordOf(orgId: SQL, shipId: SQL): SQL {
  return sql`greatest(${sql.join(
    SERIES_TABLES.map(
      (t) =>
        sql`(select ts from ${sql.identifier(t)} x where x.org_id = ${orgId} and x.ship_id = ${shipId} order by ts desc limit 1)`,
    ),
    sql`, `,
  )})`;
}

/** The newest record of the organisation's ships (or the given ones), or null: from the kept values. */
export async function lastRecordAt(
  db: Executor,
  orgId: number,
  shipIds: number[] | null,
): Promise<Date | null> {
  // joined to ships: a deleted ship's row is left behind (data_versions has no key to ships)
  const res = await db.execute(sql`
    select max(v.newest_record_at)::text as last
    from data_versions v join ships s on s.org_id = v.org_id and s.id = v.ship_id
    where v.org_id = ${orgId} ${shipIds === null ? sql`` : sql`and v.ship_id = any(${intArray(shipIds)})`}`);
  const last = (res.rows[0] as { last: string | null } | undefined)?.last;
  return last ? new Date(last) : null;
}
