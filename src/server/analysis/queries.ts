/**
 * The analysis repository: SQL that aggregates fuel and series data per bucket (hourly from raw records for
 * short ranges, daily from the rollups for long ones) and returns COLUMNAR arrays (json_agg per column), so
 * that a ten-year range costs a few thousand values, never raw years.
 */
import { type SQL, sql } from "drizzle-orm";
import { FUEL_PROPERTIES, FUEL_TYPES } from "../../domain/fuels/fuel-types";
import type { Db } from "../db/client";
import {
  FUEL_SUMS,
  fuelRecordsWithHours,
  LOAD_BANDS,
  SERIES_SUM_COLUMNS,
  seriesBucketsFromRaw,
} from "../rollups/daily-rollup";
import type { AnalysisRange, Consumer } from "./context";

const HOURLY = "date_trunc('hour', ts at time zone 'UTC') at time zone 'UTC'";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A time span read at a resolution, for one ship and some consumers. */
export type Span = {
  from: Date;
  to: Date;
  resolution: "hourly" | "daily" | "weekly";
  consumers: readonly Consumer[];
};

/** Bucket start of a rollup day: the day itself, or the Monday of its ISO week. */
const dayBucket = (s: Span) =>
  sql.raw(
    s.resolution === "weekly"
      ? "(date_trunc('week', day::timestamp) at time zone 'UTC')"
      : "(day::timestamp at time zone 'UTC')",
  );

export const spanOf = (r: AnalysisRange): Span => r;

/**
 * Rows (t, consumer, fuel_type, and the sums of `fuel_daily`) per bucket. Daily spans read `fuel_daily` for
 * the UTC days in [from, to) (callers align daily spans to whole days).
 */
export function fuelRows(orgId: number, shipId: number, s: Span): SQL {
  const consumers = list(s.consumers);
  if (s.resolution !== "hourly") {
    const cols = [...FUEL_DAILY_SUMS, ...LOAD_BANDS.map(([c]) => c)];
    return sql`(select ${dayBucket(s)} as t, consumer, fuel_type, ${sql.raw(cols.map((c) => `sum(${c}) as ${c}`).join(", "))}
      from fuel_daily where org_id = ${orgId} and ship_id = ${shipId} and consumer in (${consumers})
        and day >= (${ts(s.from)} at time zone 'UTC')::date and day < (${ts(s.to)} at time zone 'UTC')::date
      group by 1, 2, 3)`;
  }
  return sql`(select ${sql.raw(HOURLY)} as t, consumer, fuel_type, ${FUEL_SUMS}
    from ${fuelRecordsWithHours(orgId, sql`${shipId}`, ts(s.from), ts(s.to), sql`and consumer in (${consumers})`)} r
    group by 1, 2, 3)`;
}

const FUEL_DAILY_SUMS = [
  "records",
  "hours",
  "hours_at_sea",
  "fuel_t",
  "fuel_t_with_energy",
  "energy_kwh",
  "load_pct_hours",
  "load_hours",
  "distance_nm",
  "stw_kn_hours",
  "stw_hours",
  "co2_t",
];

/** Lower calorific value per fuel type (kJ/kg, MEPC.364(79) via the domain), as an SQL VALUES list. */
const LCV_TABLE = sql.raw(
  `(values ${FUEL_TYPES.map((f) => `('${f}', ${FUEL_PROPERTIES[f].lcvKjPerKg}::float8)`).join(", ")}) as lcv(fuel_type, kj_per_kg)`,
);

/**
 * Per bucket over the consumers: fuel, energy, load, CO2 summed; hours, hours at sea and distance the
 * largest of the consumers' (time and distance are the ship's, carried by each consumer's records, not
 * additive across consumers); `fuel_lcv` = Σ fuel-with-energy × LCV and `fuel_no_lcv` = fuel-with-energy of
 * fuel types with no known LCV.
 */
