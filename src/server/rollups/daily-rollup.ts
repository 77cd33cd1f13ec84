/**
 * Keeps the daily rollups up to date: recomputes the rows of the UTC days a write touched, from the raw
 * rows, in the caller's transaction. Call it after every write to a time series (forms, uploads, simulator
 * loads) with the ships and the time span written. It refreshes
 * - `fuel_daily` (per ship, day, consumer, fuel type) and `fuel_voyage_daily` (the same per voyage, for
 *   the records linked to one) from `fuel_data`, and `fuel_voyage` (the totals of each voyage whose days
 *   were recomputed);
 * - `series_daily` (per ship and day: sums and counts of the environmental, auxiliary and trim fields);
 * - `trim_hourly` (per ship and UTC hour of the same days: per consumer hours, hours at sea, fuel and
 *   speed through water from `fuel_data`, joined with the trim, draught and displacement of `trim_data`),
 *   the samples of the trim analysis over short ranges, `trim_daily` (those hours pooled per day,
 *   draught bin, speed bin and trim class) and `trim_monthly` (the days pooled again per calendar month):
 *   the samples over long ranges.
 *
 * Per fuel record: hours covered = `period_hours` when given, else the gap to the ship's previous record of
 * the same consumer, capped at 24 h (a gap longer than a day is missing data, not a day-long record); the
 * first record of a series covers 24 h only when `period_hours` says so, else nothing. Fuel burnt = rate
 * (t/day) × hours / 24; energy = power (kW) × hours; CO2 = `co2_emissions` (t/day) × hours / 24. The same
 * definitions serve the analysis queries over raw records (`fuelRecordsWithHours`, `FUEL_SUMS`), so a range
 * read from raw records and one read from the rollup give the same sums.
 */
import { type SQL, sql } from "drizzle-orm";
import { TRIM_DEFAULTS } from "../../domain/performance/trim-analysis";
import type { Db } from "../db/client";

/** A connection or transaction: anything with Drizzle's `execute`. */
type Executor = Pick<Db, "execute">;

/** The record that starts a series has no gap to measure; with no `period_hours` it covers no time. */
export const MAX_RECORD_HOURS = 24;
/** Speed through water above which the ship counts as at sea (kn). */
export const AT_SEA_MIN_STW_KN = 1;

/**
 * Fuel records of `ships` with ts in [from, to), each with `h` (hours covered, see the module comment).
 * Reads one day more before `from`, so that the first record of the span knows its predecessor.
 */
export function fuelRecordsWithHours(orgId: number, ships: SQL, from: SQL, to: SQL, extraWhere = sql``): SQL {
  return sql`(
    select * from (
      select f.*,
        coalesce(period_hours,
          -- least() ignores nulls, so the series' first record (no lag) must stay null explicitly
          nullif(least(coalesce(extract(epoch from ts - lag(ts) over (partition by ship_id, consumer order by ts)) / 3600, -1), ${MAX_RECORD_HOURS}), -1),
          0) as h
      from fuel_data f
      where org_id = ${orgId} and ship_id in (${ships}) ${extraWhere}
        and ts >= ${from} - interval '1 day' and ts < ${to}
    ) w where ts >= ${from})`;
}

/** Load bands of `fuel_daily` (% of rating): column and condition; 85 % belongs to 70–85 (the KPI's optimal range). */
export const LOAD_BANDS = [
  ["load_h_0", "engine_load_factor < 25"],
  ["load_h_25", "engine_load_factor >= 25 and engine_load_factor < 40"],
  ["load_h_40", "engine_load_factor >= 40 and engine_load_factor < 55"],
  ["load_h_55", "engine_load_factor >= 55 and engine_load_factor < 70"],
  ["load_h_70", "engine_load_factor >= 70 and engine_load_factor <= 85"],
  ["load_h_85", "engine_load_factor > 85 and engine_load_factor <= 100"],
  ["load_h_100", "engine_load_factor > 100"],
] as const;

