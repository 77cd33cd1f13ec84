/**
 * The sums the compliance figures read (CII history and pattern, EU scope of the year's fuel), all over both
 * consumers (CII, DCS, MRV, ETS and FuelEU count every fuel burnt on board): per calendar year and per UTC day
 * from the daily rollups, and the fuel not linked to any voyage (port stays) per day.
 */
import { sql } from "drizzle-orm";
import type { CiiYearDay, FuelOfType } from "../../domain/cii/cii-year-to-date";
import type { Db } from "../db/client";

/**
 * Per UTC day over [from, to): the ship's distance and hours (per day the consumers' largest, fuel-rows.ts
 * `perBucket`), fuel per type summed.
 */
export async function daySums(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
): Promise<CiiYearDay[]> {
  return (await daySumsWithDerivedDistance(db, orgId, shipId, from, to)).days;
}

/**
 * `daySums`, and the days' distance derived from speed over ground (per day the consumers' largest, as
 * `perBucket`) summed: with the days' distance, the whole days' part of `fuelTotals`' distance sums.
 */
export async function daySumsWithDerivedDistance(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
): Promise<{ days: CiiYearDay[]; distanceDerivedNm: number }> {
  // only the columns these figures need, from the daily rollup (the same sums `perBucket` takes: time and
  // distance the largest consumer's, speed-hours and fuel summed)
  const res = await db.execute(sql`with d as (
      select day, consumer, fuel_type, fuel_t, distance_nm, distance_derived_nm, hours, hours_at_sea,
        stw_kn_hours, stw_hours
      from fuel_daily where org_id = ${orgId} and ship_id = ${shipId}
        and day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date
        and day < (${to.toISOString()}::timestamptz at time zone 'UTC')::date),
    s as (select day, max(nm)::float8 as nm, max(dnm)::float8 as dnm, max(hs)::float8 as hs, max(h)::float8 as h,
        sum(skh)::float8 as skh, sum(sh)::float8 as sh
      from (select day, consumer, sum(distance_nm) as nm, sum(distance_derived_nm) as dnm,
          sum(hours_at_sea) as hs, sum(hours) as h, sum(stw_kn_hours) as skh, sum(stw_hours) as sh
        from d group by 1, 2) c group by 1),
    f as (select day, json_agg(json_build_array(fuel_type, fuel_t)) as fuel
      from (select day, fuel_type, sum(fuel_t)::float8 as fuel_t from d group by 1, 2) x group by 1)
    select to_char(s.day, 'YYYY-MM-DD') as k, s.nm, s.dnm, s.hs, s.h, s.skh, s.sh, f.fuel
    from s left join f using (day) order by s.day`);
  const rows = res.rows as {
    k: string;
    nm: number;
    dnm: number;
    hs: number;
    h: number;
    skh: number;
    sh: number;
    fuel: [string, number][] | null;
  }[];
  const days = rows.map((r) => ({
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
  return { days, distanceDerivedNm: rows.reduce((sum, r) => sum + Number(r.dnm), 0) };
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
 * voyage that arrived last before the day's end (null when none had): the port the ship lay in.
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
  const [unlinked, arrivals] = await Promise.all([
    db.execute(sql`with d as (
        select day, fuel_type, sum(fuel_t) as fuel_t from fuel_daily
        where org_id = ${orgId} and ship_id = ${shipId} and ${days} group by 1, 2),
      v as (
        select day, fuel_type, sum(fuel_t) as fuel_t from fuel_voyage_daily
        where org_id = ${orgId} and ship_id = ${shipId} and ${days} group by 1, 2)
      select extract(epoch from d.day::timestamp)::float8 as day, d.fuel_type, (d.fuel_t - coalesce(v.fuel_t, 0))::float8 as fuel_t
      from d left join v using (day, fuel_type) where d.fuel_t - coalesce(v.fuel_t, 0) > 1e-9
      order by day, fuel_type`),
    // the voyages arrived in the span, and the last one before it
    db.execute(sql`select id, voyage_number, destination, extract(epoch from arrival_date)::float8 as arrived
      from voyages where org_id = ${orgId} and ship_id = ${shipId} and arrival_date < ${to.toISOString()}::timestamptz
        and arrival_date >= coalesce((select max(arrival_date) from voyages where org_id = ${orgId}
          and ship_id = ${shipId} and arrival_date <= ${from.toISOString()}::timestamptz), '-infinity')
      order by arrival_date`),
  ]);
  const voyages = arrivals.rows as {
    id: number;
    voyage_number: string;
    destination: string;
    arrived: number;
  }[];
  const groups = new Map<number | null, Map<string, number>>();
  for (const r of unlinked.rows as { day: number; fuel_type: string; fuel_t: number }[]) {
    // the last arrival before the day's end (binary search over the arrivals in time order)
    const dayEnd = Number(r.day) + 86_400;
    let lo = 0;
    let hi = voyages.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (Number(voyages[mid]!.arrived) <= dayEnd) lo = mid + 1;
      else hi = mid;
    }
    const key = lo === 0 ? null : Number(voyages[lo - 1]!.id);
    const g = groups.get(key) ?? new Map<string, number>();
    g.set(r.fuel_type, (g.get(r.fuel_type) ?? 0) + Number(r.fuel_t));
    groups.set(key, g);
  }
  const byId = new Map(voyages.map((v) => [Number(v.id), v]));
  // In time order (the stay before the first voyage first), whatever order the records were written in.
  const arrivedAt = (id: number | null) => (id === null ? -Infinity : Number(byId.get(id)!.arrived));
  const ordered = [...groups.entries()].sort(([a], [b]) => arrivedAt(a) - arrivedAt(b));
  return ordered.map(([id, fuel]) => ({
    lastVoyageId: id,
    voyageNumber: id === null ? null : byId.get(id)!.voyage_number,
    port: id === null ? null : byId.get(id)!.destination,
    fuel: [...fuel.entries()].map(([fuelType, fuelT]) => ({ fuelType, fuelT })),
  }));
}

/**
 * Per calendar year over [from, to) whole UTC days, from `fuel_daily`: fuel per type and the ship's distance
 * (per day the largest of the consumers', as `perBucket`), reading only those columns (the CII history over
 * many years stays fast): the same sums as `daySums` added up per year.
 */
export async function yearFuelAndDistance(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
): Promise<Pick<CiiYearDay, "key" | "fuel" | "distanceNm">[]> {
  const res = await db.execute(sql`with d as (
      select day, consumer, fuel_type, fuel_t, distance_nm from fuel_daily
      where org_id = ${orgId} and ship_id = ${shipId}
        and day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date
        and day < (${to.toISOString()}::timestamptz at time zone 'UTC')::date),
    n as (select to_char(day, 'YYYY') as k, sum(nm)::float8 as nm from (
        select day, max(nm) as nm from (select day, consumer, sum(distance_nm) as nm from d group by 1, 2) a
        group by 1) b group by 1),
    f as (select k, json_agg(json_build_array(fuel_type, t)) as fuel from (
        select to_char(day, 'YYYY') as k, fuel_type, sum(fuel_t)::float8 as t from d group by 1, 2) c group by 1)
    select n.k, n.nm, f.fuel from n left join f using (k) order by n.k`);
  return (res.rows as { k: string; nm: number; fuel: [string, number][] | null }[]).map((r) => ({
    key: r.k,
    fuel: (r.fuel ?? [])
      .filter(([, t]) => t > 0)
      .map(([fuelType, fuelT]) => ({ fuelType, fuelT: Number(fuelT) })),
    distanceNm: Number(r.nm),
  }));
}
