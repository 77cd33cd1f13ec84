/**
 * Keeps the daily rollups up to date: recomputes the rows of the UTC days a write touched, from the raw
 * rows, in the caller's transaction, under a per-ship lock (`lockShipRollups`). Writes of records call it
 * through WrittenSpans (written-spans.ts), whatever the record type; the simulator's loader calls it with
 * the span loaded. It refreshes
 * - `fuel_daily` (per ship, day, consumer and fuel grade, with the grade's class: a figure per class sums
 *   its grades) and `fuel_voyage_daily` (the same per voyage, for the records linked to one) from
 *   `fuel_data`, and `fuel_voyage` (the totals of each voyage whose days were recomputed);
 * - `series_daily` (per ship and day: sums and counts of the environmental, auxiliary and trim fields);
 * - `trim_hourly` (per ship and UTC hour of the same days: per consumer hours, hours at sea, fuel and
 *   speed through water from `fuel_data`, joined with the trim, draught and displacement of `trim_data`),
 *   the samples of the trim analysis over short ranges, `trim_daily` (those hours pooled per day,
 *   draught bin, speed bin and trim class) and `trim_monthly` (the days pooled again per calendar month):
 *   the samples over long ranges;
 * - `hull_daily` (per ship and day: the hull analysis' filter counts and log sums, metrics/hull-record-sql.ts);
 * - `trim_weather_daily` (per ship and day: the main-engine record nearest noon with its weather, the trim
 *   analysis' weather over long ranges, metrics/trim-weather.ts);
 * - `data_quality_daily` (per ship, consumer and day of the last month: each fuel record's value checks,
 *   system-status/data-quality-daily.ts).
 *
 * The per-record rules (hours covered, fuel, energy, at sea, load bins) are the domain's
 * (domain/records/record-arithmetic.ts, domain/engine/load-bands.ts), applied in SQL by the metrics layer's
 * fragments (server/metrics/*-sql.ts) that the analysis queries over raw records use too, so a range read
 * from raw records and one read from the rollup give the same sums.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import {
  FUEL_RECORD_COLUMNS,
  FUEL_SUMS_SQL,
  fuelRecordsWithHours,
  LOAD_BAND_COLUMNS,
} from "../metrics/fuel-record-sql";
import { refreshHullDailySql } from "../metrics/hull-record-sql";
import { HOUR_OF_TS, SERIES_SUM_COLUMNS, seriesBucketsFromRaw } from "../metrics/series-sql";
import {
  TRIM_POOL_SUMS,
  TRIM_ROW_CLASS,
  TRIM_ROW_CLASSIFIABLE,
  trimHourlyFrom,
} from "../metrics/trim-condition-sql";
import { refreshTrimWeatherDailySql } from "../metrics/trim-weather";
import { refreshDataQualityDaily } from "../system-status/data-quality-daily";

/** The tables `refreshDailyRollup` rewrites (their planner statistics follow bulk loads: db/table-statistics.ts). */
export const ROLLUP_TABLES = [
  "hull_daily",
  "fuel_daily",
  "fuel_voyage_daily",
  "fuel_voyage",
  "series_daily",
  "trim_daily",
  "trim_hourly",
  "trim_monthly",
  "trim_weather_daily",
  "data_quality_daily",
];

/**
 * First key of the per-ship rollup locks (`pg_advisory_xact_lock(ROLLUP_LOCK_CLASS, ship id)`); the two-key
 * space does not overlap the one-key space of the migration lock.
 */
export const ROLLUP_LOCK_CLASS = 5_307_361;

/**
 * Takes the rollup lock of each ship, in ascending id order, until the transaction ends. Two transactions
 * writing the same ship's days would otherwise both delete and re-insert the same rollup rows (the second
 * insert failing on the unique key) or each compute the rollup without the other's uncommitted records.
 * With the lock the second waits for the first to commit, and its statements then see both records (READ
 * COMMITTED takes a new snapshot per statement), so the last refresh of a day always counts every record.
 * The lock is taken after the records are written, so a transaction holding it never waits for a record:
 * rollup locks are only ever waited for in ascending order and deadlock cannot arise from them.
 */