/** The rollup's sums over records with hours `h` (column names of `fuel_daily`). */
export const FUEL_SUMS = sql.raw(`
      count(*)::int as records,
      sum(h) as hours,
      sum(case when speed_through_water > ${AT_SEA_MIN_STW_KN} then h else 0 end) as hours_at_sea,
      sum(coalesce(fuel_consumption_rate, 0) * h / 24) as fuel_t,
      sum(case when engine_power is not null then coalesce(fuel_consumption_rate, 0) * h / 24 else 0 end) as fuel_t_with_energy,
      sum(case when fuel_consumption_rate is not null then coalesce(engine_power, 0) * h else 0 end) as energy_kwh,
      sum(coalesce(engine_load_factor, 0) * h) as load_pct_hours,
      sum(case when engine_load_factor is not null then h else 0 end) as load_hours,
      sum(coalesce(distance_nm, 0)) as distance_nm,
      sum(coalesce(speed_through_water, 0) * h) as stw_kn_hours,
      sum(case when speed_through_water is not null then h else 0 end) as stw_hours,
      sum(coalesce(co2_emissions, 0) * h / 24) as co2_t,
      ${LOAD_BANDS.map(([col, cond]) => `sum(case when ${cond} then h else 0 end) as ${col}`).join(",\n      ")}`);

/** Sums and counts of the environmental, auxiliary and trim fields (column names of `series_daily`). */
export const SERIES_SUM_COLUMNS = [
  ["air_temp", "environmental_data", "air_temperature"],
  ["sea_temp", "environmental_data", "sea_temperature"],
  ["wind_speed", "environmental_data", "wind_speed"],
  ["wave_height", "environmental_data", "wave_height"],
  ["hvac", "auxiliary_data", "hvac_power"],
  ["pumps", "auxiliary_data", "pumps_power"],
  ["lighting", "auxiliary_data", "lighting_power"],
  ["navigation", "auxiliary_data", "navigation_power"],
  ["cargo_handling", "auxiliary_data", "cargo_handling_power"],
  ["trim", "trim_data", "coalesce(trim_m, draught_aft_m - draught_fore_m)"],
  ["draught", "trim_data", "(draught_fore_m + draught_aft_m) / 2"],
  ["displacement", "trim_data", "displacement_t"],
] as const;

/**
 * Rows (bucket `t`, and per field `<name>_sum`, `<name>_n`) of the environmental, auxiliary and trim
 * series of one ship in [from, to), bucketed by `bucket` (an SQL expression of `ts`).
 */
export function seriesBucketsFromRaw(
  orgId: number,
  ships: SQL,
  from: SQL,
  to: SQL,
  bucket: string,
  only?: readonly string[],
): SQL {
  // only the tables that hold the fields asked for (all three for the rollup)
  const tables = (["environmental_data", "auxiliary_data", "trim_data"] as const).filter(
    (table) => !only || SERIES_SUM_COLUMNS.some(([name, tbl]) => tbl === table && only.includes(name)),
  );
  const parts = tables.map((table) => {
    const cols = SERIES_SUM_COLUMNS.map(([name, tbl, expr]) =>
      tbl === table
        ? `coalesce(sum(${expr}), 0) as ${name}_sum, count(${expr})::int as ${name}_n`
        : `0::float8 as ${name}_sum, 0 as ${name}_n`,
    ).join(", ");
    return sql`select org_id, ship_id, ${sql.raw(bucket)} as t, ${sql.raw(cols)} from ${sql.raw(table)}
      where org_id = ${orgId} and ship_id in (${ships}) and ts >= ${from} and ts < ${to} group by 1, 2, 3`;
  });
  const sums = SERIES_SUM_COLUMNS.map(
    ([name]) => `sum(${name}_sum) as ${name}_sum, sum(${name}_n)::int as ${name}_n`,
  ).join(", ");
  return sql`(select org_id, ship_id, t, ${sql.raw(sums)} from (${sql.join(parts, sql` union all `)}) u group by 1, 2, 3)`;
}

