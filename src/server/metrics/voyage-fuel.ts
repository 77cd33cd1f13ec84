/** Voyages of the ship that overlap the range (or the selected voyage), with their fuel from `fuel_voyage_daily`. */
import { sql } from "drizzle-orm";
import { type FuelType, parseFuelType } from "../../domain/fuels/fuel-types";
import type { Db } from "../db/client";
import type { Consumer } from "./span";

export type RangeVoyage = {
  id: number;
  voyageNumber: string;
  departedAt: Date;
  arrivedAt: Date | null;
  cargoTonnes: number | null;
  /**
   * Fuel of the records linked to the voyage (selected consumers), t, per fuel type and, with `splitAt`, per
   * span of days between those dates (`day`: the span's first day with fuel), else for the whole voyage
   * (`day` '').
   */
  fuel: { day: string; fuelType: FuelType; fuelT: number }[];
  /** nm: the largest of the consumers' summed distances (distance is carried once, by the main engine's records). */
  distanceNm: number;
  /** nm of `distanceNm` derived from speed over ground × hours (largest of the consumers', as `distanceNm`). */
  distanceDerivedNm: number;
};

/**
 * Voyages in departure order. Figures are the whole voyage's (records linked to it), not clipped to the range.
 * `splitAt`: UTC dates ('YYYY-MM-DD') that split each voyage's fuel into spans (the days a price changes:
 * within a span every day has the same prices, so one entry prices them all); null for the whole voyage.
 */
export async function voyagesInRange(
  db: Db,
  orgId: number,
  shipId: number,
  range: { from: Date; to: Date; voyageId: number | null; consumers: readonly Consumer[] },
  now: Date,
  splitAt: readonly string[] | null,
): Promise<RangeVoyage[]> {
  const consumers = sql.join(
    range.consumers.map((c) => sql`${c}`),
    sql`, `,
  );
  const which =
    range.voyageId !== null
      ? sql`v.id = ${range.voyageId}`
      : sql`v.departure_date < ${range.to.toISOString()}::timestamptz
          and coalesce(v.arrival_date, ${now.toISOString()}::timestamptz) > ${range.from.toISOString()}::timestamptz`;
  // one grouped read: the voyages with, from the rollups (per day, or whole voyages: `fuel_voyage`), their
  // fuel per (span and) fuel type of the selected consumers and their distance (largest of the consumers'
  // sums over all consumers)
  const dates = [...new Set(splitAt ?? [])].sort();
  const span =
    dates.length > 0
      ? sql`, width_bucket(day, array[${sql.join(
          dates.map((d) => sql`${d}::date`),
          sql`, `,
        )}])`
      : sql``;
  const res = await db.execute(sql`with v as (
      select id, voyage_number, departure_date, arrival_date, cargo_tonnes from voyages v
      where v.org_id = ${orgId} and v.ship_id = ${shipId} and ${which}),
    r as (${
      splitAt
        ? sql`select voyage_id, consumer, min(day)::text as d, fuel_type, sum(fuel_t) as fuel_t, sum(distance_nm) as nm,
            sum(distance_derived_nm) as dnm
          from fuel_voyage_daily
          where org_id = ${orgId} and ship_id = ${shipId} and voyage_id in (select id from v)
          group by voyage_id, consumer, fuel_type${span}`
        : sql`select voyage_id, consumer, '' as d, fuel_type, fuel_t, distance_nm as nm,
            distance_derived_nm as dnm
          from fuel_voyage
          where org_id = ${orgId} and ship_id = ${shipId} and voyage_id in (select id from v)`
    }),
    f as (
      select voyage_id, json_agg(json_build_array(d, fuel_type, fuel_t)) as fuel from (
        select voyage_id, d, fuel_type, sum(fuel_t) as fuel_t from r where consumer in (${consumers})
        group by 1, 2, 3) x group by 1),
    n as (select voyage_id, max(nm) as nm, max(dnm) as dnm
      from (select voyage_id, consumer, sum(nm) as nm, sum(dnm) as dnm from r group by 1, 2) y group by 1)
    select json_build_object(
      't', coalesce(json_agg(extract(epoch from departure_date)::float8 order by departure_date), '[]'),
      'id', coalesce(json_agg(id order by departure_date), '[]'),
      'number', coalesce(json_agg(voyage_number order by departure_date), '[]'),
      'arrival', coalesce(json_agg(extract(epoch from arrival_date)::float8 order by departure_date), '[]'),
      'cargo', coalesce(json_agg(cargo_tonnes order by departure_date), '[]'),
      'fuel', coalesce(json_agg(f.fuel order by departure_date), '[]'),
      'nm', coalesce(json_agg(n.nm order by departure_date), '[]'),
      'dnm', coalesce(json_agg(n.dnm order by departure_date), '[]')) as c
    from v left join f on f.voyage_id = v.id left join n on n.voyage_id = v.id`);
  const c = (
    res.rows[0] as {
      c: {
        t: number[];
        id: number[];
        number: string[];
        arrival: (number | null)[];
        cargo: (number | null)[];
        fuel: ([string, string, number][] | null)[];
        nm: (number | null)[];
        dnm: (number | null)[];
      };
    }
  ).c;
  return c.t.map((t, i) => ({
    id: c.id[i]!,
    voyageNumber: c.number[i]!,
    departedAt: new Date(t * 1000),
    arrivedAt: c.arrival[i] == null ? null : new Date(c.arrival[i]! * 1000),
    cargoTonnes: c.cargo[i] ?? null,
    fuel: (c.fuel[i] ?? []).map(([d, fuelType, fuelT]) => ({
      day: d,
      fuelType: parseFuelType(fuelType),
      fuelT,
    })),
    distanceNm: Number(c.nm[i] ?? 0),
    distanceDerivedNm: Number(c.dnm[i] ?? 0),
  }));
}
