/**
 * Where an export's rows go: an .xlsx workbook (one sheet per record type) or a CSV file (one type). Both
 * write into a byte stream that the HTTP answer reads, and `rows` waits while that stream is full, so a
 * slow client slows the database reads instead of filling memory.
 */
import { once } from "node:events";
import type { PassThrough } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ExportColumn } from "./export-sheets";
import { csvLine, type ExportCell, safeCell } from "./spreadsheet-cell";
import { XlsxWriter } from "./xlsx-writer";

export type ExportSink = {
  sheet: (name: string, columns: ExportColumn[]) => void;
  rows: (rows: ExportCell[][]) => Promise<void>;
  finish: () => Promise<void>;
};

/** The client went away (the answer's stream was destroyed): the export stops reading. */
export class ExportAborted extends Error {
  constructor() {
    super("the client closed the export");
  }
}

/**
 * Waits for `event` on `emitter` or for the answer's stream to close, whichever comes first, and removes
 * both listeners (left behind, one pair a batch piled up on a ten-year export).
 */
async function eventOrClose(emitter: NodeJS.EventEmitter, event: string, out: PassThrough): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([
      once(emitter, event, { signal: done.signal }),
      once(out, "close", { signal: done.signal }),
    ]);
  } finally {
    done.abort();
  }
}

/** Waits until the client has read what is buffered; throws ExportAborted once the stream is destroyed. */
async function drained(out: PassThrough): Promise<void> {
  while (out.writableNeedDrain && !out.destroyed) {
    await eventOrClose(out, "drain", out);
  }
  if (out.destroyed) throw new ExportAborted();
}

/**
 * Rows written between two turns of the event loop: about 10 ms of work. A batch of 5,000 rows written at once
 * held the loop for 90 ms and more, and four ten-year exports side by side put /api/health's p99 at 2.4 s
 * (issue 30 item 5).
 */
export const ROWS_PER_TURN = 500;

/** A streamed .xlsx (xlsx-writer.ts): one sheet per record type, rows as they come, memory flat for a ten-year ship. */
export function xlsxSink(out: PassThrough): ExportSink {
  const workbook = new XlsxWriter(out);
  // one listener for the whole export: every wait ends when the client goes away
  const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
  return {
    sheet(name, columns) {
      workbook.addSheet(
        name,
        columns.map((c) => ({
          header: c.header,
          width: Math.max(12, Math.min(40, c.header.length + 2)),
          ...(c.kind === "date" ? { date: c.header.includes("UTC") ? "date-time" : "day" } : {}),
        })),
      );
    },
    async rows(rows) {
      for (let i = 0; i < rows.length; i += ROWS_PER_TURN) {
        if (i > 0) await nextTurn();
        await workbook.addRows(
          rows.slice(i, i + ROWS_PER_TURN).map((row) => row.map(safeCell)),
          closed,
        );
        if (out.destroyed) throw new ExportAborted();
      }
      await drained(out);
    },
    async finish() {
      await workbook.finish(closed);
    },
  };
}

/** A CSV file (UTF-8 with a byte-order mark, so that Excel reads the units' ° and · right; CRLF lines). */
export function csvSink(out: PassThrough): ExportSink {
  let started = false;
  return {
    sheet(_name, columns) {
      if (started) throw new Error("a CSV export holds one record type");
      started = true;
      out.write(`\uFEFF${csvLine(columns.map((c) => c.header))}`);
    },
    async rows(rows) {
      out.write(rows.map(csvLine).join(""));
      await drained(out);
    },
    async finish() {
      out.end();
    },
  };
}