/** Mean speed through water of a row of `trim_hourly` or `trim_daily`, both consumers' records, kn. */
const TRIM_ROW_STW = "(main_stw_kn_hours + aux_stw_kn_hours) / nullif(main_stw_hours + aux_stw_hours, 0)";

/**
 * The sailing condition of a row of `trim_hourly` (its own means): draught bin, speed-through-water bin and
 * trim class, with the domain's widths (TRIM_DEFAULTS). `trim_daily` pools hours by these; the trim section
 * classifies hourly rows by them. Only rows with `TRIM_ROW_CLASSIFIABLE` have one.
 */
export const TRIM_ROW_CLASS = {
  draught_bin: `floor(draught_sum / draught_n / ${TRIM_DEFAULTS.draughtBinWidthM})::int`,
  speed_bin: `floor(${TRIM_ROW_STW} / ${TRIM_DEFAULTS.speedBinWidthKn})::int`,
  trim_class: `round(trim_sum / trim_n / ${TRIM_DEFAULTS.trimClassM})::int`,
} as const;
export const TRIM_ROW_CLASSIFIABLE = `trim_n > 0 and draught_n > 0 and ${TRIM_ROW_STW} is not null`;

/** The UTC hour (its start) of a record's `ts`, as the analysis' hourly buckets. */
export const HOUR_OF_TS = "date_trunc('hour', ts at time zone 'UTC') at time zone 'UTC'";

/** Per consumer columns of `trim_hourly` (prefix `main`/`aux`), each with its sum over fuel records with hours `h`. */
export const TRIM_HOURLY_FUEL = [
  ["hours", "h"],
  ["hours_at_sea", `case when speed_through_water > ${AT_SEA_MIN_STW_KN} then h else 0 end`],
  ["fuel_t", "coalesce(fuel_consumption_rate, 0) * h / 24"],
  ["stw_kn_hours", "coalesce(speed_through_water, 0) * h"],
  ["stw_hours", "case when speed_through_water is not null then h else 0 end"],
] as const;
const TRIM_HOURLY_SERIES = SERIES_SUM_COLUMNS.filter(([, table]) => table === "trim_data");
/** The value columns of `fuel_data` that `FUEL_SUMS` and `TRIM_HOURLY_FUEL` read. */
const FUEL_RECORD_COLUMNS = [
  "speed_through_water",
  "fuel_consumption_rate",
  "engine_power",
  "engine_load_factor",
  "distance_nm",
  "co2_emissions",
];

/**
 * Rows of `trim_hourly` for `ships` over [from, to): the fuel records with hours `fuel` (a relation with the
 * columns of `fuelRecordsWithHours` that the sums read, and `hour`) joined with the raw trim records.
 */
function trimHourlyFrom(fuel: SQL, orgId: number, ships: SQL, from: SQL, to: SQL): SQL {
  const prefixes = [
    ["main", "main"],
    ["aux", "auxiliary"],
  ] as const;
  const fuelCols = prefixes.flatMap(([p]) => TRIM_HOURLY_FUEL.map(([c]) => `${p}_${c}`));
  const seriesCols = TRIM_HOURLY_SERIES.flatMap(([name]) => [`${name}_sum`, `${name}_n`]);
  const fuelSums = prefixes
    .flatMap(([p, consumer]) =>
      TRIM_HOURLY_FUEL.map(
        ([c, expr]) => `coalesce(sum(${expr}) filter (where consumer = '${consumer}'), 0) as ${p}_${c}`,
      ),
    )
    .concat(seriesCols.map((c) => `0 as ${c}`))
    .join(", ");
  const seriesSums = fuelCols
    .map((c) => `0 as ${c}`)
    .concat(
      TRIM_HOURLY_SERIES.map(
        ([name, , expr]) => `coalesce(sum(${expr}), 0) as ${name}_sum, count(${expr})::int as ${name}_n`,
      ),
    )
    .join(", ");
  const all = [...fuelCols, ...seriesCols];
  return sql`(select org_id, ship_id, hour, ${sql.raw(all.map((c) => `sum(${c}) as ${c}`).join(", "))} from (
      select org_id, ship_id, hour, ${sql.raw(fuelSums)}
      from ${fuel} r group by 1, 2, 3
      union all
      select org_id, ship_id, ${sql.raw(HOUR_OF_TS)} as hour, ${sql.raw(seriesSums)}
      from trim_data where org_id = ${orgId} and ship_id in (${ships}) and ts >= ${from} and ts < ${to}
      group by 1, 2, 3) u
    group by 1, 2, 3)`;
}

