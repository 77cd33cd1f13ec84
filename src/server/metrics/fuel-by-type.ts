/**
 * Fuel tonnes per fuel grade (as reported) and per fuel type (MEPC.364(79) class: the grades summed) over any
 * [from, to), exactly (rollup days, raw edges): the CII's fuel, the annual figures' fuel by grade and class.
 */
import { sql } from "drizzle-orm";
import { type FuelType, parseFuelType } from "../../domain/fuels/fuel-types";
import type { Db } from "../db/client";
import { fuelRows } from "./fuel-rows";
import { exactSpans, type Period } from "./fuel-totals";
import type { Span } from "./span";

/** Fuel of one grade: the grade as reported ('VLSFO'), its class ('HFO'), t. */
export type FuelOfGrade = { fuelGrade: string; fuelType: FuelType; fuelT: number };

async function fuelByGradeOfSpan(db: Db, orgId: number, shipId: number, s: Span): Promise<FuelOfGrade[]> {
  const res = await db.execute(
    sql`select fuel_grade, fuel_type, sum(fuel_t)::float8 as fuel_t from ${fuelRows(orgId, shipId, s)} r group by 1, 2`,
  );
  return (res.rows as { fuel_grade: string; fuel_type: string; fuel_t: number }[]).map((r) => ({
    fuelGrade: r.fuel_grade,
    fuelType: parseFuelType(r.fuel_type),
    fuelT: Number(r.fuel_t),
  }));
}

/** Fuel per grade burnt by `consumers` over [from, to), t, in class then grade order, none left out. */
async function gradeSums(db: Db, orgId: number, shipId: number, { from, to, consumers }: Period) {
  const parts = await Promise.all(
    exactSpans(from, to, consumers).map((s) => fuelByGradeOfSpan(db, orgId, shipId, s)),
  );
  const sums = new Map<string, FuelOfGrade>();
  for (const p of parts.flat()) {
    const key = `${p.fuelType}\u0000${p.fuelGrade}`;
    const sum = sums.get(key);
    if (sum) sum.fuelT += p.fuelT;
    else sums.set(key, { ...p });
  }
  return [...sums.values()].sort(
    (a, b) => a.fuelType.localeCompare(b.fuelType) || a.fuelGrade.localeCompare(b.fuelGrade),
  );
}

/** Per fuel type (class), the grades' fuel summed, in fuel type order; types with no fuel left out. */
function byFuelType(grades: readonly FuelOfGrade[]): { fuelType: FuelType; fuelT: number }[] {
  const sums = new Map<FuelType, number>();
  for (const g of grades) sums.set(g.fuelType, (sums.get(g.fuelType) ?? 0) + g.fuelT);
  return [...sums.entries()].filter(([, t]) => t > 0).map(([fuelType, fuelT]) => ({ fuelType, fuelT }));
}

/** Fuel per grade and per fuel type (class) burnt by `consumers` over [from, to), t; none with no fuel. */
export async function exactFuelByGradeAndType(
  db: Db,
  orgId: number,
  shipId: number,
  period: Period,
): Promise<{ byGrade: FuelOfGrade[]; byType: { fuelType: FuelType; fuelT: number }[] }> {
  const grades = await gradeSums(db, orgId, shipId, period);
  return { byGrade: grades.filter((g) => g.fuelT > 0), byType: byFuelType(grades) };
}

/** Fuel per fuel type (class) burnt by `consumers` over [from, to), t, in fuel type order; types with no fuel left out. */
export async function exactFuelByType(
  db: Db,
  orgId: number,
  shipId: number,
  period: Period,
): Promise<{ fuelType: FuelType; fuelT: number }[]> {
  return byFuelType(await gradeSums(db, orgId, shipId, period));
}
