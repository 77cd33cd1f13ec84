/**
 * Per kind of record (contracts/analysis/record-presence.ts): whether the range holds one, and the ship's
 * newest. One query: two index descents per table on (org_id, ship_id, ts); fuel of the range's consumers.
 */
import { sql } from "drizzle-orm";
import { RECORD_KINDS, type RecordKind, type RecordsByKind } from "../../contracts/analysis/record-presence";
import type { Db } from "../db/client";
import type { Span } from "./span";
import { sqlList, tsParam } from "./sql-values";

const TABLE: Record<RecordKind, string> = {
  fuel: "fuel_data",
  environmental: "environmental_data",
  hull: "hull_condition",
  trim: "trim_data",
  auxiliary: "auxiliary_data",
};

export async function recordPresence(
  db: Db,
  orgId: number,
  shipId: number,
  range: Pick<Span, "from" | "to" | "consumers">,
): Promise<RecordsByKind> {
  const columns = RECORD_KINDS.map((kind) => {
    const t = sql.raw(TABLE[kind]);
    const own = sql`x.org_id = ${orgId} and x.ship_id = ${shipId}${
      kind === "fuel" ? sql` and x.consumer in (${sqlList(range.consumers)})` : sql``
    }`;
    return sql`exists (select 1 from ${t} x where ${own} and x.ts >= ${tsParam(range.from)}
        and x.ts < ${tsParam(range.to)}) as ${sql.raw(`${kind}_in`)},
      (select max(x.ts) from ${t} x where ${own})::text as ${sql.raw(`${kind}_newest`)}`;
  });
  const res = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = res.rows[0] as Record<string, boolean | string | null>;
  const of = (kind: RecordKind) => {
    const newest = row[`${kind}_newest`] as string | null;
    return {
      inRange: row[`${kind}_in`] === true,
      newest: newest === null ? null : new Date(newest).toISOString(),
    };
  };
  return {
    fuel: of("fuel"),
    environmental: of("environmental"),
    hull: of("hull"),
    trim: of("trim"),
    auxiliary: of("auxiliary"),
  };
}