export async function refreshDailyRollup(
  db: Executor,
  orgId: number,
  shipIds: number[],
  from: Date,
  to: Date,
): Promise<void> {
  if (shipIds.length === 0) return;
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
  await db.execute(sql`delete from trim_daily where ${inDays}`);
  await db.execute(
    sql`delete from trim_hourly where org_id = ${orgId} and ship_id in (${ships}) and hour >= ${tsFrom} and hour < ${tsTo}`,
  );
  const poolSums = [
    ...["main", "aux"].flatMap((p) => TRIM_HOURLY_FUEL.map(([c]) => `${p}_${c}`)),
    ...TRIM_HOURLY_SERIES.flatMap(([name]) => [`${name}_sum`, `${name}_n`]),
  ];
  const hourlyCols = poolSums.join(", ");
  // One read of the fuel records (one index scan and one window for the hours), kept for the statement
  // (`materialized`), feeds fuel_daily, fuel_voyage_daily and the fuel half of trim_hourly: each of the
  // three used to read and window the ship's records on its own.
  await db.execute(sql`
    with r as materialized (
      select org_id, ship_id, voyage_id, consumer, fuel_type, h, (ts at time zone 'UTC')::date as day,
        ${sql.raw(HOUR_OF_TS)} as hour, ${sql.raw(FUEL_RECORD_COLUMNS.join(", "))}
      from ${fuelRecordsWithHours(orgId, ships, tsFrom, tsTo)} f
    ),
    daily as (
      insert into fuel_daily (org_id, ship_id, day, consumer, fuel_type, records, hours, hours_at_sea, fuel_t,
        fuel_t_with_energy, energy_kwh, load_pct_hours, load_hours, distance_nm, stw_kn_hours, stw_hours, co2_t,
        ${sql.raw(LOAD_BANDS.map(([col]) => col).join(", "))})
      select org_id, ship_id, day, consumer, fuel_type, ${FUEL_SUMS}
      from r
      group by org_id, ship_id, day, consumer, fuel_type
    ),
    voyage_daily as (
      insert into fuel_voyage_daily (org_id, ship_id, voyage_id, day, consumer, fuel_type, records, hours, fuel_t,
        distance_nm, co2_t)
      select org_id, ship_id, voyage_id, day, consumer, fuel_type, records, hours, fuel_t, distance_nm, co2_t
      from (
        select org_id, ship_id, voyage_id, day, consumer, fuel_type, ${FUEL_SUMS}
        from r
        where voyage_id is not null
        group by org_id, ship_id, voyage_id, day, consumer, fuel_type
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
      insert into fuel_voyage (org_id, ship_id, voyage_id, consumer, fuel_type, records, hours, fuel_t, distance_nm, co2_t)
      select org_id, ship_id, voyage_id, consumer, fuel_type, sum(records), sum(hours), sum(fuel_t), sum(distance_nm),
        sum(co2_t)
      from fuel_voyage_daily where ${these}
      group by 1, 2, 3, 4, 5`);
  }
  const names = SERIES_SUM_COLUMNS.flatMap(([name]) => [`${name}_sum`, `${name}_n`]).join(", ");
  await db.execute(sql`
    insert into series_daily (org_id, ship_id, day, ${sql.raw(names)})
    select org_id, ship_id, t::date, ${sql.raw(names)}
    from ${seriesBucketsFromRaw(orgId, ships, tsFrom, tsTo, "(ts at time zone 'UTC')::date")} s`);
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
}