export function perBucket(rows: SQL): SQL {
  return sql`(select t, sum(records)::int as records, max(hours) as hours, max(hours_at_sea) as hours_at_sea,
      sum(fuel_t) as fuel_t, sum(fuel_t_with_energy) as fuel_t_with_energy, sum(energy_kwh) as energy_kwh,
      sum(load_pct_hours) as load_pct_hours, sum(load_hours) as load_hours, max(distance_nm) as distance_nm,
      sum(stw_kn_hours) as stw_kn_hours, sum(stw_hours) as stw_hours, sum(co2_t) as co2_t,
      sum(fuel_lcv) as fuel_lcv, sum(fuel_no_lcv) as fuel_no_lcv
    from (select t, consumer, sum(records) as records, sum(hours) as hours, sum(hours_at_sea) as hours_at_sea,
        sum(fuel_t) as fuel_t, sum(fuel_t_with_energy) as fuel_t_with_energy, sum(energy_kwh) as energy_kwh,
        sum(load_pct_hours) as load_pct_hours, sum(load_hours) as load_hours, sum(distance_nm) as distance_nm,
        sum(stw_kn_hours) as stw_kn_hours, sum(stw_hours) as stw_hours, sum(co2_t) as co2_t,
        sum(fuel_t_with_energy * lcv.kj_per_kg) as fuel_lcv,
        sum(case when lcv.kj_per_kg is null then fuel_t_with_energy else 0 end) as fuel_no_lcv
      from ${rows} r left join ${LCV_TABLE} using (fuel_type)
      group by t, consumer) c
    group by t)`;
}

export const BUCKET_COLUMNS = [
  "records",
  "hours",
  "hours_at_sea",
  "fuel_t",
  "fuel_t_with_energy",
  "energy_kwh",
  "load_pct_hours",
  "load_hours",
  "distance_nm",
  "stw_kn_hours",
  "stw_hours",
  "co2_t",
  "fuel_lcv",
  "fuel_no_lcv",
] as const;
export type BucketColumn = (typeof BUCKET_COLUMNS)[number];
export type Columns<K extends string> = { t: number[] } & Record<K, number[]>;
export type Totals = Record<BucketColumn, number>;

/** Runs `query` (rows with a timestamptz `t`) and returns its columns as arrays ordered by t (t in epoch s). */
export async function columnar<K extends string>(
  db: Db,
  query: SQL,
  columns: readonly K[],
): Promise<Columns<K>> {
  // one sort in the subquery; the aggregates read its rows in that order
  const parts = [
    sql`'t', coalesce(json_agg(epoch), '[]')`,
    ...columns.map((c) => sql`${c}::text, coalesce(json_agg(${sql.identifier(c)}), '[]')`),
  ];
  const res = await db.execute(
    sql`select json_build_object(${sql.join(parts, sql`, `)}) as c
      from (select *, extract(epoch from t)::float8 as epoch from ${query} q0 order by t) q`,
  );
  return (res.rows[0] as { c: Columns<K> }).c;
}

/** Per-bucket fuel columns of a span. */
export function fuelBuckets(db: Db, orgId: number, shipId: number, s: Span) {
  return columnar(db, perBucket(fuelRows(orgId, shipId, s)), BUCKET_COLUMNS);
}

export type BucketsByType = Columns<BucketColumn | "by_type">;

/**
 * Per-bucket fuel columns of a span and, per bucket, the fuel per fuel type (`by_type`, an object fuel type
 * → t): one read of the fuel rows for both (the cost calculation and the KPIs share it).
 */
export function fuelBucketsByType(db: Db, orgId: number, shipId: number, s: Span): Promise<BucketsByType> {
  return columnar(
    db,
    sql`(with r as materialized ${fuelRows(orgId, shipId, s)}
      select b.*, x.by_type from ${perBucket(sql`r`)} b
      left join (select t, json_object_agg(fuel_type, fuel_t) as by_type
        from (select t, fuel_type, sum(fuel_t) as fuel_t from r group by 1, 2) y group by t) x using (t))`,
    [...BUCKET_COLUMNS, "by_type"] as const,
  );
}

