/**
 * The per-record rules of domain/records/record-arithmetic.ts as SQL, for sums the database computes over
 * millions of records (raw ranges and the daily rollups). Generated from the domain's constants and tested
 * equal to its functions on a table of cases (fuel-record-sql.test.ts): hours covered, fuel = rate · h / 24,
 * energy = P · h, at sea above AT_SEA_MIN_SPEED_KN by speed through water, else over ground (AT_SEA_SQL), and
 * the load histogram of domain/engine/load-bands.ts.
 */

import { type SQL, sql } from "drizzle-orm";
import { LOAD_HISTOGRAM, type LoadHistogramBin } from "../../domain/engine/load-bands";
import {
  AT_SEA_MIN_SPEED_KN,
  AT_SEA_MIN_STW_KN,
  MAX_RECORD_HOURS,
} from "../../domain/records/record-arithmetic";
import { notFromExcludedReport } from "./flagged-reports-sql";

/**
 * Whether a speed-through-water column says sailing by the log (domain `isAtSea` with a speed through water):
 * for the analyses that need the log's speed (trim, weather), not for time at sea (AT_SEA_SQL).
 */
export const atSeaSql = (stw: string) => `${stw} > ${AT_SEA_MIN_STW_KN}`;

/**
 * Whether a fuel record with hours `h` was at sea (domain `isAtSea`/`atSeaSpeed`): its speed through water,
 * else its speed over ground, else its distance ÷ its hours, above AT_SEA_MIN_SPEED_KN (null, not at sea,
 * when none is known).
 */
export const AT_SEA_SQL = `coalesce(speed_through_water, speed_over_ground, distance_nm / nullif(h, 0)) > ${AT_SEA_MIN_SPEED_KN}`;
/** At sea by speed over ground or distance ÷ hours: a record at sea with no speed through water. */
export const AT_SEA_OVER_GROUND_SQL = `speed_through_water is null and ${AT_SEA_SQL}`;

/**
 * The previous instant of the same ship and consumer before a fuel record (a window expression over
 * `fuel_data`). An instant may hold several records, one per fuel grade (the key has the fuel type): each of
 * them follows the previous *instant*, not its sibling at the same time (`lag` would give the second 0 h).
 */
const PREVIOUS_INSTANT_SQL =
  "max(ts) over (partition by ship_id, consumer order by ts range between unbounded preceding and interval '1 microsecond' preceding)";

/**
 * Hours a fuel record covers (domain `recordHours`): `period_hours`, else the gap to the previous instant of
 * the same ship and consumer capped at MAX_RECORD_HOURS, else 0. A window expression over `fuel_data`.
 */
export const RECORD_HOURS_SQL = `coalesce(period_hours,
  -- least() ignores nulls, so the series' first record (no previous instant) must stay null explicitly
  nullif(least(coalesce(extract(epoch from ts - ${PREVIOUS_INSTANT_SQL}) / 3600, -1), ${MAX_RECORD_HOURS}), -1),
  0)`;

/** Fuel burnt by a record with hours `h`, t (domain `fuelTonnesOver`; a missing rate burns nothing). */
export const FUEL_T_SQL = "coalesce(fuel_consumption_rate, 0) * h / 24";
/** Energy of a record with hours `h`, kWh (domain `energyKwhOver`). */
export const ENERGY_KWH_SQL = "coalesce(engine_power, 0) * h";
/** Distance of a record with hours `h`, nm (domain `recordDistanceNm`): reported, else SOG × h, else 0. */
export const DISTANCE_NM_SQL = "coalesce(distance_nm, speed_over_ground * h, 0)";
/** The part of DISTANCE_NM_SQL derived from SOG × h, nm (domain `recordDistanceNm`'s `derived`). */
export const DISTANCE_DERIVED_NM_SQL =
  "case when distance_nm is null then coalesce(speed_over_ground * h, 0) else 0 end";

/**
 * Fuel records of `ships` with ts in [from, to), each with `h` (RECORD_HOURS_SQL). Reads one day more
 * before `from`, so that the first record of the span knows its predecessor (a gap is capped at one day).
 * A record of the span with no predecessor in that day may still have an older one: its gap is then more
 * than a day and it covers MAX_RECORD_HOURS, exactly as over a longer window (one index probe per ship and
 * consumer, only for such records). So the hours, and every sum and rollup of them, do not depend on the
 * window they were computed over (an upload's days or a recompute of the whole history).
 * Records of an excluded noon report (flagged-reports-sql.ts) are dropped after the hours are computed, so
 * the next record's hours do not grow over the gap they leave.
 * `offset 0` keeps the subquery from being flattened into its reader: flattened, every use of `h` in the sums
 * (17 in FUEL_SUMS_SQL) inlined the whole expression with its own sub-plan, which PostgreSQL planned 17 times
 * and evaluated per use (measured: the dashboard's statements 22 → 15 ms of planning and execution, decision 045).
 */
