/**
 * The trim analysis' weather (decision record 005 addendum 3): per period of the trim rollups (UTC hour at
 * hourly resolution, UTC day otherwise) the calm-water factor of its main-engine records at sea (domain
 * `calmWaterFuelFactor`: ISO 15016 added power out, ISO 19030-2 reference wind only), read from the fuel
 * records joined to the environmental record of the same instant (the product stores both per report):
 * every record of an hour at hourly resolution, the record nearest noon of a day otherwise.
 */
import { sql } from "drizzle-orm";
import type { WeatherRecord, WeatherShip } from "../../domain/hull/weather-penalty";
import { calmWaterFuelFactor } from "../../domain/performance/trim-weather";
import type { Db } from "../db/client";
import { atSeaSql } from "./fuel-record-sql";
import type { Span } from "./span";
import { tsParam } from "./sql-values";
import { weatherRecordOfRow } from "./weather-records";

/** Periods (ISO date or hour instant, as the rollups key them) with their calm-water factor, ascending. */
export type CalmPeriods = { units: string[]; factors: number[] };

/**
 * A period is kept when its records within the reference wind cover at least half its hours at sea (at
 * noon-report cadence: the day's report is within it), so a period's fuel is read in the weather it had.
 */
export const MIN_CALM_SHARE = 0.5;

/**
 * The range's calm periods, or null when none of its main-engine records at sea has a weather record (there
 * is no weather to take out: the analysis reads the measured fuel and says so).
 */
export async function trimCalmPeriods(
  db: Db,
  orgId: number,
  shipId: number,
  range: Span,
  ship: WeatherShip,
): Promise<CalmPeriods | null> {
  const daily = range.resolution !== "hourly";
  const from = tsParam(range.from);
  const to = tsParam(range.to);
  const mainAtSea = sql`f.org_id = ${orgId} and f.ship_id = ${shipId} and f.consumer = 'main'
    and ${sql.raw(atSeaSql("f.speed_through_water"))} and f.engine_power > 0`;
  const columns = sql`f.ts, coalesce(f.period_hours, 0) as h, f.engine_power, f.speed_through_water`;
  // Hourly resolution (short ranges): every record. Daily: each day judged by its record nearest noon
  // (a noon report's weather), two index probes a day, so ten years of 15-minute data cost 3,650 records.
  const records = daily
    ? sql`select to_char(d at time zone 'UTC', 'YYYY-MM-DD') as unit, f.*
      from generate_series((date_trunc('day', ${from} at time zone 'UTC')) at time zone 'UTC',
        ${to} - interval '1 microsecond', interval '1 day') d
      cross join lateral (
        (select ${columns} from fuel_data f where ${mainAtSea}
          and f.ts >= greatest(d + interval '12 hours', ${from}) and f.ts < least(d + interval '1 day', ${to})
          order by f.ts limit 1)
        union all
        (select ${columns} from fuel_data f where ${mainAtSea}
          and f.ts >= greatest(d, ${from}) and f.ts < least(d + interval '12 hours', ${to})
          order by f.ts desc limit 1)
        limit 1) f`
    : sql`select to_char(date_trunc('hour', f.ts at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00Z"') as unit,
        ${columns}
      from fuel_data f where ${mainAtSea} and f.ts >= ${from} and f.ts < ${to}`;
  const res = await db.execute(sql`
    select r.unit, r.h, r.engine_power, r.speed_through_water,
      e.wind_speed, e.wind_direction, e.wave_height, e.sea_state, e.heading
    from (${records}) r
    cross join lateral (
      select * from environmental_data e where e.org_id = ${orgId} and e.ship_id = ${shipId} and e.ts = r.ts
      limit 1) e
    order by r.ts`);
  const byUnit = new Map<string, WeatherRecord[]>();
  for (const r of res.rows as Record<string, unknown>[]) {
    const u = String(r.unit);
    const list = byUnit.get(u) ?? [];
    byUnit.set(u, list);
    list.push(weatherRecordOfRow(r));
  }
  if (byUnit.size === 0) return null;
  const out: CalmPeriods = { units: [], factors: [] };
  for (const [u, records] of byUnit) {
    const { factor, calmShare } = calmWaterFuelFactor(records, ship);
    if (factor === null || calmShare < MIN_CALM_SHARE) continue;
    out.units.push(u);
    out.factors.push(factor);
  }
  return out;
}
