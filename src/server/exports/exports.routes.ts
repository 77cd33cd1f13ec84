/**
 * `GET /api/exports/:shipId?format=xlsx|csv&type=&…filters` (issue 17 item 2): the records of the dashboard's
 * range as a streamed workbook (every type, one sheet each) or a CSV (one type; `fuel` is the
 * specification's CSV). The ship and the range are resolved before the answer starts, so a missing ship or a
 * database that is away answers 404 or 503 as usual; a failure once bytes have left aborts the download
 * (the client sees a cut transfer, never a file that looks whole), and the process goes on. An export is heavy
 * work (issue 30 item 5): it holds a slot of the organisation's fair share until its last byte
 * (http/heavy-work.ts), resolves on the heavy pool and is written in a report thread.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EXPORT_RECORDS_HEADER,
  EXPORT_TYPES,
  type ExportFormat,
  exportParams,
  exportQuery,
} from "../../contracts/exports";
import { loadAnalysisContext } from "../analysis/context";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { shipFromParam } from "../auth/ship-scope";
import { heavyWork } from "../http/heavy-work";
import { readTarget } from "../http/read-routing";
import { exportRecordCount, exportScope } from "./export-workbook";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

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
      config: { shipScope: shipFromParam("shipId") },
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
      // on a read replica fit for the caller, else the heavy pool (decision 044)
      const readFrom = readTarget(request);
      const { ctx, scope, records } = await app.reads.readOn(
        readFrom,
        async (readDb) => {
          const ctx = await loadAnalysisContext(readDb, orgId, request.params.shipId, filters);
          const scope = exportScope(orgId, ctx.ship, ctx.range);
          // Counted before the first byte (an index-only count), so the client can show how far a long export is.
          const records = await exportRecordCount(readDb, format === "xlsx" ? EXPORT_TYPES : [type], scope);
          return { ctx, scope, records };
        },
        db,
      );
      const suffix = format === "csv" ? `-${type}` : "";
      const name = exportFileName(ctx.ship.name, ctx.range.from, ctx.range.to, suffix, format);
      // written in a report thread (reports/report-threads.ts): exceljs' CPU stays off the event loop; a replica
      // that failed the count above is down by now, and the rows are read on the primary
      const out = app.reportThreads.stream(
        { format, type, scope, range: ctx.range, now: ctx.now },
        request.log,
        app.reads.isUp(readFrom) ? readFrom : undefined,
      );
      return reply
        .header("content-type", CONTENT_TYPES[format])
        .header(EXPORT_RECORDS_HEADER, String(records))
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(out);
    },
  );
};
