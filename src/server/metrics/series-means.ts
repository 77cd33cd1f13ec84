/** Means of the environmental, auxiliary and trim series: per bucket (columnar) and over a whole span. */
import { type SQL, sql } from "drizzle-orm";
import type { Ambient } from "../../domain/records/fuel-sums";
import type { Db } from "../db/client";
import { type Columns, columnar } from "./columnar";
import { dayBucket, daysOf } from "./fuel-rows";
import { HOUR_OF_TS, SERIES_NAMES, type SeriesName, seriesBucketsFromRaw } from "./series-sql";
import type { Span } from "./span";
import { tsParam } from "./sql-values";

/** Rows (t, `<name>_sum`, `<name>_n`) of the series per bucket: `series_daily` for daily spans, raw records for hourly ones. */
function seriesRows(orgId: number, shipId: number, s: Span, names: readonly string[]): SQL {
  if (s.resolution !== "hourly") {
    const cols = SERIES_NAMES.flatMap((n) => [`sum(${n}_sum) as ${n}_sum`, `sum(${n}_n)::int as ${n}_n`]);
    return sql`(select ${dayBucket(s)} as t, ${sql.raw(cols.join(", "))} from series_daily
      where org_id = ${orgId} and ship_id = ${shipId} and ${daysOf(s)}
      group by 1)`;
  }
  return seriesBucketsFromRaw(orgId, sql`${shipId}`, tsParam(s.from), tsParam(s.to), HOUR_OF_TS, names);
}

const meanOf = (n: string) =>
  sql`case when ${sql.identifier(`${n}_n`)} > 0 then ${sql.identifier(`${n}_sum`)} / ${sql.identifier(`${n}_n`)} end`;

/** Mean per bucket of the named series fields (null where a bucket has none); buckets with none of them left out. */
export function seriesMeans<K extends SeriesName>(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
  names: readonly K[],
): Promise<Columns<K>> {
  const cols = sql.join(
    names.map((n) => sql`${meanOf(n)} as ${sql.identifier(n)}`),
    sql`, `,
  );
  const filter = sql.join(
    names.map((n) => sql`${sql.identifier(`${n}_n`)} > 0`),
    sql` or `,
  );
  return columnar(
    db,
    sql`(select t, ${cols} from ${seriesRows(orgId, shipId, s, names)} r where ${filter})`,
    names,
  );
}

/** Mean over the span of each named series field (each reading weighs the same; null without values). */
export async function seriesTotals<K extends SeriesName>(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
  names: readonly K[],
): Promise<Record<K, number | null>> {
  const cols = sql.join(
    names.map(
      (n) =>
        sql`sum(${sql.identifier(`${n}_sum`)}) / nullif(sum(${sql.identifier(`${n}_n`)}), 0) as ${sql.identifier(n)}`,
    ),
    sql`, `,
  );
  const res = await db.execute(sql`select ${cols} from ${seriesRows(orgId, shipId, s, names)} r`);
  const row = res.rows[0] as Record<K, number | null>;
  return Object.fromEntries(names.map((n) => [n, row[n] === null ? null : Number(row[n])])) as Record<
    K,
    number | null
  >;
}

/** Air and sea temperature of a bucket start `t` from per-bucket means (nulls where none were stored). */
export function ambientAt(env: Columns<"air_temp" | "sea_temp">): (t: number) => Ambient {
  const at = new Map(
    env.t.map((t, i) => [t, { airC: env.air_temp[i] ?? null, seaC: env.sea_temp[i] ?? null }]),
  );
  return (t) => at.get(t) ?? { airC: null, seaC: null };
}
