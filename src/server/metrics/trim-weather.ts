/**
 * The trim analysis' weather (decision 034): per period of the trim rollups (UTC hour at
 * hourly resolution, UTC day otherwise) the calm-water factor of its main-engine records at sea (domain
 * `calmWaterFuelFactor`: ISO 15016 added power out, ISO 19030-2 reference wind only), read from the fuel
 * records joined to the environmental record of the same instant (the product stores both per report):
 * every record of an hour at hourly resolution; at daily resolution the day's record nearest noon, kept per
 * day by the daily rollup in `trim_weather_daily` (one row a day, so ten years read 3,650 rows in one index
 * range instead of probing the records day by day).
 */
import { type SQL, sql } from "drizzle-orm";
import type { WeatherRecord, WeatherShip } from "../../domain/hull/weather-penalty";
import { calmWaterFuelFactor } from "../../domain/performance/trim-weather";
import type { Db } from "../db/client";
import { atSeaSql } from "./fuel-record-sql";
import type { Span } from "./span";
import { tsParam } from "./sql-values";
import { wholeMonths } from "./trim-conditions";
import { weatherRecordOfRow } from "./weather-records";

/** A main-engine fuel record at sea with power (the records the weather correction can judge), alias f. */
const MAIN_AT_SEA = `f.consumer = 'main' and ${atSeaSql("f.speed_through_water")} and f.engine_power > 0`;

/**
 * The rows of `trim_weather_daily` for the ships' UTC days in [from, to): per day the main-engine record at
 * sea that is first from noon, else last before noon (a noon report's), with the environmental record of its
 * instant (days whose record has none get no row, as the hourly read joins them). One scan of the days'
 * records, run by the daily rollup's refresh.
 */
export function refreshTrimWeatherDailySql(orgId: number, ships: SQL, from: SQL, to: SQL): SQL {
  return sql`
    insert into trim_weather_daily (org_id, ship_id, day, ts, hours, engine_power, speed_through_water,
      wind_speed, wind_direction, wave_height, sea_state, heading)
    select p.org_id, p.ship_id, p.day, p.ts, p.h, p.engine_power, p.speed_through_water,
      e.wind_speed, e.wind_direction, e.wave_height, e.sea_state, e.heading
    from (
      select distinct on (f.org_id, f.ship_id, (f.ts at time zone 'UTC')::date)
        f.org_id, f.ship_id, (f.ts at time zone 'UTC')::date as day, f.ts, coalesce(f.period_hours, 0) as h,
        f.engine_power, f.speed_through_water
      from fuel_data f
      where f.org_id = ${orgId} and f.ship_id in (${ships}) and f.ts >= ${from} and f.ts < ${to}
        and ${sql.raw(MAIN_AT_SEA)}
      -- from noon first (ascending), then before noon (descending): the distance to the day's noon
      order by f.org_id, f.ship_id, (f.ts at time zone 'UTC')::date,
        (f.ts at time zone 'UTC') < date_trunc('day', f.ts at time zone 'UTC') + interval '12 hours',
        abs(extract(epoch from (f.ts at time zone 'UTC') - date_trunc('day', f.ts at time zone 'UTC')
          - interval '12 hours'))
    ) p
    cross join lateral (
      select * from environmental_data e where e.org_id = p.org_id and e.ship_id = p.ship_id and e.ts = p.ts
      limit 1) e`;
}

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
  // Daily resolution (long ranges): the day's record nearest noon, from the rollup (the same whole UTC days
  // as `trim_daily`). Hourly resolution (short ranges): every record, each joined to its weather.
  const days = wholeMonths(range.from, range.to).days;
  const res = await db.execute(
    range.resolution !== "hourly"
      ? sql`select to_char(day, 'YYYY-MM-DD') as unit, hours as h, engine_power, speed_through_water,
          wind_speed, wind_direction, wave_height, sea_state, heading
        from trim_weather_daily
        where org_id = ${orgId} and ship_id = ${shipId} and day >= ${days[0]} and day < ${days[1]}
        order by day`
      : sql`select to_char(date_trunc('hour', f.ts at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00Z"') as unit,
          coalesce(f.period_hours, 0) as h, f.engine_power, f.speed_through_water,
          e.wind_speed, e.wind_direction, e.wave_height, e.sea_state, e.heading
        from fuel_data f
        -- one environmental record per ship and instant (its unique key); both sides read as index ranges
        -- and hash-joined instead of one probe per record (30 days of 15-minute records: 2.2 against 3.1 ms)
        join environmental_data e on e.org_id = ${orgId} and e.ship_id = ${shipId} and e.ts = f.ts
          and e.ts >= ${tsParam(range.from)} and e.ts < ${tsParam(range.to)}
        where f.org_id = ${orgId} and f.ship_id = ${shipId} and ${sql.raw(MAIN_AT_SEA)}
          and f.ts >= ${tsParam(range.from)} and f.ts < ${tsParam(range.to)}
        order by f.ts`,
  );
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
