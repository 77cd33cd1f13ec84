/**
 * What a write touched, for the rollups: per ship, the span of the timestamps written. Every write path (a
 * form or API record, a per-type upload, a bulk workbook) notes each record it stores here, whatever its
 * type, and calls `refresh` in its transaction before committing, so that environmental, trim and auxiliary
 * records reach the daily rollups exactly as fuel records do, in whatever order they arrive.
 */
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import { SERIES_SUM_COLUMNS } from "../metrics/series-sql";
import { type Executor, refreshDailyRollup } from "./daily-rollup";

/**
 * The tables the daily rollups are computed from: fuel, and the series of `series_daily` and `trim_hourly`
 * (environmental, auxiliary, trim). Hull and compliance records are read raw; writing them refreshes nothing
 * (a year of them would otherwise recompute a year of rollups for no change).
 */
export const ROLLED_UP_TABLES: ReadonlySet<string> = new Set([
  "fuel_data",
  ...SERIES_SUM_COLUMNS.map(([, table]) => table),
]);

export class WrittenSpans {
  private readonly spans = new Map<number, { from: number; to: number }>();

  /** Notes a record of `table` (its SQL name) for `shipId` at `ts` (ms since the epoch). */
  note(table: string, shipId: number, ts: number): void {
    if (!ROLLED_UP_TABLES.has(table)) return;
    const span = this.spans.get(shipId);
    if (!span) this.spans.set(shipId, { from: ts, to: ts });
    else if (ts < span.from) span.from = ts;
    else if (ts > span.to) span.to = ts;
  }

  get size(): number {
    return this.spans.size;
  }

  /**
   * Recomputes the rollups of the ships and days written, and of the MAX_RECORD_HOURS after them: a fuel
   * record's hours are the gap to the record before it, so a new record changes the next one's. Ships are
   * refreshed in ascending id order, so that the per-ship rollup locks taken by `refreshDailyRollup` are
   * always acquired in the same order by every transaction (no deadlock between two multi-ship uploads).
   */
  async refresh(db: Executor, orgId: number): Promise<void> {
    const shipIds = [...this.spans.keys()].sort((a, b) => a - b);
    for (const shipId of shipIds) {
      const span = this.spans.get(shipId)!;
      const to = new Date(span.to + MAX_RECORD_HOURS * 3_600_000);
      await refreshDailyRollup(db, orgId, [shipId], new Date(span.from), to);
    }
  }
}
