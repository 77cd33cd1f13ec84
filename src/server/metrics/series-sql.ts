/**
 * The environmental, auxiliary and trim series as sums and counts per bucket (their means are sum / count):
 * the columns of `series_daily` and the same sums over raw records for short ranges.
 */

import { type SQL, sql } from "drizzle-orm";
import { notFromExcludedReport } from "./flagged-reports-sql";

/** Per series field: its name (columns `<name>_sum`, `<name>_n`), the table and the expression it sums. */
export const SERIES_SUM_COLUMNS = [
  ["air_temp", "environmental_data", "air_temperature"],
  ["sea_temp", "environmental_data", "sea_temperature"],
  ["wind_speed", "environmental_data", "wind_speed"],
  ["wave_height", "environmental_data", "wave_height"],
  ["hvac", "auxiliary_data", "hvac_power"],
  ["pumps", "auxiliary_data", "pumps_power"],
  ["lighting", "auxiliary_data", "lighting_power"],
  ["navigation", "auxiliary_data", "navigation_power"],
  ["cargo_handling", "auxiliary_data", "cargo_handling_power"],
  // trim = aft − fore draught when not reported (domain trimFromDraughts)
  ["trim", "trim_data", "coalesce(trim_m, draught_aft_m - draught_fore_m)"],
  ["draught", "trim_data", "(draught_fore_m + draught_aft_m) / 2"],
  ["displacement", "trim_data", "displacement_t"],
] as const;

export const SERIES_NAMES = SERIES_SUM_COLUMNS.map(([name]) => name);
/** The auxiliary consumers' power series, in the order of the contract's AUXILIARY_CONSUMERS. */
export const AUXILIARY_POWER_SERIES = ["hvac", "pumps", "lighting", "navigation", "cargo_handling"] as const;
export type SeriesName = (typeof SERIES_NAMES)[number];

/** The UTC hour (its start) of a record's `ts`: the bucket of short ranges. */
export const HOUR_OF_TS = "date_trunc('hour', ts at time zone 'UTC') at time zone 'UTC'";

/**
 * Rows (org_id, ship_id, bucket `t`, and per field `<name>_sum`, `<name>_n`) of the environmental, auxiliary
 * and trim series of `ships` in [from, to), bucketed by `bucket` (an SQL expression of `ts`). `only`: read
 * only the tables holding these fields (all three for the rollup).
 */
export function seriesBucketsFromRaw(
  orgId: number,
  ships: SQL,
  from: SQL,
  to: SQL,
  bucket: string,
  only?: readonly string[],
): SQL {
  const tables = (["environmental_data", "auxiliary_data", "trim_data"] as const).filter(
    (table) => !only || SERIES_SUM_COLUMNS.some(([name, tbl]) => tbl === table && only.includes(name)),
  );
  const parts = tables.map((table) => {
    const cols = SERIES_SUM_COLUMNS.map(([name, tbl, expr]) =>
      tbl === table
        ? `coalesce(sum(${expr}), 0) as ${name}_sum, count(${expr})::int as ${name}_n`
        : `0::float8 as ${name}_sum, 0 as ${name}_n`,
    ).join(", ");
    return sql`select org_id, ship_id, ${sql.raw(bucket)} as t, ${sql.raw(cols)} from ${sql.raw(table)}
      where org_id = ${orgId} and ship_id in (${ships}) and ts >= ${from} and ts < ${to}
        and ${sql.raw(notFromExcludedReport(table))} group by 1, 2, 3`;
  });
  const sums = SERIES_SUM_COLUMNS.map(
    ([name]) => `sum(${name}_sum) as ${name}_sum, sum(${name}_n)::int as ${name}_n`,
  ).join(", ");
  return sql`(select org_id, ship_id, t, ${sql.raw(sums)} from (${sql.join(parts, sql` union all `)}) u group by 1, 2, 3)`;
}
