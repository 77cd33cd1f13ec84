/**
 * Fuel per UTC day (or the span's bucket when longer) and fuel type, with the hours each bucket's records
 * cover: the stacked bars of Fuel Consumption, drawn as a rate (domain fuelPerDayOfSums).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { columnar } from "./columnar";
import { fuelRows } from "./fuel-rows";
import type { Span } from "./span";

/**
 * `t` per day (daily spans: per bucket), per bucket the fuel per fuel type (fuel type → t) and the hours its
 * records cover: the ship's time, so per consumer the sum over its grades and hours, then the largest
 * consumer's (as perBucket in fuel-rows.ts: time is the ship's, carried by each consumer's records).
 */
export async function dailyFuelByType(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
): Promise<{ t: number[]; byType: Record<string, number>[]; hours: number[] }> {
  const rows =
    s.resolution !== "hourly"
      ? fuelRows(orgId, shipId, s)
      : // short ranges: the hourly buckets grouped by UTC day (partial days at the ends)
        sql`(select date_trunc('day', t at time zone 'UTC') at time zone 'UTC' as t, consumer, fuel_type, fuel_t, hours from ${fuelRows(orgId, shipId, s)} h)`;
  // one pass: per (bucket, consumer, fuel type) the fuel and, over the consumer's grades, its hours; then per
  // bucket and type the fuel summed over the consumers and the largest consumer's hours
  const c = await columnar(
    db,
    sql`(select t, json_object_agg(fuel_type, fuel_t) as by_type, max(ship_hours) as hours
      from (select t, fuel_type, sum(fuel_t) as fuel_t, max(max(consumer_hours)) over (partition by t) as ship_hours
        from (select t, consumer, fuel_type, sum(fuel_t) as fuel_t,
            sum(sum(hours)) over (partition by t, consumer) as consumer_hours
          from ${rows} d group by t, consumer, fuel_type) g
        group by t, fuel_type) x
      group by t)`,
    ["byType", "hours"] as const,
  );
  return { t: c.t, byType: c.byType as unknown as Record<string, number>[], hours: c.hours };
}
