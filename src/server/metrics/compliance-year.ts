/**
 * The sums the compliance figures read (CII history and pattern, EU scope of the year's fuel), all over both
 * consumers (CII, DCS, MRV, ETS and FuelEU count every fuel burnt on board): per calendar year and per UTC day
 * from the daily rollups, and the fuel not linked to any voyage (port stays) per day.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fuelRows, perBucket } from "./fuel-rows";
import type { Span } from "./span";

const ALL = ["main", "auxiliary"] as const;

export type FuelOfType = { fuelType: string; fuelT: number };

/** One calendar year or day: fuel per type (t), distance (nm, the ship's) and hours (h) underway at sea. */
export type PeriodSums = {
  key: string;
  fuel: FuelOfType[];
  distanceNm: number;
  hoursAtSea: number;
  stwKnHours: number;
  stwHours: number;
  hours: number;
};

/**
 * Per `unit` ('year' or 'day') over [from, to) whole UTC days: the ship's distance and hours summed per day
 * over the consumers' largest (fuel-rows.ts `perBucket`), fuel per type summed.
 */
export async function periodSums(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
  unit: "year" | "day",
): Promise<PeriodSums[]> {
  const span: Span = { from, to, resolution: "daily", consumers: ALL };
  const key =
    unit === "year"
      ? sql.raw(`to_char(t at time zone 'UTC', 'YYYY')`)
      : sql.raw(`to_char(t at time zone 'UTC', 'YYYY-MM-DD')`);
  const res = await db.execute(sql`with rows as ${fuelRows(orgId, shipId, span)},
    s as (select ${key} as k, sum(distance_nm)::float8 as nm, sum(hours_at_sea)::float8 as hs, sum(hours)::float8 as h,
        sum(stw_kn_hours)::float8 as skh, sum(stw_hours)::float8 as sh
      from ${perBucket(sql`rows`)} b group by 1),
    f as (select ${key} as k, json_agg(json_build_array(fuel_type, fuel_t)) as fuel
      from (select t, fuel_type, sum(fuel_t)::float8 as fuel_t from rows group by 1, 2) x group by 1)
    select s.k, s.nm, s.hs, s.h, s.skh, s.sh, f.fuel from s left join f using (k) order by s.k`);
  return (
    res.rows as {
      k: string;
      nm: number;
      hs: number;
      h: number;
      skh: number;
      sh: number;
      fuel: [string, number][] | null;
    }[]
  ).map((r) => ({
    key: r.k,
    fuel: (r.fuel ?? [])
      .filter(([, t]) => t > 0)
      .map(([fuelType, fuelT]) => ({ fuelType, fuelT: Number(fuelT) })),
    distanceNm: Number(r.nm),
    hoursAtSea: Number(r.hs),
    hours: Number(r.h),
    stwKnHours: Number(r.skh),
    stwHours: Number(r.sh),
  }));
}

/** A voyage of the ship with fuel on the days [from, to): its ports, scope override and that fuel per type. */
export type ScopeVoyage = {
  id: number;
  voyageNumber: string;
  origin: string;
  destination: string;
  override: string | null;
  departedAt: Date;
  arrivedAt: Date | null;
  cargoTonnes: number | null;
  /** nm on those days: the largest of the consumers' sums (distance is the ship's). */
  distanceNm: number;
  fuel: FuelOfType[];
};

/** Voyages with fuel on the UTC days [from, to) (fuel_voyage_daily), in departure order. */
export async function voyagesWithFuel(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
): Promise<ScopeVoyage[]> {
  const res = await db.execute(sql`with r as (
      select voyage_id, consumer, fuel_type, fuel_t, distance_nm from fuel_voyage_daily
      where org_id = ${orgId} and ship_id = ${shipId}
        and day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date
        and day < (${to.toISOString()}::timestamptz at time zone 'UTC')::date)
    select v.id, v.voyage_number, v.origin, v.destination, v.eu_scope_override,
      v.departure_date, v.arrival_date, v.cargo_tonnes, f.fuel, n.nm
    from voyages v join (
      select voyage_id, json_agg(json_build_array(fuel_type, fuel_t)) as fuel from (
        select voyage_id, fuel_type, sum(fuel_t)::float8 as fuel_t from r group by 1, 2) x group by 1) f
      on f.voyage_id = v.id
    join (select voyage_id, max(nm)::float8 as nm from (
        select voyage_id, consumer, sum(distance_nm) as nm from r group by 1, 2) y group by 1) n
      on n.voyage_id = v.id
    where v.org_id = ${orgId} and v.ship_id = ${shipId}
    order by v.departure_date`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    voyageNumber: String(r.voyage_number),
    origin: String(r.origin),
    destination: String(r.destination),
    override: (r.eu_scope_override as string | null) ?? null,
    departedAt: new Date(r.departure_date as string),
    arrivedAt: r.arrival_date == null ? null : new Date(r.arrival_date as string),
    cargoTonnes: r.cargo_tonnes == null ? null : Number(r.cargo_tonnes),
    distanceNm: Number(r.nm ?? 0),
    fuel: ((r.fuel as [string, number][]) ?? []).map(([fuelType, fuelT]) => ({
      fuelType,
      fuelT: Number(fuelT),
    })),
  }));
}

/**
 * Fuel on [from, to) whole UTC days not linked to any voyage (port stays, idle days), per type, grouped by the
 * voyage that arrived last before the day (null when none had): the port the ship lay in.
 */
export async function unlinkedFuelByLastArrival(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
): Promise<
  { lastVoyageId: number | null; voyageNumber: string | null; port: string | null; fuel: FuelOfType[] }[]
> {
  const days = sql`day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date
    and day < (${to.toISOString()}::timestamptz at time zone 'UTC')::date`;
  const res = await db.execute(sql`with d as (
      select day, fuel_type, sum(fuel_t) as fuel_t from fuel_daily
      where org_id = ${orgId} and ship_id = ${shipId} and ${days} group by 1, 2),
    v as (
      select day, fuel_type, sum(fuel_t) as fuel_t from fuel_voyage_daily
      where org_id = ${orgId} and ship_id = ${shipId} and ${days} group by 1, 2),
    u as (select d.day, d.fuel_type, d.fuel_t - coalesce(v.fuel_t, 0) as fuel_t
      from d left join v using (day, fuel_type) where d.fuel_t - coalesce(v.fuel_t, 0) > 1e-9),
    a as (select u.*, (select id from voyages w where w.org_id = ${orgId} and w.ship_id = ${shipId}
        and w.arrival_date <= (u.day::timestamp at time zone 'UTC') + interval '1 day'
        order by w.arrival_date desc limit 1) as last_id from u)
    select x.last_id, w.voyage_number, w.destination, json_agg(json_build_array(fuel_type, fuel_t)) as fuel from (
      select last_id, fuel_type, sum(fuel_t)::float8 as fuel_t from a group by 1, 2) x
      left join voyages w on w.org_id = ${orgId} and w.id = x.last_id
    group by 1, 2, 3 order by 1 nulls first`);
  return (
    res.rows as {
      last_id: number | null;
      voyage_number: string | null;
      destination: string | null;
      fuel: [string, number][];
    }[]
  ).map((r) => ({
    lastVoyageId: r.last_id === null ? null : Number(r.last_id),
    voyageNumber: r.voyage_number,
    port: r.destination,
    fuel: r.fuel.map(([fuelType, fuelT]) => ({ fuelType, fuelT: Number(fuelT) })),
  }));
}
