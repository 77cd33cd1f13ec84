/** Fuel tonnes per fuel type over any [from, to), exactly (rollup days, raw edges): the CII's fuel. */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fuelRows } from "./fuel-rows";
import { exactSpans, type Period } from "./fuel-totals";
import type { Span } from "./span";

async function fuelByTypeOfSpan(db: Db, orgId: number, shipId: number, s: Span) {
  const res = await db.execute(
    sql`select fuel_type, sum(fuel_t)::float8 as fuel_t from ${fuelRows(orgId, shipId, s)} r group by fuel_type`,
  );
  return (res.rows as { fuel_type: string; fuel_t: number }[]).map((r) => ({
    fuelType: r.fuel_type,
    fuelT: Number(r.fuel_t),
  }));
}

/** Fuel per fuel type burnt by `consumers` over [from, to), t, in fuel type order; types with no fuel left out. */
export async function exactFuelByType(
  db: Db,
  orgId: number,
  shipId: number,
  { from, to, consumers }: Period,
): Promise<{ fuelType: string; fuelT: number }[]> {
  const parts = await Promise.all(
    exactSpans(from, to, consumers).map((s) => fuelByTypeOfSpan(db, orgId, shipId, s)),
  );
  const sums = new Map<string, number>();
  for (const p of parts.flat()) sums.set(p.fuelType, (sums.get(p.fuelType) ?? 0) + p.fuelT);
  return [...sums.entries()]
    .filter(([, t]) => t > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([fuelType, fuelT]) => ({ fuelType, fuelT }));
}