export async function lockShipRollups(db: Executor, shipIds: number[]): Promise<void> {
  for (const id of [...shipIds].sort((a, b) => a - b)) {
    await db.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}::int, ${id}::int)`);
  }
}

export async function refreshDailyRollup(
  db: Executor,
  orgId: number,
  shipIds: number[],
  from: Date,
  to: Date,
): Promise<void> {
  if (shipIds.length === 0) return;
  await lockShipRollups(db, shipIds);
  const ships = sql.join(
    shipIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const dayFrom = sql`(date_trunc('day', ${from.toISOString()}::timestamptz at time zone 'UTC'))`;
  const dayTo = sql`(date_trunc('day', ${to.toISOString()}::timestamptz at time zone 'UTC') + interval '1 day')`;
  const tsFrom = sql`(${dayFrom} at time zone 'UTC')`;
  const tsTo = sql`(${dayTo} at time zone 'UTC')`;
  const inDays = sql`org_id = ${orgId} and ship_id in (${ships}) and day >= ${dayFrom}::date and day < ${dayTo}::date`;
  await db.execute(sql`delete from fuel_daily where ${inDays}`);
  // the voyages whose days are recomputed, before and after: their whole-voyage totals follow
  const voyagesBefore = await db.execute(
    sql`with gone as (delete from fuel_voyage_daily where ${inDays} returning voyage_id) select distinct voyage_id from gone`,
  );
  await db.execute(sql`delete from series_daily where ${inDays}`);
  await db.execute(sql`delete from hull_daily where ${inDays}`);
  await db.execute(sql`delete from trim_daily where ${inDays}`);
  await db.execute(sql`delete from trim_weather_daily where ${inDays}`);
  await db.execute(
    sql`delete from trim_hourly where org_id = ${orgId} and ship_id in (${ships}) and hour >= ${tsFrom} and hour < ${tsTo}`,
  );
  const poolSums = TRIM_POOL_SUMS;
  const hourlyCols = poolSums.join(", ");
  // One read of the fuel records (one index scan and one window for the hours), kept for the statement
  // (`materialized`), feeds fuel_daily, fuel_voyage_daily and the fuel half of trim_hourly: each of the
  // three used to read and window the ship's records on its own.
  await db.execute(sql`
    with r as materialized (
      select org_id, ship_id, voyage_id, consumer, fuel_grade, fuel_type, h, (ts at time zone 'UTC')::date as day,
        ${sql.raw(HOUR_OF_TS)} as hour, ${sql.raw(FUEL_RECORD_COLUMNS.join(", "))}
      from ${fuelRecordsWithHours(orgId, ships, tsFrom, tsTo)} f
    ),
    daily as (
      insert into fuel_daily (org_id, ship_id, day, consumer, fuel_grade, fuel_type, records, hours, hours_at_sea,
        hours_at_sea_over_ground, fuel_t,
        fuel_t_with_energy, energy_kwh, load_pct_hours, load_hours, distance_nm, distance_derived_nm, stw_kn_hours,
        stw_hours, co2_t, reported_sfoc_fuel_t, reported_sfoc_energy_kwh, ${sql.raw(LOAD_BAND_COLUMNS.join(", "))})
      select org_id, ship_id, day, consumer, fuel_grade, fuel_type, ${FUEL_SUMS_SQL}
      from r
      group by org_id, ship_id, day, consumer, fuel_grade, fuel_type
    ),
    voyage_daily as (
      insert into fuel_voyage_daily (org_id, ship_id, voyage_id, day, consumer, fuel_grade, fuel_type, records, hours,
        fuel_t, distance_nm, distance_derived_nm, co2_t)
      select org_id, ship_id, voyage_id, day, consumer, fuel_grade, fuel_type, records, hours, fuel_t, distance_nm,
        distance_derived_nm, co2_t
      from (
        select org_id, ship_id, voyage_id, day, consumer, fuel_grade, fuel_type, ${FUEL_SUMS_SQL}
        from r
        where voyage_id is not null
        group by org_id, ship_id, voyage_id, day, consumer, fuel_grade, fuel_type
      ) v
    )
    insert into trim_hourly (org_id, ship_id, hour, ${sql.raw(hourlyCols)})
    select org_id, ship_id, hour, ${sql.raw(hourlyCols)} from ${trimHourlyFrom(sql`r`, orgId, ships, tsFrom, tsTo)} h`);
  const voyagesAfter = await db.execute(
    sql`select distinct voyage_id from fuel_voyage_daily where ${inDays}`,
  );
  const voyageIds = [
    ...new Set([...voyagesBefore.rows, ...voyagesAfter.rows].map((r) => Number(r.voyage_id))),
  ];
  if (voyageIds.length > 0) {
    const these = sql`org_id = ${orgId} and ship_id in (${ships}) and voyage_id in (${sql.join(
      voyageIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    await db.execute(sql`delete from fuel_voyage where ${these}`);
    await db.execute(sql`
      insert into fuel_voyage (org_id, ship_id, voyage_id, consumer, fuel_grade, fuel_type, records, hours, fuel_t,
        distance_nm, distance_derived_nm, co2_t)
      select org_id, ship_id, voyage_id, consumer, fuel_grade, fuel_type, sum(records), sum(hours), sum(fuel_t),
        sum(distance_nm), sum(distance_derived_nm), sum(co2_t)
      from fuel_voyage_daily where ${these}
      group by 1, 2, 3, 4, 5, 6`);
  }
  const names = SERIES_SUM_COLUMNS.flatMap(([name]) => [`${name}_sum`, `${name}_n`]).join(", ");
  await db.execute(sql`
    insert into series_daily (org_id, ship_id, day, ${sql.raw(names)})
    select org_id, ship_id, t::date, ${sql.raw(names)}
    from ${seriesBucketsFromRaw(orgId, ships, tsFrom, tsTo, "(ts at time zone 'UTC')::date")} s`);
  await db.execute(refreshHullDailySql(orgId, ships, tsFrom, tsTo));
  await db.execute(refreshTrimWeatherDailySql(orgId, ships, tsFrom, tsTo));
  // pooled per day and condition (draught bin, STW bin, trim class), each hour classified by its own means
  await db.execute(sql`
    insert into trim_daily (org_id, ship_id, day, draught_bin, speed_bin, trim_class, hours_pooled,
      ${sql.raw(hourlyCols)})
    select org_id, ship_id, (hour at time zone 'UTC')::date,
      ${sql.raw(Object.values(TRIM_ROW_CLASS).join(", "))}, count(*)::int,
      ${sql.raw(poolSums.map((c) => `sum(${c})`).join(", "))}
    from trim_hourly
    where org_id = ${orgId} and ship_id in (${ships}) and hour >= ${tsFrom} and hour < ${tsTo}
      and ${sql.raw(TRIM_ROW_CLASSIFIABLE)}
    group by 1, 2, 3, 4, 5, 6`);
  // the calendar months those days touch, pooled again from all their days
  const monthFrom = sql`date_trunc('month', ${dayFrom})::date`;
  const monthTo = sql`(date_trunc('month', ${dayTo} - interval '1 day') + interval '1 month')::date`;
  const poolCols = ["hours_pooled", ...poolSums];
  await db.execute(
    sql`delete from trim_monthly where org_id = ${orgId} and ship_id in (${ships}) and month >= ${monthFrom} and month < ${monthTo}`,
  );
  await db.execute(sql`
    insert into trim_monthly (org_id, ship_id, month, draught_bin, speed_bin, trim_class, ${sql.raw(poolCols.join(", "))})
    select org_id, ship_id, date_trunc('month', day)::date, draught_bin, speed_bin, trim_class,
      ${sql.raw(poolCols.map((c) => `sum(${c})`).join(", "))}
    from trim_daily
    where org_id = ${orgId} and ship_id in (${ships}) and day >= ${monthFrom} and day < ${monthTo}
    group by 1, 2, 3, 4, 5, 6`);
  // the value checks of the fuel records, summed by System Status (issue 20)
  await refreshDataQualityDaily(db, orgId, shipIds, from, to);
}
