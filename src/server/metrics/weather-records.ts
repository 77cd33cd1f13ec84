/**
 * The weather analysis' records: main-engine fuel records at sea (speed through water above
 * AT_SEA_MIN_STW_KN, power above 0) joined to the environmental record of the same ship and time (the
 * product stores both per report), in the domain's `WeatherRecord` shape.
 *
 * A range of any length is read as WEATHER_SAMPLE_BUCKETS equal time buckets from its start, taking from
 * each the first main-engine record at sea, when the weather of its time is stored (one index probe per bucket, so ten years cost about what a month does). A
 * bucket shorter than the reporting interval holds at most one record, so short ranges give every record;
 * long ones an even sample in time, and the answer says how many main-engine records the range held.
 * Each record's hours follow the domain's `recordHours`: its period, else the gap to the previous main-engine
 * record capped at MAX_RECORD_HOURS, else 0.
 */
import { sql } from "drizzle-orm";
import type { WeatherRecord } from "../../domain/hull/weather-penalty";
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import type { Db } from "../db/client";
import { atSeaSql, FUEL_T_SQL } from "./fuel-record-sql";
import type { Span } from "./span";
import { tsParam } from "./sql-values";

/** Time buckets a range is read in: at most this many records are judged per call. */
export const WEATHER_SAMPLE_BUCKETS = 1_000;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The range's sampled records (see the module comment), oldest first. */
export async function weatherRecords(
  db: Db,
  orgId: number,
  shipId: number,
  span: Pick<Span, "from" | "to">,
  buckets = WEATHER_SAMPLE_BUCKETS,
): Promise<WeatherRecord[]> {
  const stepS = Math.max(1, (span.to.getTime() - span.from.getTime()) / 1000 / buckets);
  const from = tsParam(span.from);
  const to = tsParam(span.to);
  const res = await db.execute(sql`
    select r.*, ${sql.raw(FUEL_T_SQL)} as fuel_t from (
      select f.engine_power, f.speed_through_water, f.fuel_consumption_rate, e.wind_speed, e.wind_direction,
        e.wave_height, e.sea_state, e.heading,
        coalesce(f.period_hours,
          -- no previous record: no row, so null (least() would otherwise ignore it and give the cap)
          (select least(extract(epoch from f.ts - p.ts) / 3600, ${MAX_RECORD_HOURS}) from (
            select p.ts from fuel_data p
            where p.org_id = ${orgId} and p.ship_id = ${shipId} and p.consumer = 'main' and p.ts < f.ts
            order by p.ts desc limit 1) p),
          0) as h
      from generate_series(0, ${buckets - 1}) k
      cross join lateral (
        select f.* from fuel_data f
        where f.org_id = ${orgId} and f.ship_id = ${shipId} and f.consumer = 'main'
          and f.ts >= ${from} + k * ${stepS}::float8 * interval '1 second'
          and f.ts < least(${from} + (k + 1) * ${stepS}::float8 * interval '1 second', ${to})
          and ${sql.raw(atSeaSql("f.speed_through_water"))} and f.engine_power > 0
        order by f.ts limit 1
      ) f
      -- one probe of the unique key per sampled record: the limit keeps the subquery from being flattened
      -- (a planner without statistics, after a fresh upload, would otherwise loop the samples per weather row)
      cross join lateral (
        select * from environmental_data e
        where e.org_id = ${orgId} and e.ship_id = ${shipId} and e.ts = f.ts limit 1
      ) e
      order by f.ts
    ) r`);
  return (res.rows as Record<string, unknown>[]).map(weatherRecordOfRow);
}

/**
 * A row of a fuel record joined to its weather (columns h, fuel_t, engine_power, speed_through_water and the
 * environmental record's) as the domain's `WeatherRecord`; a missing fuel_t reads 0.
 */
export function weatherRecordOfRow(r: Record<string, unknown>): WeatherRecord {
  return {
    hours: Number(r.h),
    fuelT: Number(r.fuel_t ?? 0),
    powerKw: Number(r.engine_power),
    stwKn: Number(r.speed_through_water),
    windSpeedKn: num(r.wind_speed),
    windDirectionDeg: num(r.wind_direction),
    waveHeightM: num(r.wave_height),
    seaState: num(r.sea_state),
    headingDeg: num(r.heading),
  };
}
