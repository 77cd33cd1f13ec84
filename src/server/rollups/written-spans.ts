/**
 * What a write touched, for the rollups: per ship, the span of the timestamps written. Every write path (a
 * form or API record, a per-type upload, a bulk workbook) notes each record it stores here, whatever its
 * type, and calls `refresh` in its transaction before committing, so that environmental, trim and auxiliary
 * records reach the daily rollups exactly as fuel records do, in whatever order they arrive. `refresh` also
 * announces the write (events/data-written.ts), for every table noted, on commit.
 */
import { sql } from "drizzle-orm";
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import type { Executor } from "../db/client";
import { notifyDataWritten } from "../events/data-written";
import { SERIES_SUM_COLUMNS } from "../metrics/series-sql";
import { refreshDailyRollup } from "./daily-rollup";

/**
 * The tables the daily rollups are computed from: fuel, and the series of `series_daily` and `trim_hourly`
 * (environmental, auxiliary, trim). Hull and compliance records are read raw; writing them refreshes nothing
 * (a year of them would otherwise recompute a year of rollups for no change).
 */
export const ROLLED_UP_TABLES: ReadonlySet<string> = new Set([
  "fuel_data",
  ...SERIES_SUM_COLUMNS.map(([, table]) => table),
]);

/** A span of record timestamps, ms since the epoch. */
export type Span = { from: number; to: number };

/**
 * Recomputes one ship's rollups for the records written over `span`, and over the MAX_RECORD_HOURS after
 * it: a fuel record's hours are the gap to the record before it, so a new record changes the next one's.
 * The one rule of what a write owes the rollups, for writes that refresh in their own transaction and for
 * the catch-up of deferred ones (pending-rollups.ts).
 */
export function refreshShipSpan(db: Executor, orgId: number, shipId: number, span: Span): Promise<void> {
  const to = new Date(span.to + MAX_RECORD_HOURS * 3_600_000);
  return refreshDailyRollup(db, orgId, [shipId], new Date(span.from), to);
}

function widen(spans: Map<number, Span>, shipId: number, ts: number): void {
  const span = spans.get(shipId);
  if (!span) spans.set(shipId, { from: ts, to: ts });
  else if (ts < span.from) span.from = ts;
  else if (ts > span.to) span.to = ts;
}

export class WrittenSpans {
  /** Spans of the rolled-up tables: what `refresh` recomputes. */
  private readonly spans = new Map<number, Span>();
  /** Spans of every table, with the tables: what `refresh` announces. */
  private readonly announced = new Map<number, Span & { tables: Set<string> }>();

  /**
   * Notes a record of `table` (its SQL name) for `shipId` at `ts` (ms since the epoch; NaN for a record
   * without a time series timestamp, such as a maintenance event, announced with the time of writing).
   */
  note(table: string, shipId: number, ts: number): void {
    if (!Number.isInteger(shipId)) return; // a row of ships or voyages: no ship's data changed
    let written = this.announced.get(shipId);
    if (!written) {
      written = { from: Number.POSITIVE_INFINITY, to: Number.NEGATIVE_INFINITY, tables: new Set() };
      this.announced.set(shipId, written);
    }
    written.tables.add(table);
    if (!Number.isFinite(ts)) return;
    written.from = Math.min(written.from, ts);
    written.to = Math.max(written.to, ts);
    if (ROLLED_UP_TABLES.has(table)) widen(this.spans, shipId, ts);
  }

  /** Ships whose rolled-up records were written. */
  get size(): number {
    return this.spans.size;
  }

  /**
   * Recomputes the rollups of the ships and days written (`refreshShipSpan`). Ships are refreshed in
   * ascending id order, so that the per-ship rollup locks taken by `refreshDailyRollup` are always acquired
   * in the same order by every transaction (no deadlock between two multi-ship uploads). Then announces
   * every table written, per ship (delivered on commit).
   */
  async refresh(db: Executor, orgId: number): Promise<void> {
    const shipIds = [...this.spans.keys()].sort((a, b) => a - b);
    for (const shipId of shipIds) await refreshShipSpan(db, orgId, shipId, this.spans.get(shipId)!);
    await this.announce(db, orgId, false);
  }

  /**
   * Leaves the rollups to the catch-up (decision record 019): notes each ship's span in `rollup_pending`,
   * in the caller's transaction, and announces the write as `rollupsPending`. The transaction then takes no
   * rollup lock and recomputes nothing, so a machine's stream of small writes commits in the time of its
   * inserts; the catch-up recomputes a ship once for all the writes that arrived meanwhile.
   */
  async defer(db: Executor, orgId: number): Promise<void> {
    for (const [shipId, span] of this.spans) {
      await db.execute(
        sql`insert into rollup_pending (org_id, ship_id, from_ts, to_ts) values (${orgId}, ${shipId}, ${new Date(span.from).toISOString()}, ${new Date(span.to).toISOString()})`,
      );
    }
    await this.announce(db, orgId, this.spans.size > 0);
  }

  private async announce(db: Executor, orgId: number, rollupsPending: boolean): Promise<void> {
    const announced = [...this.announced].sort(([a], [b]) => a - b);
    const now = Date.now();
    const iso = (ms: number) => new Date(Number.isFinite(ms) ? ms : now).toISOString();
    await notifyDataWritten(
      db,
      announced.map(([shipId, span]) => ({
        orgId,
        shipId,
        from: iso(span.from),
        to: iso(span.to),
        tables: [...span.tables].sort(),
        ...(rollupsPending && this.spans.has(shipId) ? { rollupsPending } : {}),
      })),
    );
  }
}
