/**
 * The daily data-quality store (`data_quality_daily`, issue 20): the value checks of every fuel record
 * (plausible, stuck, outlier: domain checkValues) are computed when records are written, per ship, consumer and
 * UTC day, and kept with the record's time; System Status then sums the tallies of the window's records and
 * computes completeness from their times, instead of aggregating a month of raw records into Node and running
 * the Hampel filter on each read (2.2 s for 50 ships).
 *
 * Window edges. A record's checks look at its neighbours: a stuck run needs DEFAULT_STUCK_RUN − 1 records on
 * each side, the Hampel filter HAMPEL_HALF_WINDOW in-range values of the field. A day is therefore checked with
 * CONTEXT_RECORDS records of its series before and after it (whatever day they lie in), and a write recomputes
 * every day holding one of the CONTEXT_RECORDS records on either side of what it wrote. So a record's tally is
 * the one the whole series would give it. The 30-day window read from raw records starts at `now − 30 days`
 * and does not see the records before it: for its first values (at most 11 per field for stuck, 12 in-range
 * values per field for outliers) it judges on truncated neighbours where the store judges on the real ones.
 * That is the only difference (tested: data-quality-daily.test.ts); completeness, cadence and plausibility are
 * equal exactly.
 */
import { sql } from "drizzle-orm";
import { checkValues, type QualitySample } from "../../domain/data-quality/data-quality-score";
import { HAMPEL_HALF_WINDOW } from "../../domain/data-quality/outliers";
import { DEFAULT_STUCK_RUN } from "../../domain/data-quality/stuck-values";
import { DAY_MS } from "../../domain/time/units";
import type { Executor } from "../db/client";
import { FUEL_QUALITY_FIELDS, type FuelQualityField, fuelValueChecks } from "./fuel-value-checks";
import { packTally } from "./quality-tally";

/** Neighbours on each side a day is checked with: the stuck run's and the Hampel window's reach, with room for null and implausible values. */
export const CONTEXT_RECORDS = Math.max(DEFAULT_STUCK_RUN, HAMPEL_HALF_WINDOW) * 5;
/**
 * Days kept (before today, by the clock at the time of writing): the 30-day window, the day it starts in, and a
 * day of margin. Older days are never read by System Status, so a ten-year upload checks one month, not ten years.
 */
export const DATA_QUALITY_STORE_DAYS = 32;
const CONSUMERS = ["main", "auxiliary"] as const;

export const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
/** The first day the store holds, as of `clockMs`. */
export const storeHorizon = (clockMs: number) => startOfUtcDay(clockMs) - DATA_QUALITY_STORE_DAYS * DAY_MS;

const iso = (ms: number) => new Date(ms).toISOString();
const fieldCols = sql.raw(
  Object.entries(FUEL_QUALITY_FIELDS)
    .map(([k, c]) => `${c} as "${k}"`)
    .join(", "),
);

type RawRow = { t: number; fuel_type: string } & Record<FuelQualityField, number | null>;

/**
 * Recomputes the stored days of the ships' fuel records written in [from, to] (and of the records whose
 * neighbours those are), in the caller's transaction; refreshDailyRollup calls it under the ships' rollup lock.
 */
export async function refreshDataQualityDaily(
  db: Executor,
  orgId: number,
  shipIds: number[],
  from: Date,
  to: Date,
  clockMs = Date.now(),
): Promise<void> {
  const horizon = storeHorizon(clockMs);
  if (to.getTime() < horizon) return;
  for (const shipId of shipIds)
    for (const consumer of CONSUMERS) {
      await refreshSeries(db, orgId, shipId, consumer, from.getTime(), to.getTime(), horizon);
    }
}

async function refreshSeries(
  db: Executor,
  orgId: number,
  shipId: number,
  consumer: string,
  from: number,
  to: number,
  horizon: number,
): Promise<void> {
  const series = sql`org_id = ${orgId} and ship_id = ${shipId} and consumer = ${consumer}`;
  // The records whose tally a write in [from, to] can change: CONTEXT_RECORDS on either side of it.
  const reach = await db.execute(sql`
    select
      (select extract(epoch from min(ts)) * 1000 from (select ts from fuel_data where ${series}
        and ts < ${iso(from)}::timestamptz order by ts desc limit ${CONTEXT_RECORDS}) b)::float8 as lo,
      (select extract(epoch from max(ts)) * 1000 from (select ts from fuel_data where ${series}
        and ts > ${iso(to)}::timestamptz order by ts limit ${CONTEXT_RECORDS}) a)::float8 as hi`);
  const r = reach.rows[0] as { lo: number | null; hi: number | null };
  const dayLo = Math.max(horizon, startOfUtcDay(Math.min(r.lo ?? from, from)));
  const dayHi = startOfUtcDay(Math.max(r.hi ?? to, to)) + DAY_MS;
  if (dayLo >= dayHi) return;
  const cols = sql`extract(epoch from ts)::float8 * 1000 as t, fuel_type, ${fieldCols}`;
  const res = await db.execute(sql`
    (select ${cols} from fuel_data where ${series} and ts < ${iso(dayLo)}::timestamptz
      order by ts desc limit ${CONTEXT_RECORDS})
    union all
    (select ${cols} from fuel_data where ${series}
      and ts >= ${iso(dayLo)}::timestamptz and ts < ${iso(dayHi)}::timestamptz)
    union all
    (select ${cols} from fuel_data where ${series} and ts >= ${iso(dayHi)}::timestamptz
      order by ts limit ${CONTEXT_RECORDS})`);
  const rows = (res.rows as RawRow[]).sort((a, b) => a.t - b.t);
  const samples: QualitySample[] = rows.map((row) => ({
    timestamp: new Date(row.t),
    fuelType: row.fuel_type,
    values: Object.fromEntries(Object.keys(FUEL_QUALITY_FIELDS).map((k) => [k, row[k as FuelQualityField]])),
  }));
  const { perSample } = checkValues(samples, fuelValueChecks(consumer));
  const days = new Map<number, { ms: number[]; tallies: number[] }>();
  rows.forEach((row, i) => {
    if (row.t < dayLo || row.t >= dayHi) return;
    const day = startOfUtcDay(row.t);
    let d = days.get(day);
    if (!d) {
      d = { ms: [], tallies: [] };
      days.set(day, d);
    }
    d.ms.push(row.t - day);
    d.tallies.push(packTally(perSample[i]!));
  });
  await db.execute(sql`delete from data_quality_daily where ${series}
    and day >= ${iso(dayLo).slice(0, 10)}::date and day < ${iso(dayHi).slice(0, 10)}::date`);
  if (days.size === 0) return;
  const values = [...days].map(
    ([day, d]) =>
      sql`(${orgId}, ${shipId}, ${consumer}, ${iso(day).slice(0, 10)}::date, ${`{${d.ms.join(",")}}`}::int[], ${`{${d.tallies.join(",")}}`}::int[])`,
  );
  await db.execute(
    sql`insert into data_quality_daily (org_id, ship_id, consumer, day, ms, tallies) values ${sql.join(values, sql`, `)}`,
  );
}
