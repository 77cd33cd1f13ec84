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
  /** Fuel per UTC day and fuel type of the records linked to the voyage (selected consumers), t. */
  fuel: { day: string; fuelType: string; fuelT: number }[];
  /** nm: the largest of the consumers' summed distances (distance is carried once, by the main engine's records). */
  distanceNm: number;
};

/** Voyages in departure order. Figures are the whole voyage's (records linked to it), not clipped to the range. */
export async function voyagesInRange(ctx: AnalysisContext): Promise<RangeVoyage[]> {
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
  const voyages = await columnar(
    db,
    sql`(select v.departure_date as t, v.id, v.voyage_number, extract(epoch from v.arrival_date)::float8 as arrival,
        v.cargo_tonnes,
        coalesce((select json_agg(json_build_array(day, fuel_type, fuel_t)) from (
          select day::text as day, fuel_type, sum(fuel_t) as fuel_t from fuel_voyage_daily f
          where f.org_id = ${orgId} and f.ship_id = ${ship.id} and f.voyage_id = v.id and f.consumer in (${consumers})
          group by 1, 2) x), '[]') as fuel,
        coalesce((select max(d) from (select sum(distance_nm) as d from fuel_voyage_daily f
          where f.org_id = ${orgId} and f.ship_id = ${ship.id} and f.voyage_id = v.id group by consumer) y), 0) as distance
      from voyages v where v.org_id = ${orgId} and v.ship_id = ${ship.id} and ${which})`,
    ["id", "voyage_number", "arrival", "cargo_tonnes", "fuel", "distance"] as const,
  );
  return voyages.t.map((t, i) => ({
    id: voyages.id[i]!,
    voyageNumber: voyages.voyage_number[i] as unknown as string,
    departedAt: new Date(t * 1000),
    arrivedAt: voyages.arrival[i] === null ? null : new Date(voyages.arrival[i]! * 1000),
    cargoTonnes: voyages.cargo_tonnes[i] ?? null,
    fuel: (voyages.fuel[i] as unknown as [string, string, number][]).map(([day, fuelType, fuelT]) => ({
      day,
      fuelType,
      fuelT,
    })),
    distanceNm: voyages.distance[i]!,
  }));
}
