/**
 * The hull analysis' per-record rule in SQL (domain hull/performance-value.ts: hullRecordRejection and
 * hullLogCoordinates), generated from the domain's constants and tested equal to it
 * (hull-record-sql.test.ts): each main-engine record joined with the environmental and trim records of the
 * same instant, its rejection reason, and y = ln STW, u = ln P_calm − ⅔·ln Δ.
 */
import { type SQL, sql } from "drizzle-orm";
import { REFERENCE_CONDITIONS } from "../../domain/hull/iso19030-filters";
import {
  HULL_LOG_SOG_MAX_KN,
  HULL_MIN_SPEED_KN,
  HULL_WAVE_MAX_M,
  HULL_WEATHER_IMPACT_MAX_PERCENT,
  HULL_WIND_MAX_KN,
} from "../../domain/hull/performance-value";

/** The reason (text, null = accepted) of a joined row with columns stw, sog, p, disp, sea_t, wind, wave, wi. */
export const HULL_REJECTION_SQL = `case
  when stw is null or not stw > 0 or p is null or not p > 0 or disp is null or not disp > 0
    or sea_t is null or wind is null then 'missing-data'
  when stw < ${HULL_MIN_SPEED_KN} then 'not-sailing'
  when sog is not null and abs(stw - sog) > ${HULL_LOG_SOG_MAX_KN} then 'speed-log'
  when not sea_t > ${REFERENCE_CONDITIONS.seaWaterTempMinC} then 'sea-temperature'
  when not (wind >= 0 and wind <= ${HULL_WIND_MAX_KN}) then 'wind'
  when wave is not null and wave > ${HULL_WAVE_MAX_M} then 'waves'
  when wi is not null and wi > ${HULL_WEATHER_IMPACT_MAX_PERCENT} then 'weather-impact'
end`;

/**
 * u = ln P_calm − ⅔·ln Δ of a joined row with columns p, disp, wi (domain hullLogCoordinates): the record's
 * power less its weather impact (wi, % of calm-water power added by wind and waves) where one is stored.
 */
export const HULL_U_SQL = `case when p > 0 and disp > 0 then ln(p)
  - case when wi > -100 then ln(1 + wi / 100.0) else 0 end
  - (2.0 / 3.0) * ln(disp) end`;

/** Rows (org_id, ship_id, ts, stw, sog, p, disp, sea_t, wind, wave, wi, trim_m, draught_m, reason, y, u) of `ships`' main-engine records in [from, to). */
export function hullRecords(orgId: number, ships: SQL, from: SQL, to: SQL): SQL {
  return sql`(
    select j.*, ${sql.raw(HULL_REJECTION_SQL)} as reason,
      case when stw > 0 then ln(stw) end as y,
      ${sql.raw(HULL_U_SQL)} as u
    from (
      -- the three tables' records of one instant brought together by grouping, not joining: a join's plan
      -- depends on statistics, which freshly loaded tables do not have (a nested loop over them timed out)
      select org_id, ship_id, ts, max(stw) as stw, max(sog) as sog, max(p) as p, max(disp) as disp, max(sea_t) as sea_t,
        max(wind) as wind, max(wave) as wave, max(wi) as wi, max(trim_m) as trim_m, max(draught_m) as draught_m
      from (
        select org_id, ship_id, ts, speed_through_water as stw, speed_over_ground as sog, engine_power as p,
          null::float8 as disp,
          null::float8 as sea_t, null::float8 as wind, null::float8 as wave, null::float8 as wi,
          null::float8 as trim_m, null::float8 as draught_m, true as main
        from fuel_data
        where org_id = ${orgId} and ship_id in (${ships}) and consumer = 'main' and ts >= ${from} and ts < ${to}
        union all
        select org_id, ship_id, ts, null, null, null, null, sea_temperature, wind_speed, wave_height, weather_impact,
          null, null, false
        from environmental_data
        where org_id = ${orgId} and ship_id in (${ships}) and ts >= ${from} and ts < ${to}
        union all
        select org_id, ship_id, ts, null, null, null, displacement_t, null, null, null, null, trim_m,
          (draught_fore_m + draught_aft_m) / 2, false
        from trim_data
        where org_id = ${orgId} and ship_id in (${ships}) and ts >= ${from} and ts < ${to}
      ) u
      group by org_id, ship_id, ts
      having bool_or(main)
    ) j
  )`;
}

const WITH_TRIM = "reason is null and trim_m is not null and draught_m is not null";

/** The `hull_daily` columns and their aggregates over `hullRecords` rows grouped per day. */
export const HULL_DAILY_AGGREGATES: readonly (readonly [string, string])[] = [
  ["records", "count(*)::int"],
  ["missing_data", "count(*) filter (where reason = 'missing-data')::int"],
  ["not_sailing", "count(*) filter (where reason = 'not-sailing')::int"],
  ["sea_temperature", "count(*) filter (where reason = 'sea-temperature')::int"],
  ["wind", "count(*) filter (where reason = 'wind')::int"],
  ["waves", "count(*) filter (where reason = 'waves')::int"],
  ["speed_log", "count(*) filter (where reason = 'speed-log')::int"],
  ["weather_impact", "count(*) filter (where reason = 'weather-impact')::int"],
  ["n", "count(*) filter (where reason is null)::int"],
  ["su", "coalesce(sum(u) filter (where reason is null), 0)"],
  ["sy", "coalesce(sum(y) filter (where reason is null), 0)"],
  ["suu", "coalesce(sum(u * u) filter (where reason is null), 0)"],
  ["suy", "coalesce(sum(u * y) filter (where reason is null), 0)"],
  ["syy", "coalesce(sum(y * y) filter (where reason is null), 0)"],
  // the operating condition of the accepted records that carry trim and both draughts (hull/operating-condition.ts)
  ["n_trim", `count(*) filter (where ${WITH_TRIM})::int`],
  ["s_trim", `coalesce(sum(trim_m) filter (where ${WITH_TRIM}), 0)`],
  ["s_draught", `coalesce(sum(draught_m) filter (where ${WITH_TRIM}), 0)`],
];

/** Recomputes `hull_daily` for `ships` over the whole UTC days [dayFrom, dayTo) (timestamps tsFrom, tsTo). */
export function refreshHullDailySql(orgId: number, ships: SQL, tsFrom: SQL, tsTo: SQL): SQL {
  const cols = HULL_DAILY_AGGREGATES.map(([c]) => c).join(", ");
  const aggs = HULL_DAILY_AGGREGATES.map(([, a]) => a).join(", ");
  return sql`
    insert into hull_daily (org_id, ship_id, day, ${sql.raw(cols)})
    select org_id, ship_id, (ts at time zone 'UTC')::date, ${sql.raw(aggs)}
    from ${hullRecords(orgId, ships, tsFrom, tsTo)} h
    group by 1, 2, 3`;
}