/** The span's sums from its per-bucket columns (the same figures as `fuelTotals`). */
export function totalsOfBuckets(b: Columns<BucketColumn>): Totals {
  const out = Object.fromEntries(BUCKET_COLUMNS.map((c) => [c, 0])) as Totals;
  for (const c of BUCKET_COLUMNS) for (const x of b[c]) out[c] += Number(x ?? 0);
  return out;
}

/** Sums over the whole span of the per-bucket columns (time and distance per bucket as in `perBucket`). */
export async function fuelTotals(db: Db, orgId: number, shipId: number, s: Span): Promise<Totals> {
  const sums = sql.join(
    BUCKET_COLUMNS.map((c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::float8 as ${sql.identifier(c)}`),
    sql`, `,
  );
  const res = await db.execute(sql`select ${sums} from ${perBucket(fuelRows(orgId, shipId, s))} b`);
  return res.rows[0] as Totals;
}

const DAY_MS = 86_400_000;

/**
 * Exact sums over any [from, to): whole UTC days from the daily rollup, the partial days at either end
 * from raw records (hourly buckets). Used for the 12-month reference and the CII year to date.
 */
export async function exactFuelTotals(
  db: Db,
  orgId: number,
  shipId: number,
  from: Date,
  to: Date,
  consumers: readonly Consumer[],
): Promise<Totals> {
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
  const parts = await Promise.all(
    spans.filter((s) => s.from.getTime() < s.to.getTime()).map((s) => fuelTotals(db, orgId, shipId, s)),
  );
  const out = Object.fromEntries(BUCKET_COLUMNS.map((c) => [c, 0])) as Totals;
  for (const p of parts) for (const c of BUCKET_COLUMNS) out[c] += Number(p[c]);
  return out;
}

/** Fuel tonnes per fuel type over [from, to) (all consumers given), exact as `exactFuelTotals`. */
export async function fuelByType(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
): Promise<{ fuelType: string; fuelT: number }[]> {
  const res =
    await db.execute(sql`select fuel_type, sum(fuel_t)::float8 as fuel_t from ${fuelRows(orgId, shipId, s)} r
    group by fuel_type order by fuel_type`);
  return (res.rows as { fuel_type: string; fuel_t: number }[]).map((r) => ({
    fuelType: r.fuel_type,
    fuelT: Number(r.fuel_t),
  }));
}

export const SERIES_NAMES = SERIES_SUM_COLUMNS.map(([name]) => name);
export type SeriesName = (typeof SERIES_NAMES)[number];

/** Rows (t, `<name>_sum`, `<name>_n`) of the environmental, auxiliary and trim series per bucket. */
export function seriesRows(orgId: number, shipId: number, s: Span, names?: readonly string[]): SQL {
  if (s.resolution !== "hourly") {
    const cols = SERIES_NAMES.flatMap((n) => [`sum(${n}_sum) as ${n}_sum`, `sum(${n}_n)::int as ${n}_n`]);
    return sql`(select ${dayBucket(s)} as t, ${sql.raw(cols.join(", "))} from series_daily
      where org_id = ${orgId} and ship_id = ${shipId}
        and day >= (${ts(s.from)} at time zone 'UTC')::date and day < (${ts(s.to)} at time zone 'UTC')::date
      group by 1)`;
  }
  return seriesBucketsFromRaw(orgId, sql`${shipId}`, ts(s.from), ts(s.to), HOURLY, names);
}

/** Mean per bucket of the named series fields (null where a bucket has none), columnar. */
export async function seriesMeans<K extends SeriesName>(
  db: Db,
  orgId: number,
  shipId: number,
  s: Span,
  names: readonly K[],
): Promise<Columns<K>> {
  const cols = sql.join(
    names.map(
      (n) =>
        sql`case when ${sql.identifier(`${n}_n`)} > 0 then ${sql.identifier(`${n}_sum`)} / ${sql.identifier(`${n}_n`)} end as ${sql.identifier(n)}`,
    ),
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

/** Mean over the span of each named series field (null without values). */
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
