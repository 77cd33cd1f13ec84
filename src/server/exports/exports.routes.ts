/**
 * `GET /api/exports/:shipId?format=xlsx|csv&type=&…filters` (issue 17 item 2): the records of the dashboard's
 * range as a streamed workbook (every type, one sheet each) or a CSV (one type; `fuel` is the
 * specification's CSV). The ship and the range are resolved before the answer starts, so a missing ship or a
 * database that is away answers 404 or 503 as usual; a failure once bytes have left aborts the download
 * (the client sees a cut transfer, never a file that looks whole), and the process goes on. An export is heavy
 * work (http/heavy-work.ts): it holds a slot of the organisation's fair share until its last byte, and reads
 * on the heavy pool.
 */
import { PassThrough } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EXPORT_RECORDS_HEADER,
  EXPORT_TYPES,
  type ExportFormat,
  type ExportType,
  exportParams,
  exportQuery,
} from "../../contracts/exports";
import { type AnalysisRange, loadAnalysisContext } from "../analysis/context";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import type { Db } from "../db/client";
import { heavyWork } from "../http/heavy-work";
import type { ExportScope } from "./export-reader";
import { csvSink, ExportAborted, xlsxSink } from "./export-sink";
import { exportRecordCount, exportScope, writeExport } from "./export-workbook";

/** Buffered bytes before the export waits for the client (backpressure). */
const STREAM_BUFFER_BYTES = 1 << 20;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/**
 * Starts writing an export into a stream and returns the stream. A failure half-way (the database killed)
 * destroys the stream with the error, so the HTTP answer is cut rather than ended as if whole.
 */
export function streamExport(
  db: Db,
  format: ExportFormat,
  type: ExportType,
  scope: ExportScope,
  range: AnalysisRange,
  log: FastifyBaseLogger,
  now = new Date(),
): PassThrough {
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

/** A file name of the ship and range, in characters every file system and header takes. */
export function exportFileName(shipName: string, from: Date, to: Date, suffix: string, format: ExportFormat) {
  const slug =
    shipName
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "ship";
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `sextant-${slug}-${day(from)}-${day(new Date(to.getTime() - 1))}${suffix}.${format}`;
}

export const exportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const db = database.heavyDb;
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/exports/:shipId",
    {
      preHandler: heavyWork,
      schema: {
        tags: ["exports"],
        description:
          "The ship's records over the dashboard's filters: format=xlsx (default) a workbook with the ship, its " +
          "voyages and one sheet per record type; format=csv one record type (`type`, default fuel: the " +
          "specification's columns). Units in the headers, dates as dates, text that would start a formula " +
          "prefixed with ' (OWASP CSV injection). Streamed; X-Export-Records announces the record rows it holds.",
        params: exportParams,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const { format, type, ...filters } = request.query;
      const ctx = await loadAnalysisContext(db, orgId, request.params.shipId, filters);
      const scope = exportScope(orgId, ctx.ship, ctx.range);
      const suffix = format === "csv" ? `-${type}` : "";
      const name = exportFileName(ctx.ship.name, ctx.range.from, ctx.range.to, suffix, format);
      // Counted before the first byte (an index-only count), so the client can show how far a long export is.
      const records = await exportRecordCount(db, format === "xlsx" ? EXPORT_TYPES : [type], scope);
      const out = streamExport(db, format, type, scope, ctx.range, request.log, ctx.now);
      return reply
        .header("content-type", CONTENT_TYPES[format])
        .header(EXPORT_RECORDS_HEADER, String(records))
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(out);
    },
  );
};
