/**
 * The records the live tiles read (domain/live/live-series.ts): fuel, environmental and trim records of one
 * ship as `{kind, ts, consumer, values}` with a value per live series key. Two reads: the last day before
 * each table's newest record (the snapshot's tiles and sparklines; by (org_id, ship_id, ts) index), and the
 * records of a span or after an instant (what the stream pushes after a write, or on resume). Column
 * names come from the record types (records/record-types.ts), never from input.
 */
import { sql } from "drizzle-orm";
import { LIVE_SERIES, type LiveRecordKind } from "../../domain/live/live-series";
import type { Db } from "../db/client";
import { RECORD_TYPES, sqlColumn } from "../records/record-types";
import type { Consumer } from "./span";

export type LiveRecord = {
  kind: LiveRecordKind;
  /** Epoch ms. */
  ts: number;
  consumer?: Consumer;
  values: Record<string, number>;
};

export const LIVE_KINDS: readonly LiveRecordKind[] = ["fuel", "environmental", "trim"];

/** Each kind's SQL table name and its live columns (column → the record field), without duplicates. */
const KIND_SQL = Object.fromEntries(
  LIVE_KINDS.map((kind) => {
    const type = RECORD_TYPES[kind];
    const table = (type.table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")]!;
    const fields = [...new Set(LIVE_SERIES.filter((s) => s.kind === kind).map((s) => s.field))];
    const columns = fields.map((field) => ({
      field,
      column: sqlColumn(type.table, type.fields[field]!).name,
    }));
    return [kind, { table, columns }];
  }),
) as Record<LiveRecordKind, { table: string; columns: { field: string; column: string }[] }>;

/** SQL table name → live kind (the data-written event names tables). */
export const LIVE_KIND_OF_TABLE: Record<string, LiveRecordKind> = Object.fromEntries(
  LIVE_KINDS.map((k) => [KIND_SQL[k].table, k]),
);

/** Most rows read per table in one call (a day of one-minute records of both consumers is 2,880). */
export const LIVE_ROWS_MAX = 5_000;

type Where =
  | { kind: "lastDay" }
  | { kind: "span"; fromMs: number; toMs: number }
  | { kind: "after"; afterMs: number };

function toRecord(kind: LiveRecordKind, row: Record<string, unknown>): LiveRecord {
  const values: Record<string, number> = {};
  const consumer = row.consumer as Consumer | undefined;
  for (const s of LIVE_SERIES) {
    if (s.kind !== kind || (s.consumer !== undefined && s.consumer !== consumer)) continue;
    const v = row[s.field];
    if (v !== null && v !== undefined) values[s.key] = Number(v);
  }
  return { kind, ts: Number(row.ms), ...(consumer ? { consumer } : {}), values };
}

/** One kind's records of the ship, oldest first. */
async function kindRecords(db: Db, orgId: number, shipId: number, kind: LiveRecordKind, where: Where) {
  const { table, columns } = KIND_SQL[kind];
  const select = columns.map((c) => `${c.column} as "${c.field}"`).join(", ");
  const consumer = kind === "fuel" ? "consumer, " : "";
  const t = sql.raw(table);
  const condition =
    where.kind === "lastDay"
      ? sql`ts > (select max(ts) from ${t} where org_id = ${orgId} and ship_id = ${shipId}) - interval '24 hours'`
      : where.kind === "span"
        ? sql`ts between ${new Date(where.fromMs).toISOString()}::timestamptz and ${new Date(where.toMs).toISOString()}::timestamptz`
        : sql`ts > ${new Date(where.afterMs).toISOString()}::timestamptz`;
  const result = await db.execute(
    sql`select (extract(epoch from ts) * 1000)::float8 as ms, ${sql.raw(consumer)}${sql.raw(select)}
        from ${t} where org_id = ${orgId} and ship_id = ${shipId} and ${condition}
        order by ts desc limit ${LIVE_ROWS_MAX}`,
  );
  return (result.rows as Record<string, unknown>[]).reverse().map((r) => toRecord(kind, r));
}

/** Records of the kinds asked, oldest first (ties: fuel, environmental, trim). */
export async function liveRecords(
  db: Db,
  orgId: number,
  shipId: number,
  where: Where,
  kinds: readonly LiveRecordKind[] = LIVE_KINDS,
): Promise<LiveRecord[]> {
  const lists = await Promise.all(kinds.map((k) => kindRecords(db, orgId, shipId, k, where)));
  return lists.flat().sort((a, b) => a.ts - b.ts);
}
