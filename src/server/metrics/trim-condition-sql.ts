/**
 * The trim analysis' sailing conditions as SQL: the hourly trim rows (`trim_hourly`: per hour the fuel
 * records' sums per consumer joined with the trim records' sums), their condition (draught bin, speed bin,
 * trim class: domain `draughtBinOf`, `speedBinOf`, `trimClassOf`) and the test of a row spent sailing
 * (domain `sailingPointOfSums`). Tested equal to the domain in trim-condition-sql.test.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import { TRIM_DEFAULTS } from "../../domain/performance/trim-analysis";
import { AT_SEA_SHARE_FOR_FIT, MIN_FIT_SPEED_KN } from "../../domain/records/fuel-sums";
import { atSeaSql, FUEL_T_SQL } from "./fuel-record-sql";
import { HOUR_OF_TS, SERIES_SUM_COLUMNS } from "./series-sql";
import type { Consumer } from "./span";

/** Mean speed through water of a row of `trim_hourly` or `trim_daily`, both consumers' records, kn. */
const TRIM_ROW_STW = "(main_stw_kn_hours + aux_stw_kn_hours) / nullif(main_stw_hours + aux_stw_hours, 0)";

/** SQL of the domain's bin index `floor(x / w)` and class index (JavaScript's Math.round: half up) of `x / w`. */
export const binSql = (x: string, width: number) => `floor((${x}) / ${width})::int`;
export const classSql = (x: string, width: number) => `floor((${x}) / ${width} + 0.5)::int`;

/**
 * The sailing condition of a row of `trim_hourly` (its own means): draught bin, speed-through-water bin and
 * trim class, with the domain's widths (TRIM_DEFAULTS). `trim_daily` pools hours by these; the trim
 * analysis classifies hourly rows by them. Only rows with TRIM_ROW_CLASSIFIABLE have one.
 */
export const TRIM_ROW_CLASS = {
  draught_bin: binSql("draught_sum / draught_n", TRIM_DEFAULTS.draughtBinWidthM),
  speed_bin: binSql(TRIM_ROW_STW, TRIM_DEFAULTS.speedBinWidthKn),
  trim_class: classSql("trim_sum / trim_n", TRIM_DEFAULTS.trimClassM),
} as const;
export const TRIM_ROW_CLASSIFIABLE = `trim_n > 0 and draught_n > 0 and ${TRIM_ROW_STW} is not null`;

/** Per consumer columns of `trim_hourly` (prefix `main`/`aux`), each with its sum over fuel records with hours `h`. */
export const TRIM_HOURLY_FUEL = [
  ["hours", "h"],
  ["hours_at_sea", `case when ${atSeaSql("speed_through_water")} then h else 0 end`],
  ["fuel_t", FUEL_T_SQL],
  ["stw_kn_hours", "coalesce(speed_through_water, 0) * h"],
  ["stw_hours", "case when speed_through_water is not null then h else 0 end"],
] as const;
const TRIM_HOURLY_SERIES = SERIES_SUM_COLUMNS.filter(([, table]) => table === "trim_data");
const PREFIXES = [
  ["main", "main"],
  ["aux", "auxiliary"],
] as const;

/** The summed columns of `trim_hourly`, `trim_daily` and `trim_monthly`. */
export const TRIM_POOL_SUMS = [
  ...PREFIXES.flatMap(([p]) => TRIM_HOURLY_FUEL.map(([c]) => `${p}_${c}`)),
  ...TRIM_HOURLY_SERIES.flatMap(([name]) => [`${name}_sum`, `${name}_n`]),
];

/**
 * Rows of `trim_hourly` for `ships` over [from, to): the fuel records with hours `fuel` (a relation with the
 * columns of `fuelRecordsWithHours` that the sums read, and `hour`) joined with the raw trim records.
 */
export function trimHourlyFrom(fuel: SQL, orgId: number, ships: SQL, from: SQL, to: SQL): SQL {
  const fuelCols = PREFIXES.flatMap(([p]) => TRIM_HOURLY_FUEL.map(([c]) => `${p}_${c}`));
  const seriesCols = TRIM_HOURLY_SERIES.flatMap(([name]) => [`${name}_sum`, `${name}_n`]);
  const fuelSums = PREFIXES.flatMap(([p, consumer]) =>
    TRIM_HOURLY_FUEL.map(
      ([c, expr]) => `coalesce(sum(${expr}) filter (where consumer = '${consumer}'), 0) as ${p}_${c}`,
    ),
  )
    .concat(seriesCols.map((c) => `0 as ${c}`))
    .join(", ");
  const seriesSums = fuelCols
    .map((c) => `0 as ${c}`)
    .concat(
      TRIM_HOURLY_SERIES.map(
        ([name, , expr]) => `coalesce(sum(${expr}), 0) as ${name}_sum, count(${expr})::int as ${name}_n`,
      ),
    )
    .join(", ");
  const all = [...fuelCols, ...seriesCols];
  return sql`(select org_id, ship_id, hour, ${sql.raw(all.map((c) => `sum(${c}) as ${c}`).join(", "))} from (
      select org_id, ship_id, hour, ${sql.raw(fuelSums)}
      from ${fuel} r group by 1, 2, 3
      union all
      select org_id, ship_id, ${sql.raw(HOUR_OF_TS)} as hour, ${sql.raw(seriesSums)}
      from trim_data where org_id = ${orgId} and ship_id in (${ships}) and ts >= ${from} and ts < ${to}
      group by 1, 2, 3) u
    group by 1, 2, 3)`;
}

/** Per row of `trim_hourly`/`trim_daily`: the selected consumers' hours, hours at sea (`sea`), fuel and STW sums. */
export function consumerSums(consumers: readonly Consumer[]): SQL {
  // trim is about propulsion and the hotel load: boilers have no columns in trim_hourly (as no power)
  const engines = consumers.filter((c) => c !== "boiler");
  const p = (engines.length > 0 ? engines : (["auxiliary"] as const)).map((c) =>
    c === "main" ? "main" : "aux",
  );
  const col = (c: string) => p.map((x) => `${x}_${c}`);
  // time is the ship's: the larger consumer's hours, not their sum
  const greatest = (c: string) => (p.length > 1 ? `greatest(${col(c).join(", ")})` : col(c)[0]!);
  const sum = (c: string) => col(c).join(" + ");
  return sql.raw(`${greatest("hours")} as hours, ${greatest("hours_at_sea")} as sea, ${sum("fuel_t")} as fuel_t,
    ${sum("stw_kn_hours")} as stw_kn_hours, ${sum("stw_hours")} as stw_hours`);
}

/** A row of `consumerSums` spent sailing (domain `sailingPointOfSums`): mostly at sea, at passage speed, fuel burnt. */
export const SAILING_SQL = `hours > 0 and sea >= ${AT_SEA_SHARE_FOR_FIT} * hours and stw_hours > 0
  and stw_kn_hours / stw_hours >= ${MIN_FIT_SPEED_KN} and fuel_t > 0`;
