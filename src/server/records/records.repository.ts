/**
 * Reads and writes the time-series records of one organisation. A record is an upsert on its time-series key,
 * so a re-sent noon report updates the stored one instead of doubling it; every write refreshes the daily
 * rollups in the same transaction, so the dashboards never see a record without its rollup.
 */
import { and, desc, eq, getTableName, ne, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { SeriesRecord } from "../../contracts/dashboard";
import { presentRecord } from "../dashboard/dashboard.service";
import type { Db, Selector } from "../db/client";
import { type fuelData, ships, voyages } from "../db/schema";
import { badRequest } from "../http/errors";
import { WrittenSpans } from "../rollups/written-spans";
import type { RecordType, RecordValues } from "./record-types";

/** 400 unless the ship is in the organisation and the voyage (when given) is a voyage of that ship. */
export async function checkReferences(
  db: Selector,
  orgId: number,
  shipId: number,
  voyageId: number | null | undefined,
): Promise<void> {
  const [ship] = await db
    .select({ id: ships.id })
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, shipId)));
  // Another organisation's ship is reported exactly like a ship that does not exist.
  if (!ship) throw badRequest([{ field: "shipId", reason: "is not a ship of your fleet" }]);
  if (voyageId === null || voyageId === undefined) return;
  const [voyage] = await db
    .select({ shipId: voyages.shipId })
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.id, voyageId)));
  if (voyage?.shipId !== shipId) {
    throw badRequest([{ field: "voyageId", reason: "is not a voyage of this ship" }]);
  }
}

/** A stored row as the API shows it, with the type's API field names (trim's `draughtForeM` → `draughtFore`). */
export function presentSeriesRow(type: RecordType, row: Record<string, unknown>): SeriesRecord {
  const out: Record<string, unknown> = {
    id: row.id,
    shipId: row.shipId,
    voyageId: row.voyageId,
    ts: row.ts,
  };
  for (const [field, property] of Object.entries(type.fields)) out[field] = row[property];
  return presentRecord(out);
}

/** Validated API values → the table's insert values (without org). */
function toRow(type: RecordType, values: RecordValues, now: Date): Record<string, unknown> {
  const row: Record<string, unknown> = {
    shipId: values.shipId,
    voyageId: values.voyageId ?? null,
    ts: values.timestamp ?? now,
  };
  for (const [field, property] of Object.entries(type.fields)) row[property] = values[field] ?? null;
  return row;
}

/** Inserts the record, or updates the stored record with the same key; returns it as the API shows it. */
export async function upsertRecord(
  db: Db,
  type: RecordType,
  orgId: number,
  values: RecordValues,
): Promise<SeriesRecord> {
  const row = toRow(type, type.complete({ ...values }), new Date());
  // The union of six table types defeats Drizzle's generics; every table shares the series columns used here.
  const table = type.table as typeof fuelData;
  const columns = table as unknown as Record<string, typeof fuelData.ts>;
  const set = Object.fromEntries(
    ["voyageId", ...Object.values(type.fields)].filter((p) => !type.key.includes(p)).map((p) => [p, row[p]]),
  );
  return db.transaction(async (tx) => {
    await checkReferences(tx, orgId, row.shipId as number, row.voyageId as number | null);
    if (type.instant) await replaceInstant(tx, type, orgId, row);
    const [stored] = await tx
      .insert(table)
      .values({ ...row, orgId } as typeof fuelData.$inferInsert)
      .onConflictDoUpdate({ target: [table.orgId, ...type.key.map((k) => columns[k]!)], set })
      .returning();
    const written = new WrittenSpans();
    written.note(getTableName(table), row.shipId as number, (row.ts as Date).getTime());
    await written.refresh(tx, orgId);
    return presentSeriesRow(type, stored as Record<string, unknown>);
  });
}

/** Deletes the stored records of the row's instant whose key differs (record-types.ts `instant`). */
async function replaceInstant(
  tx: Pick<Db, "delete">,
  type: RecordType,
  orgId: number,
  row: Record<string, unknown>,
) {
  const table = type.table as typeof fuelData;
  // the key columns have other types per table (text, integer, timestamp): compared as the row holds them
  const columns = table as unknown as Record<string, PgColumn>;
  const others = type.key.filter((k) => !type.instant!.includes(k));
  await tx
    .delete(table)
    .where(
      and(
        eq(table.orgId, orgId),
        ...type.instant!.map((k) => eq(columns[k]!, row[k])),
        or(...others.map((k) => ne(columns[k]!, row[k]))),
      ),
    );
}

/** The organisation's records, newest first, of one ship when given. */
export async function listRecords(
  db: Db,
  type: RecordType,
  orgId: number,
  query: { shipId?: number; limit: number },
): Promise<SeriesRecord[]> {
  const table = type.table as typeof fuelData;
  const where =
    query.shipId === undefined
      ? eq(table.orgId, orgId)
      : and(eq(table.orgId, orgId), eq(table.shipId, query.shipId));
  const rows = await db.select().from(table).where(where).orderBy(desc(table.ts)).limit(query.limit);
  return rows.map((row) => presentSeriesRow(type, row));
}
