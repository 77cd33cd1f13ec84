/**
 * Keeps `fuel_daily` up to date: recomputes the rollup rows of the UTC days a write touched, from the raw
 * `fuel_data` rows, in the caller's transaction. Call it after every write to fuel data (forms, uploads,
 * simulator loads) with the ships and the time span written.
 *
 * Per record: hours covered = `period_hours` when given, else the gap to the ship's previous record of the
 * same consumer, capped at 24 h (a gap longer than a day is missing data, not a day-long record); the first
 * record of a series covers 24 h only when `period_hours` says so, else nothing. Fuel burnt = rate (t/day) ×
 * hours / 24; energy = power (kW) × hours; CO2 = `co2_emissions` (t/day) × hours / 24.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** A connection or transaction: anything with Drizzle's `execute`. */
type Executor = Pick<Db, "execute">;

/** The record that starts a series has no gap to measure; with no `period_hours` it covers no time. */
export const MAX_RECORD_HOURS = 24;
/** Speed through water above which the ship counts as at sea (kn). */
export const AT_SEA_MIN_STW_KN = 1;

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
  await db.execute(sql`
    delete from fuel_daily
    where org_id = ${orgId} and ship_id in (${ships})
      and day >= ${dayFrom}::date and day < ${dayTo}::date`);
  await db.execute(sql`
    insert into fuel_daily (org_id, ship_id, day, consumer, fuel_type, records, hours, hours_at_sea, fuel_t,
      fuel_t_with_energy, energy_kwh, load_pct_hours, load_hours, distance_nm, stw_kn_hours, stw_hours, co2_t)
    select org_id, ship_id, (ts at time zone 'UTC')::date as day, consumer, fuel_type,
      count(*)::int,
      sum(h),
      sum(case when speed_through_water > ${AT_SEA_MIN_STW_KN} then h else 0 end),
      sum(coalesce(fuel_consumption_rate, 0) * h / 24),
      sum(case when engine_power is not null then coalesce(fuel_consumption_rate, 0) * h / 24 else 0 end),
      sum(case when fuel_consumption_rate is not null then coalesce(engine_power, 0) * h else 0 end),
      sum(coalesce(engine_load_factor, 0) * h),
      sum(case when engine_load_factor is not null then h else 0 end),
      sum(coalesce(distance_nm, 0)),
      sum(coalesce(speed_through_water, 0) * h),
      sum(case when speed_through_water is not null then h else 0 end),
      sum(coalesce(co2_emissions, 0) * h / 24)
    from (
      select f.*,
        coalesce(period_hours,
          -- least() ignores nulls, so the series' first record (no lag) must stay null explicitly
          nullif(least(coalesce(extract(epoch from ts - lag(ts) over (partition by ship_id, consumer order by ts)) / 3600, -1), ${MAX_RECORD_HOURS}), -1),
          0) as h
      from fuel_data f
      where org_id = ${orgId} and ship_id in (${ships})
        -- one day earlier, so that the first record of the range knows its predecessor
        and ts >= ${dayFrom} at time zone 'UTC' - interval '1 day' and ts < ${dayTo} at time zone 'UTC'
    ) r
    where ts >= ${dayFrom} at time zone 'UTC'
    group by org_id, ship_id, day, consumer, fuel_type`);
}
