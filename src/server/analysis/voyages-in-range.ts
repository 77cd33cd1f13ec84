/** Voyages of the ship that overlap the range (or the selected voyage), with their fuel from `fuel_voyage_daily`. */
import { sql } from "drizzle-orm";
import type { AnalysisContext } from "./context";
import { columnar } from "./queries";

export type RangeVoyage = {
  id: number;
  voyageNumber: string;
  departedAt: Date;
  arrivedAt: Date | null;
  cargoTonnes: number | null;
  /** Fuel per UTC day (or '' without `byDay`) and fuel type of the records linked to the voyage (selected consumers), t. */
  fuel: { day: string; fuelType: string; fuelT: number }[];
  /** nm: the largest of the consumers' summed distances (distance is carried once, by the main engine's records). */
  distanceNm: number;
};

/** Voyages in departure order. Figures are the whole voyage's (records linked to it), not clipped to the range. */
export async function voyagesInRange(ctx: AnalysisContext, byDay = true): Promise<RangeVoyage[]> {
  const { db, orgId, ship, range } = ctx;
  const consumers = sql.join(
    range.consumers.map((c) => sql`${c}`),
    sql`, `,
  );
  const which =
    range.voyageId !== null
      ? sql`v.id = ${range.voyageId}`
      : sql`v.departure_date < ${range.to.toISOString()}::timestamptz
          and coalesce(v.arrival_date, ${ctx.now.toISOString()}::timestamptz) > ${range.from.toISOString()}::timestamptz`;
  const inRange = sql`(select id from voyages v where v.org_id = ${orgId} and v.ship_id = ${ship.id} and ${which})`;
  // fuel per voyage (and day, when pricing needs it) and fuel type, and distance per voyage and consumer:
  // two grouped reads of the rollup for all voyages at once
  const day = byDay ? sql`day::text` : sql`''`;
  const [list, fuel, distance] = await Promise.all([
    columnar(
      db,
      sql`(select v.departure_date as t, v.id, v.voyage_number, extract(epoch from v.arrival_date)::float8 as arrival,
          v.cargo_tonnes from voyages v where v.id in ${inRange})`,
      ["id", "voyage_number", "arrival", "cargo_tonnes"] as const,
    ),
    db.execute(sql`select json_build_object('v', coalesce(json_agg(voyage_id), '[]'), 'd', coalesce(json_agg(d), '[]'),
        'f', coalesce(json_agg(fuel_type), '[]'), 't', coalesce(json_agg(fuel_t), '[]')) as c
      from (select voyage_id, ${day} as d, fuel_type, sum(fuel_t) as fuel_t from fuel_voyage_daily
        where org_id = ${orgId} and ship_id = ${ship.id} and consumer in (${consumers}) and voyage_id in ${inRange}
        group by 1, 2, 3) x`),
    db.execute(sql`select voyage_id, max(d) as d from (select voyage_id, consumer, sum(distance_nm) as d
        from fuel_voyage_daily where org_id = ${orgId} and ship_id = ${ship.id} and voyage_id in ${inRange}
        group by 1, 2) y group by 1`),
  ]);
  const f = (fuel.rows[0] as { c: { v: number[]; d: string[]; f: string[]; t: number[] } }).c;
  const fuelOf = new Map<number, RangeVoyage["fuel"]>();
  f.v.forEach((id, i) => {
    const list = fuelOf.get(id) ?? [];
    list.push({ day: f.d[i]!, fuelType: f.f[i]!, fuelT: f.t[i]! });
    fuelOf.set(id, list);
  });
  const distanceOf = new Map(
    (distance.rows as { voyage_id: number; d: number }[]).map((r) => [r.voyage_id, Number(r.d)]),
  );
  return list.t.map((t, i) => ({
    id: list.id[i]!,
    voyageNumber: list.voyage_number[i] as unknown as string,
    departedAt: new Date(t * 1000),
    arrivedAt: list.arrival[i] === null ? null : new Date(list.arrival[i]! * 1000),
    cargoTonnes: list.cargo_tonnes[i] ?? null,
    fuel: fuelOf.get(list.id[i]!) ?? [],
    distanceNm: distanceOf.get(list.id[i]!) ?? 0,
  }));
}
