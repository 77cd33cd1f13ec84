/**
 * The hull analysis' days of a ship (rollup `hull_daily`, metrics/hull-record-sql.ts): per UTC day the
 * main-engine records, the filter's rejections by reason and the accepted records' log sums, in day order.
 */
import { type SQL, sql } from "drizzle-orm";
import type { HullDayInput } from "../../domain/hull/hull-intervals";
import type { Db } from "../db/client";
import { columnar } from "./columnar";
import { columnOf } from "./sql-values";

/** A stored day: exactly what the domain's hull analysis reads of it (domain hull/hull-intervals.ts). */
export type HullDay = HullDayInput;

const FIELDS = [
  "records",
  "missingData",
  "notSailing",
  "seaTemperature",
  "wind",
  "waves",
  "speedLog",
  "weatherImpact",
  "n",
  "su",
  "sy",
  "suu",
  "suy",
  "syy",
  "nTrim",
  "sTrim",
  "sDraught",
] as const;

/**
 * The ship's stored days in [from, to) (from the first day when `from` is null), as columnar arrays (one
 * JSON object, not one row object per day).
 */
export async function hullDays(
  db: Db,
  orgId: number,
  shipId: number,
  to: Date,
  from: Date | null = null,
): Promise<HullDay[]> {
  const since = from ? sql`and day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date` : sql``;
  return hullDaysWhere(
    db,
    orgId,
    shipId,
    sql`day < (${to.toISOString()}::timestamptz at time zone 'UTC') ${since}`,
  );
}

/**
 * The ship's stored days inside any of the periods [fromMs, toMs) (UTC midnights), in day order: what the
 * ISO indicators compare, without reading the years between them.
 */
export async function hullDaysInPeriods(
  db: Db,
  orgId: number,
  shipId: number,
  periods: readonly { fromMs: number; toMs: number }[],
): Promise<HullDay[]> {
  if (periods.length === 0) return [];
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const any = sql.join(
    periods.map((p) => sql`(day >= ${day(p.fromMs)}::date and day < ${day(p.toMs)}::date)`),
    sql` or `,
  );
  return hullDaysWhere(db, orgId, shipId, sql`(${any})`);
}

async function hullDaysWhere(db: Db, orgId: number, shipId: number, where: SQL): Promise<HullDay[]> {
  const c = await columnar(
    db,
    sql`(select (day::timestamp at time zone 'UTC') as t, ${sql.raw(FIELDS.map(columnOf).join(", "))}
      from hull_daily
      where org_id = ${orgId} and ship_id = ${shipId} and ${where})`,
    FIELDS,
  );
  return c.t.map((t, i) => ({
    dayMs: t * 1000,
    records: c.records[i]!,
    rejected: {
      "missing-data": c.missingData[i]!,
      "not-sailing": c.notSailing[i]!,
      "sea-temperature": c.seaTemperature[i]!,
      wind: c.wind[i]!,
      waves: c.waves[i]!,
      "speed-log": c.speedLog[i]!,
      "weather-impact": c.weatherImpact[i]!,
    },
    sums: { n: c.n[i]!, su: c.su[i]!, sy: c.sy[i]!, suu: c.suu[i]!, suy: c.suy[i]!, syy: c.syy[i]! },
    trim: { n: c.nTrim[i]!, sumTrimM: c.sTrim[i]!, sumDraughtM: c.sDraught[i]! },
  }));
}
