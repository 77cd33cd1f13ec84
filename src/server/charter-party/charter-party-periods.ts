/**
 * The periods of a voyage a charter-party performance is judged on, read from the stored records: the noon
 * reports of the voyage's time (each joined to the weather and main-engine power of its instant) when it has
 * at least two, else days of sensor records (fuel of the warranted consumers per instant, the main engine's
 * speeds and power, the weather of the instant).
 */
import { sql } from "drizzle-orm";
import type { CpNoonReport, CpSensorRecord, SeaDay } from "../../domain/charter-party/sea-days";
import { noonReportDays, sensorDays } from "../../domain/charter-party/sea-days";
import type { ReportEvent } from "../../domain/noon-reports/events";
import type { Db } from "../db/client";
import { RECORD_HOURS_SQL } from "../metrics/fuel-record-sql";
import { sqlList, tsParam } from "../metrics/sql-values";

export type CpBasis = "noon_reports" | "sensor_days";
type Consumer = "main" | "auxiliary" | "boiler";

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

async function noonReports(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
  consumers: readonly Consumer[],
): Promise<CpNoonReport[]> {
  const res = await db.execute(sql`
    select n.ts, n.event, n.period_hours, n.steaming_hours, n.distance_over_ground_nm,
      n.distance_through_water_nm, n.fuel, e.wind_speed, e.wind_direction, e.sea_state, e.wave_height, e.heading,
      (select avg(f.engine_power) from fuel_data f
        where f.org_id = n.org_id and f.ship_id = n.ship_id and f.consumer = 'main' and f.ts = n.ts) as power
    from noon_reports n
    left join environmental_data e on e.org_id = n.org_id and e.ship_id = n.ship_id and e.ts = n.ts
    where n.org_id = ${orgId} and n.ship_id = ${shipId} and n.ts >= ${tsParam(from)} and n.ts <= ${tsParam(to)}
    order by n.ts`);
  return (res.rows as Record<string, unknown>[]).map((r) => {
    const fuel = (r.fuel ?? {}) as Record<string, Record<string, number>>;
    const fuelByGrade: Record<string, number> = {};
    for (const c of consumers)
      for (const [grade, t] of Object.entries(fuel[c] ?? {}))
        fuelByGrade[grade] = (fuelByGrade[grade] ?? 0) + Math.max(0, Number(t) || 0);
    const fuelTonnes = Object.values(fuelByGrade).reduce((a, t) => a + t, 0);
    return {
      ts: new Date(r.ts as string).getTime(),
      event: r.event as ReportEvent,
      periodHours: num(r.period_hours),
      steamingHours: num(r.steaming_hours),
      distanceOverGroundNm: num(r.distance_over_ground_nm),
      distanceThroughWaterNm: num(r.distance_through_water_nm),
      fuelTonnes,
      fuelByGrade,
      windSpeedKn: num(r.wind_speed),
      windDirectionDeg: num(r.wind_direction),
      seaState: num(r.sea_state),
      waveHeightM: num(r.wave_height),
      headingDeg: num(r.heading),
      powerKw: num(r.power),
    };
  });
}

async function sensorRecords(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
  consumers: readonly Consumer[],
): Promise<CpSensorRecord[]> {
  const list = sqlList(consumers);
  const res = await db.execute(sql`
    with f as (
      select ts, consumer, fuel_grade, fuel_consumption_rate, distance_nm, speed_over_ground, speed_through_water,
        engine_power, ${sql.raw(RECORD_HOURS_SQL)} as h
      from fuel_data
      where org_id = ${orgId} and ship_id = ${shipId} and ts > ${tsParam(from)} and ts <= ${tsParam(to)}
        and (consumer = 'main' or consumer in (${list}))
    ), i as (
      select ts,
        max(h) filter (where consumer = 'main') as h,
        sum(coalesce(fuel_consumption_rate, 0) * h / 24) filter (where consumer in (${list})) as fuel_t,
        max(distance_nm) filter (where consumer = 'main') as distance_nm,
        max(speed_over_ground) filter (where consumer = 'main') as sog,
        max(speed_through_water) filter (where consumer = 'main') as stw,
        max(engine_power) filter (where consumer = 'main') as power
      from f group by ts
    ), g as (
      select ts, jsonb_object_agg(fuel_grade, t) as by_grade from (
        select ts, fuel_grade, sum(coalesce(fuel_consumption_rate, 0) * h / 24) as t
        from f where consumer in (${list}) group by ts, fuel_grade
      ) x group by ts
    )
    select i.*, g.by_grade, e.wind_speed, e.wind_direction, e.sea_state, e.wave_height, e.heading
    from i
    left join g on g.ts = i.ts
    left join environmental_data e on e.org_id = ${orgId} and e.ship_id = ${shipId} and e.ts = i.ts
    where i.h > 0
    order by i.ts`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    ts: new Date(r.ts as string).getTime(),
    hours: Number(r.h),
    fuelTonnes: Number(r.fuel_t ?? 0),
    fuelByGrade: Object.fromEntries(
      Object.entries((r.by_grade ?? {}) as Record<string, unknown>).map(([g, t]) => [g, Number(t)]),
    ),
    distanceNm: num(r.distance_nm),
    sogKn: num(r.sog),
    stwKn: num(r.stw),
    powerKw: num(r.power),
    windSpeedKn: num(r.wind_speed),
    windDirectionDeg: num(r.wind_direction),
    seaState: num(r.sea_state),
    waveHeightM: num(r.wave_height),
    headingDeg: num(r.heading),
  }));
}

/** The voyage's periods from `from` to `to`, and what they were read from. */
export async function voyagePeriods(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
  consumers: readonly Consumer[],
): Promise<{ basis: CpBasis; periods: SeaDay[] }> {
  const reports = await noonReports(db, orgId, shipId, from, to, consumers);
  if (reports.length >= 2) return { basis: "noon_reports", periods: noonReportDays(reports) };
  const records = await sensorRecords(db, orgId, shipId, from, to, consumers);
  return { basis: "sensor_days", periods: sensorDays(records) };
}
