/**
 * The fuel rows every fuel figure is summed from: per bucket, consumer and fuel grade (with its class,
 * `fuel_type`: figures per class sum their grades), the sums of
 * `fuel_daily` — from the rollup for daily and weekly spans, from raw records (same rules, fuel-record-sql.ts)
 * for hourly ones — and those rows summed per bucket over the consumers (`perBucket`).
 */
import { type SQL, sql } from "drizzle-orm";
import { FUEL_PROPERTIES, FUEL_TYPES } from "../../domain/fuels/fuel-types";
import { FUEL_SUM_FIELDS } from "../../domain/records/fuel-sums";
import { FUEL_SUMS_SQL, fuelRecordsWithHours, LOAD_BAND_COLUMNS } from "./fuel-record-sql";
import { HOUR_OF_TS } from "./series-sql";
import type { Span } from "./span";
import { columnOf, sqlList, tsParam } from "./sql-values";

/** Bucket start of a rollup day: the day itself, or the Monday of its ISO week. */
export const dayBucket = (s: Span) =>
  sql.raw(
    s.resolution === "weekly"
      ? "(date_trunc('week', day::timestamp) at time zone 'UTC')"
      : "(day::timestamp at time zone 'UTC')",
  );

/** The UTC days [from, to) of a daily span as a condition on a rollup's `day`. */
export const daysOf = (s: Span) =>
  sql`day >= (${tsParam(s.from)} at time zone 'UTC')::date and day < (${tsParam(s.to)} at time zone 'UTC')::date`;

/** The sums `fuel_daily` stores (FuelSums less the LCV sums, which depend on the fuel type's LCV). */
export const STORED_SUMS = FUEL_SUM_FIELDS.filter((f) => f !== "fuelLcv" && f !== "fuelNoLcv").map(columnOf);

/** Rows (t, consumer, fuel_grade, fuel_type, the sums of `fuel_daily` and the load histogram hours) per bucket. */
export function fuelRows(orgId: number, shipId: number, s: Span): SQL {
  const consumers = sqlList(s.consumers);
  if (s.resolution !== "hourly") {
    const cols = [...STORED_SUMS, ...LOAD_BAND_COLUMNS];
    return sql`(select ${dayBucket(s)} as t, consumer, fuel_grade, fuel_type, ${sql.raw(cols.map((c) => `sum(${c}) as ${c}`).join(", "))}
      from fuel_daily where org_id = ${orgId} and ship_id = ${shipId} and consumer in (${consumers}) and ${daysOf(s)}
      group by 1, 2, 3, 4)`;
  }
  return sql`(select ${sql.raw(HOUR_OF_TS)} as t, consumer, fuel_grade, fuel_type, ${FUEL_SUMS_SQL}
    from ${fuelRecordsWithHours(orgId, sql`${shipId}`, tsParam(s.from), tsParam(s.to), sql`and consumer in (${consumers})`)} r
    group by 1, 2, 3, 4)`;
}

/** Lower calorific value per fuel type (kJ/kg, MEPC.364(79) via the domain), as an SQL VALUES list. */
export const LCV_TABLE = sql.raw(
  `(values ${FUEL_TYPES.map((f) => `('${f}', ${FUEL_PROPERTIES[f].lcvKjPerKg}::float8)`).join(", ")}) as lcv(fuel_type, kj_per_kg)`,
);

/** Fields that are the ship's, not the consumer's: per bucket the largest consumer's, never their sum. */
const SHIP_FIELDS = new Set([
  "hours",
  "hours_at_sea",
  "hours_at_sea_over_ground",
  "distance_nm",
  "distance_derived_nm",
]);

/**
 * Per bucket over the consumers: the FuelSums columns. Fuel, energy, load and CO2 are summed; hours, hours
 * at sea and distance are the largest of the consumers' (time and distance are the ship's, carried by each
 * consumer's records); `fuel_lcv` = Σ fuel-with-energy × LCV and `fuel_no_lcv` = fuel-with-energy of fuel
 * types with no known LCV.
 */
export function perBucket(rows: SQL): SQL {
  const perConsumer = STORED_SUMS.map((c) => `sum(${c}) as ${c}`).join(", ");
  const overConsumers = FUEL_SUM_FIELDS.map(columnOf)
    .map((c) =>
      c === "records"
        ? "sum(records)::int as records"
        : `${SHIP_FIELDS.has(c) ? "max" : "sum"}(${c}) as ${c}`,
    )
    .join(", ");
  return sql`(select t, ${sql.raw(overConsumers)}
    from (select t, consumer, ${sql.raw(perConsumer)},
        sum(fuel_t_with_energy * lcv.kj_per_kg) as fuel_lcv,
        sum(case when lcv.kj_per_kg is null then fuel_t_with_energy else 0 end) as fuel_no_lcv
      from ${rows} r left join ${LCV_TABLE} using (fuel_type)
      group by t, consumer) c
    group by t)`;
}
