/** Fuel sums over a whole span, and over any [from, to) exactly (rollup days, raw edges). */
import { sql } from "drizzle-orm";
import { addFuelSums, FUEL_SUM_FIELDS, type FuelSums } from "../../domain/records/fuel-sums";
import { DAY_MS } from "../../domain/time/units";
import type { Db } from "../db/client";
import { fuelRows, perBucket } from "./fuel-rows";
import type { Consumer, Span } from "./span";
import { columnOf } from "./sql-values";

/** Any [from, to) of some consumers, read exactly whatever its alignment. */
export type Period = { from: Date; to: Date; consumers: readonly Consumer[] };

/** Sums over the whole span of the per-bucket sums (time and distance per bucket as in `perBucket`). */
export async function fuelTotals(db: Db, orgId: number, shipId: number, s: Span): Promise<FuelSums> {
  const sums = sql.join(
    FUEL_SUM_FIELDS.map(
      (f) => sql`coalesce(sum(${sql.identifier(columnOf(f))}), 0)::float8 as ${sql.identifier(f)}`,
    ),
    sql`, `,
  );
  const res = await db.execute(sql`select ${sums} from ${perBucket(fuelRows(orgId, shipId, s))} b`);
  const row = res.rows[0] as Record<string, unknown>;
  return Object.fromEntries(FUEL_SUM_FIELDS.map((f) => [f, Number(row[f])])) as FuelSums;
}

/**
 * [from, to) as spans read exactly: the whole UTC days from the daily rollup, the partial days at either
 * end from raw records (hourly buckets).
 */
export function exactSpans(from: Date, to: Date, consumers: readonly Consumer[]): Span[] {
  const dayFrom = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const dayTo = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  const spans: Span[] =
    dayFrom.getTime() < dayTo.getTime()
      ? [
          { from, to: dayFrom, resolution: "hourly", consumers },
          { from: dayFrom, to: dayTo, resolution: "daily", consumers },
          { from: dayTo, to, resolution: "hourly", consumers },
        ]
      : [{ from, to, resolution: "hourly", consumers }];
  return spans.filter((s) => s.from.getTime() < s.to.getTime());
}

/** Exact sums over any [from, to) (`exactSpans`): the 12-month reference, the CII year to date. */
export async function exactFuelTotals(
  db: Db,
  orgId: number,
  shipId: number,
  period: Period,
): Promise<FuelSums> {
  const spans = exactSpans(period.from, period.to, period.consumers);
  return addFuelSums(await Promise.all(spans.map((s) => fuelTotals(db, orgId, shipId, s))));
}
