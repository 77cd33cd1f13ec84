/**
 * Why the data quality of the last 30 days (data-quality.ts) has no value, in words with the one action that
 * gives it one: no fuel record at all, none in the window (the newest is older: an upload of past data, issue
 * 35 item 2), or too few in it to measure. One text for every place that shows the figure (System Status,
 * Database Admin, the Analysis Center's sidebar).
 */
import { sql } from "drizzle-orm";
import { DAY_MS } from "../../domain/time/units";
import type { Db } from "../db/client";
import {
  DATA_QUALITY_WINDOW_DAYS,
  type DataQualitySummary,
  fuelDataQuality,
  shipFilter,
} from "./data-quality";

/** The reason for a newest fuel record before `now` (null: none at all), as of `now`. */
export function dataQualityEmptyText(newest: Date | null, now: Date): string {
  if (newest === null) return "No fuel records yet: add them with Data Input & Tools or upload a file.";
  if (newest.getTime() < now.getTime() - DATA_QUALITY_WINDOW_DAYS * DAY_MS)
    return (
      `The newest fuel record is ${newest.toISOString().slice(0, 10)}: nothing in the last ` +
      `${DATA_QUALITY_WINDOW_DAYS} days to measure. Add or upload recent records.`
    );
  return (
    `Too few fuel records in the last ${DATA_QUALITY_WINDOW_DAYS} days to measure: at least two per engine ` +
    "(within a voyage, for a ship with voyages). Add more records."
  );
}

/** The data quality of the ships (every ship for null) and, when it has no value, why (else null). */
export async function fuelDataQualityWithReason(
  db: Db,
  orgId: number,
  shipIds: number[] | null,
  now: Date,
): Promise<{ quality: DataQualitySummary | null; emptyReason: string | null }> {
  const quality = await fuelDataQuality(db, orgId, shipIds, now);
  if (quality !== null) return { quality, emptyReason: null };
  const res = await db.execute(sql`
    select max(ts)::text as newest from fuel_data
    where org_id = ${orgId} ${shipFilter(shipIds)} and ts < ${now.toISOString()}::timestamptz`);
  const newest = (res.rows[0] as { newest: string | null } | undefined)?.newest ?? null;
  return { quality, emptyReason: dataQualityEmptyText(newest === null ? null : new Date(newest), now) };
}
