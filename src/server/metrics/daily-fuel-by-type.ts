/** Fuel per UTC day (or the span's bucket when longer) and fuel type: the stacked bars of Fuel Consumption. */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { columnar } from "./columnar";
import { fuelRows } from "./fuel-rows";
import type { Span } from "./span";

/** `t` per day (daily spans: per bucket) and per bucket the fuel per fuel type (fuel type → t). */
export async function dailyFuelByType(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
): Promise<{ t: number[]; byType: Record<string, number>[] }> {
  const rows =
    s.resolution !== "hourly"
      ? fuelRows(orgId, shipId, s)
      : // short ranges: the hourly buckets grouped by UTC day (partial days at the ends)
        sql`(select date_trunc('day', t at time zone 'UTC') at time zone 'UTC' as t, fuel_type, fuel_t from ${fuelRows(orgId, shipId, s)} h)`;
  const c = await columnar(
    db,
    sql`(select t, json_object_agg(fuel_type, fuel_t) as by_type from (select t, fuel_type, sum(fuel_t) as fuel_t from ${rows} d group by 1, 2) x group by t)`,
    ["byType"] as const,
  );
  return { t: c.t, byType: c.byType as unknown as Record<string, number>[] };
}
