/**
 * Where an export's rows go: an .xlsx workbook (one sheet per record type) or a CSV file (one type). Both
 * write into a byte stream that the HTTP answer reads, and `rows` waits while that stream is full, so a
 * slow client slows the database reads instead of filling memory.
 */
import { once } from "node:events";
import type { PassThrough, Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import ExcelJS from "exceljs";
import type { ExportColumn } from "./export-sheets";
import { csvLine, type ExportCell, safeCell } from "./spreadsheet-cell";

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
 * The stream a sheet's XML waits in before archiver compresses it. exceljs writes a sheet into a StreamBuf
 * that archiver pipes into a PassThrough, ignoring backpressure: without waiting here a ten-year sheet piled
 * up in it uncompressed (measured: peak RSS +465 MB; waiting, flat). exceljs 4.4 internals, checked by the
 * export benchmark and the read-back tests.
 */
function sheetQueue(sheet: ExcelJS.Worksheet): Writable | null {
  const pipes = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes;
  return pipes?.[0] ?? null;
}

/** Whether a stream's buffer is over its mark (archiver's PassThrough is readable-stream's, without `writableNeedDrain`). */
function needsDrain(stream: Writable): boolean {
  const legacy = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return stream.writableNeedDrain ?? legacy?.needDrain ?? false;
}

/** Waits until archiver has taken the sheet's XML written so far (or the client went away). */
async function compressed(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const queue = sheetQueue(sheet);
  while (queue && needsDrain(queue) && !out.destroyed) {
    await eventOrClose(queue, "drain", out);
  }
}

/**
 * Rows exceljs writes between two turns of the event loop: about 10 ms of its work (55k rows per CPU-second,
 * bench/export-sink.bench.ts). A batch of 5,000 rows written at once held the loop for 90 ms and more, and
 * four ten-year exports side by side put /api/health's p99 at 2.4 s (issue 30 item 5).
 */
export const ROWS_PER_TURN = 500;

/** Excel's display format of the date columns (the cell holds a real date serial, UTC). */
const DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";
const DAY_FORMAT = "yyyy-mm-dd";

type StyleRegistry = { addStyleModel: (model: object, cellType?: number) => number };

/**
 * exceljs gives every cell a style object of its own (merged from its row and column) and registers it per
 * cell: it builds the style's XML to find its id, a tenth of the export's CPU in a profile of the xlsx sink.
 * The id depends only on the style's content and the cell type, so it is cached by those (a handful of keys:
 * the date formats, the header's bold font, plain). exceljs 4.4 internals, checked by the read-back tests.
 */
function cacheStyleIds(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const styles = (workbook as unknown as { styles?: StyleRegistry }).styles;
  if (!styles || typeof styles.addStyleModel !== "function") return;
  const register = styles.addStyleModel.bind(styles);
  const ids = new Map<string, number>();
  styles.addStyleModel = (model, cellType) => {
    const key = `${cellType}|${JSON.stringify(model)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = register(model, cellType);
      ids.set(key, id);
    }
    return id;
  };
}

/**
 * A streamed .xlsx (exceljs WorkbookWriter): rows are committed as they come and inline strings are used
 * (no shared-string table growing with the file), so memory stays flat for a ten-year ship.
 */
export function xlsxSink(out: PassThrough): ExportSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  cacheStyleIds(workbook);
  workbook.creator = "Sextant";
  let sheet: ExcelJS.Worksheet | null = null;
  return {
    sheet(name, columns) {
      sheet?.commit();
      sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({
        header: c.header,
        width: Math.max(12, Math.min(40, c.header.length + 2)),
        style: c.kind === "date" ? { numFmt: c.header.includes("UTC") ? DATE_FORMAT : DAY_FORMAT } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    async rows(rows) {
      for (let i = 0; i < rows.length; i += ROWS_PER_TURN) {
        if (i > 0) await nextTurn();
        for (const row of rows.slice(i, i + ROWS_PER_TURN)) sheet!.addRow(row.map(safeCell)).commit();
      }
      await compressed(sheet!, out);
      await drained(out);
    },
    async finish() {
      sheet?.commit();
      await workbook.commit();
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
