/**
 * An export written into a byte stream (issue 17 item 2): the sink of its format on a PassThrough that the
 * HTTP answer reads, with back-pressure. Run on the server's thread, or in a report thread that posts the
 * stream's bytes to the answer (reports/report-threads.ts).
 */
import { PassThrough } from "node:stream";
import { EXPORT_TYPES, type ExportFormat, type ExportType } from "../../contracts/exports";
import type { AnalysisRange } from "../analysis/context";
import type { Db } from "../db/client";
import type { ExportScope } from "./export-reader";
import { csvSink, ExportAborted, xlsxSink } from "./export-sink";
import { writeExport } from "./export-workbook";

/** Buffered bytes before the export waits for the client (backpressure). */
export const STREAM_BUFFER_BYTES = 1 << 20;

/** What an export covers: its format, the CSV's record type, the ship and range resolved by the route. */
export type ExportRequest = {
  format: ExportFormat;
  type: ExportType;
  scope: ExportScope;
  range: AnalysisRange;
  now: Date;
};

/** Where an export says how it ended: the client closed it, or it failed half-way (the download is cut). */
export type ExportLog = {
  info: (message: string) => void;
  error: (fields: { err: unknown }, message: string) => void;
};

/**
 * Starts writing an export into a stream and returns the stream. A failure half-way (the database killed)
 * destroys the stream with the error, so the HTTP answer is cut rather than ended as if whole.
 */
export function streamExport(db: Db, request: ExportRequest, log: ExportLog): PassThrough {
  const { format, type, scope, range, now } = request;
  const out = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  const sink = format === "xlsx" ? xlsxSink(out) : csvSink(out);
  const types = format === "xlsx" ? EXPORT_TYPES : [type];
  writeExport(db, sink, types, scope, range, now).catch((err: unknown) => {
    if (err instanceof ExportAborted) log.info("export closed by the client");
    else log.error({ err }, "export failed half-way; the download is cut");
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
