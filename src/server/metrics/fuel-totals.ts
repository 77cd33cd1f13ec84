/** Fuel sums over a whole span, and over any [from, to) exactly (rollup days, raw edges). */
import { type SQL, sql } from "drizzle-orm";
import { addFuelSums, FUEL_SUM_FIELDS, type FuelSums } from "../../domain/records/fuel-sums";
import { DAY_MS } from "../../domain/time/units";
import type { Db } from "../db/client";
import { FUEL_SUMS_SQL, fuelRecordsWithHours } from "./fuel-record-sql";
import { daysOf, fuelRows, LCV_TABLE, perBucket, STORED_SUMS } from "./fuel-rows";
import type { Consumer, Span } from "./span";
import { columnOf, tsParam } from "./sql-values";

/** Any [from, to) of some consumers, read exactly whatever its alignment. */
export type Period = { from: Date; to: Date; consumers: readonly Consumer[] };

const SUMS_AS_FIELDS = sql.join(
  FUEL_SUM_FIELDS.map(
    (f) => sql`coalesce(sum(${sql.identifier(columnOf(f))}), 0)::float8 as ${sql.identifier(f)}`,
  ),
  sql`, `,
);

const sumsOfRow = (row: Record<string, unknown>): FuelSums =>
  Object.fromEntries(FUEL_SUM_FIELDS.map((f) => [f, Number(row[f])])) as FuelSums;

/**
 * Sums over the whole span of the per-bucket sums (time and distance per bucket as in `perBucket`). One
 * consumer's span is read exactly as `exactFuelTotals` reads it (its whole UTC days from the rollup): with one
 * consumer a bucket's largest consumer is that consumer, so the buckets do not change the sums.
 */
export async function fuelTotals(db: Db, orgId: number, shipId: number, s: Span): Promise<FuelSums> {
  if (s.consumers.length === 1) return oneConsumerTotals(db, orgId, shipId, s.from, s.to, s.consumers[0]!);
  const res = await db.execute(sql`select ${SUMS_AS_FIELDS} from ${perBucket(fuelRows(orgId, shipId, s))} b`);
  return sumsOfRow(res.rows[0] as Record<string, unknown>);
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
  if (period.consumers.length === 1)
    return oneConsumerTotals(db, orgId, shipId, period.from, period.to, period.consumers[0]!);
  const spans = exactSpans(period.from, period.to, period.consumers);
  return addFuelSums(await Promise.all(spans.map((s) => fuelTotals(db, orgId, shipId, s))));
}

/** The stored sums (`fuel_daily`'s columns) and the fuel type of one span of `exactSpans`, one consumer. */
function storedSumsOf(orgId: number, shipId: number, s: Span, consumer: Consumer): SQL {
  const cols = sql.raw(STORED_SUMS.join(", "));
  if (s.resolution !== "hourly")
    return sql`select fuel_type, ${cols} from fuel_daily
      where org_id = ${orgId} and ship_id = ${shipId} and consumer = ${consumer} and ${daysOf(s)}`;
  return sql`select fuel_type, ${cols} from (select fuel_type, ${FUEL_SUMS_SQL}
    from ${fuelRecordsWithHours(orgId, sql`${shipId}`, tsParam(s.from), tsParam(s.to), sql`and consumer = ${consumer}`)} r
    group by fuel_type) e`;
}

/**
 * One consumer's exact sums over [from, to) in one statement: the rows of `exactSpans` (rollup days, raw
 * edges) summed at once. The same figures as the per-bucket sums (`perBucket`: with one consumer a bucket's
 * time and distance are that consumer's, summed over its grades), without three levels of grouping per span
 * and a statement per span (decision 045).
 */
async function oneConsumerTotals(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
  consumer: Consumer,
): Promise<FuelSums> {
  const parts = exactSpans(from, to, [consumer]).map((s) => storedSumsOf(orgId, shipId, s, consumer));
  if (parts.length === 0) return addFuelSums([]);
  const rows = sql.join(parts, sql` union all `);
  const sums = sql.join(
    FUEL_SUM_FIELDS.map((f) => {
      const c = columnOf(f);
      const value =
        c === "fuel_lcv"
          ? sql`fuel_t_with_energy * lcv.kj_per_kg`
          : c === "fuel_no_lcv"
            ? sql`case when lcv.kj_per_kg is null then fuel_t_with_energy else 0 end`
            : sql.identifier(c);
      return sql`coalesce(sum(${value}), 0)::float8 as ${sql.identifier(f)}`;
    }),
    sql`, `,
  );
  const res = await db.execute(sql`select ${sums} from (${rows}) u left join ${LCV_TABLE} using (fuel_type)`);
  return sumsOfRow(res.rows[0] as Record<string, unknown>);
}