export function fuelRecordsWithHours(orgId: number, ships: SQL, from: SQL, to: SQL, extraWhere = sql``): SQL {
  return sql`(
    select w.*, case when not w.h_unknown then w.h_window
      when exists (
        select 1 from fuel_data p
        where p.org_id = w.org_id and p.ship_id = w.ship_id and p.consumer = w.consumer and p.ts < w.ts
      ) then ${sql.raw(String(MAX_RECORD_HOURS))}::float8 else w.h_window end as h
    from (
      select f.*, ${sql.raw(RECORD_HOURS_SQL)} as h_window,
        (period_hours is null and ${sql.raw(PREVIOUS_INSTANT_SQL)} is null) as h_unknown
      from fuel_data f
      where org_id = ${orgId} and ship_id in (${ships}) ${extraWhere}
        and ts >= ${from} - interval '${sql.raw(String(MAX_RECORD_HOURS))} hours' and ts < ${to}
    ) w where ts >= ${from} and ${sql.raw(notFromExcludedReport("w"))} offset 0)`;
}

/** The condition of a load histogram bin on `engine_load_factor` (domain `inLoadBin`). */
export function loadBinSql(bin: LoadHistogramBin, load = "engine_load_factor"): string {
  const parts = [`${load} is not null`];
  if (bin.fromPercent !== null) parts.push(`${load} ${bin.includesFrom ? ">=" : ">"} ${bin.fromPercent}`);
  if (bin.toPercent !== null) parts.push(`${load} ${bin.includesTo ? "<=" : "<"} ${bin.toPercent}`);
  return parts.join(" and ");
}

/** Column of `fuel_daily` holding the hours of a histogram bin: `load_h_<from>` (`load_h_0` for the first). */
export const LOAD_BAND_COLUMNS = LOAD_HISTOGRAM.map((b) => `load_h_${b.fromPercent ?? 0}`);

/** The value columns of `fuel_data` that FUEL_SUMS_SQL reads. */
export const FUEL_RECORD_COLUMNS = [
  "speed_through_water",
  "fuel_consumption_rate",
  "engine_power",
  "engine_load_factor",
  "distance_nm",
  "speed_over_ground",
  "sfoc",
  "co2_emissions",
] as const;

/** The fuel sums (columns of `fuel_daily`: domain FuelSums less the LCV sums, and the load histogram) over records with hours `h`. */
export const FUEL_SUMS_SQL = sql.raw(`
      count(*)::int as records,
      sum(h) as hours,
      sum(case when ${AT_SEA_SQL} then h else 0 end) as hours_at_sea,
      sum(case when ${AT_SEA_OVER_GROUND_SQL} then h else 0 end) as hours_at_sea_over_ground,
      sum(${FUEL_T_SQL}) as fuel_t,
      sum(case when engine_power is not null then ${FUEL_T_SQL} else 0 end) as fuel_t_with_energy,
      sum(case when fuel_consumption_rate is not null then ${ENERGY_KWH_SQL} else 0 end) as energy_kwh,
      sum(coalesce(engine_load_factor, 0) * h) as load_pct_hours,
      sum(case when engine_load_factor is not null then h else 0 end) as load_hours,
      sum(${DISTANCE_NM_SQL}) as distance_nm,
      sum(${DISTANCE_DERIVED_NM_SQL}) as distance_derived_nm,
      sum(coalesce(speed_through_water, 0) * h) as stw_kn_hours,
      sum(case when speed_through_water is not null then h else 0 end) as stw_hours,
      sum(coalesce(co2_emissions, 0) * h / 24) as co2_t,
      sum(case when sfoc is not null and engine_power is not null then sfoc * ${ENERGY_KWH_SQL} / 1e6 else 0 end) as reported_sfoc_fuel_t,
      sum(case when sfoc is not null and engine_power is not null then ${ENERGY_KWH_SQL} else 0 end) as reported_sfoc_energy_kwh,
      ${LOAD_HISTOGRAM.map((bin, i) => `sum(case when ${loadBinSql(bin)} then h else 0 end) as ${LOAD_BAND_COLUMNS[i]}`).join(",\n      ")}`);
