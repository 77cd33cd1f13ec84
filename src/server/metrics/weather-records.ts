/**
 * The weather analysis' records: each main-engine fuel record at sea joined to the environmental record of
 * the same ship and time (the product stores both per report), in the domain's `WeatherRecord` shape. Long
 * ranges are thinned evenly in time to at most `limit` records so that a call stays bounded; the answer
 * says how many there were.
 */
import { sql } from "drizzle-orm";
import type { WeatherRecord } from "../../domain/hull/weather-penalty";
import type { Db } from "../db/client";
import { atSeaSql, FUEL_T_SQL, fuelRecordsWithHours } from "./fuel-record-sql";
import type { Span } from "./span";
import { tsParam } from "./sql-values";

/** At most this many records are judged per call (evenly spaced in time over the range). */
export const WEATHER_RECORDS_LIMIT = 20_000;

export type WeatherRecords = { records: WeatherRecord[]; total: number };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The range's joined records (see the module comment), oldest first. */
export async function weatherRecords(
  db: Db,
  orgId: number,
  shipId: number,
  span: Pick<Span, "from" | "to">,
  limit = WEATHER_RECORDS_LIMIT,
): Promise<WeatherRecords> {
  const f = fuelRecordsWithHours(
    orgId,
    sql`${shipId}`,
    tsParam(span.from),
    tsParam(span.to),
    sql`and consumer = 'main'`,
  );
  const res = await db.execute(sql`
    with j as (
      select f.h as hours, ${sql.raw(FUEL_T_SQL)} as fuel_t, f.engine_power as power_kw,
        f.speed_through_water as stw_kn, e.wind_speed, e.wind_direction, e.wave_height, e.sea_state, e.heading,
        row_number() over (order by f.ts) as i, count(*) over () as n
      from ${f} f
      join environmental_data e on e.org_id = f.org_id and e.ship_id = f.ship_id and e.ts = f.ts
      where ${sql.raw(atSeaSql("f.speed_through_water"))} and f.engine_power > 0
    )
    select hours, fuel_t, power_kw, stw_kn, wind_speed, wind_direction, wave_height, sea_state, heading, n
    from j where n <= ${limit} or (i - 1) % ceil(n::float8 / ${limit})::int = 0
    order by i`);
  const rows = res.rows as Record<string, unknown>[];
  return {
    total: rows.length > 0 ? Number(rows[0]!.n) : 0,
    records: rows.map((r) => ({
      hours: Number(r.hours),
      fuelT: Number(r.fuel_t),
      powerKw: Number(r.power_kw),
      stwKn: Number(r.stw_kn),
      windSpeedKn: num(r.wind_speed),
      windDirectionDeg: num(r.wind_direction),
      waveHeightM: num(r.wave_height),
      seaState: num(r.sea_state),
      headingDeg: num(r.heading),
    })),
  };
}
