/**
 * Reads the records of an export in batches, by keyset on (ts, id) over the series' `(org_id, ship_id, ts)`
 * index: each batch is one short statement on the heavy pool the route and the report threads read with (no
 * connection held for minutes, no cursor left open if the client goes away), and memory holds one batch at a time
 * whatever the range's length.
 */

import { sql } from "drizzle-orm";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import type { Db } from "../db/client";
import type { Consumer } from "../metrics/span";
import type { SeriesSheet } from "./export-sheets";
import type { ExportCell } from "./spreadsheet-cell";

/** Rows per statement: large enough that the round trips cost little, small enough to keep memory flat. */
export const EXPORT_BATCH_ROWS = 5000;

export type ExportScope = {
  orgId: number;
  ship: ShipProfile;
  from: Date;
  to: Date;
  consumers: readonly Consumer[];
  /** The voyage the dashboard's filter restricts to, or null. */
  voyageId: number | null;
};

type Row = Record<string, unknown> & {
  id: number;
  ts_ms: number;
  ts_key: string;
  voyage_number: string | null;
};

/** An instant as epoch milliseconds (the driver gives timestamptz as text; this keeps the millisecond). */
const MS = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** A stored value as a cell: numbers stay numbers, `date` columns (read as text) become UTC days. */
function cell(value: unknown, kind: "date" | "number" | "text"): ExportCell {
  if (value === null || value === undefined) return null;
  if (kind === "date") return new Date(`${String(value)}T00:00:00Z`);
  if (typeof value === "number" || typeof value === "string") return value;
  return String(value);
}

/** The rows of a series type that an export covers: the ship, the range and (fuel) the engine filter. */
function inScope(sheet: SeriesSheet, scope: ExportScope) {
  const consumers = sql.join(
    scope.consumers.map((c) => sql`${c}`),
    sql`, `,
  );
  const consumer = sheet.byConsumer ? sql`and r.consumer in (${consumers})` : sql``;
  return sql`r.org_id = ${scope.orgId} and r.ship_id = ${scope.ship.id}
    and r.ts >= ${scope.from.toISOString()}::timestamptz and r.ts < ${scope.to.toISOString()}::timestamptz
    ${consumer}`;
}

/** How many rows `seriesRows` will give: the export's progress announces it before the first byte. */
export async function countSeriesRows(db: Db, sheet: SeriesSheet, scope: ExportScope): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(sheet.tableName)} r where ${inScope(sheet, scope)}`,
  );
  return Number((res.rows[0] as { n: number }).n);
}

/** The batches of one series type's rows in the scope, oldest first: Date, Ship, measured fields, Voyage. */
export async function* seriesRows(
  db: Db,
  sheet: SeriesSheet,
  scope: ExportScope,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<ExportCell[][]> {
  const measured = sheet.columns.slice(2, -1);
  const columns = sql.join(
    sheet.sqlColumns.map((name, i) =>
      measured[i]!.kind === "date"
        ? sql`r.${sql.identifier(name)}::text as ${sql.identifier(name)}`
        : sql`r.${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  let after: { ts: string; id: number } | null = null;
  for (;;) {
    const keyset = after ? sql`and (r.ts, r.id) > (${after.ts}::timestamptz, ${after.id})` : sql``;
    const res = await db.execute(sql`
      select r.id, ${MS("r.ts")} as ts_ms, r.ts::text as ts_key, v.voyage_number, ${columns}
      from ${sql.identifier(sheet.tableName)} r
      left join voyages v on v.id = r.voyage_id and v.org_id = r.org_id
      where ${inScope(sheet, scope)} ${keyset}
      order by r.ts, r.id
      limit ${batchRows}`);
    const rows = res.rows as Row[];
    if (rows.length === 0) return;
    yield rows.map((r) => [
      new Date(r.ts_ms),
      scope.ship.name,
      ...sheet.sqlColumns.map((name, i) => cell(r[name], measured[i]!.kind)),
      r.voyage_number,
    ]);
    if (rows.length < batchRows) return;
    const last = rows[rows.length - 1]!;
    after = { ts: last.ts_key, id: last.id };
  }
}

type VoyageRow = {
  voyage_number: string;
  origin: string;
  destination: string;
  departure_ms: number;
  arrival_ms: number | null;
  cargo_tonnes: number | null;
  status: string;
};

/** The ship's voyages that overlap the scope (only the selected one when the filter names a voyage). */
export async function voyageRows(db: Db, scope: ExportScope): Promise<ExportCell[][]> {
  const only = scope.voyageId === null ? sql`` : sql`and id = ${scope.voyageId}`;
  const res = await db.execute(sql`
    select voyage_number, origin, destination, ${MS("departure_date")} as departure_ms,
      ${MS("arrival_date")} as arrival_ms, cargo_tonnes, status
    from voyages
    where org_id = ${scope.orgId} and ship_id = ${scope.ship.id}
      and departure_date < ${scope.to.toISOString()}::timestamptz
      and (arrival_date is null or arrival_date >= ${scope.from.toISOString()}::timestamptz) ${only}
    order by departure_date, id`);
  return (res.rows as VoyageRow[]).map((v) => [
    scope.ship.name,
    v.voyage_number,
    v.origin,
    v.destination,
    new Date(v.departure_ms),
    v.arrival_ms === null ? null : new Date(v.arrival_ms),
    v.cargo_tonnes,
    v.status,
  ]);
}
