/**
 * Report downloads (issue 17): GET /api/reports/vessel/:shipId?<dashboard filters> → the PDF vessel report;
 * GET /api/reports/statements/:shipId/:year?kind=&format= → a regulatory statement (PDF or XLSX);
 * GET /api/reports/statements/fleet/:year → the fleet workbook (XLSX). Every member may download (reading);
 * another organisation's ship answers 404 like a missing one (getShipRow / loadAnalysisContext). Each is heavy
 * work (http/heavy-work.ts): a slot of the organisation's fair share, and reads on the heavy pool.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analysisQuery } from "../../contracts/analysis/filters";
import {
  fleetStatementParams,
  PDF_TYPE,
  statementParams,
  statementQuery,
  vesselReportParams,
  XLSX_TYPE,
} from "../../contracts/reports";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { heavyWork } from "../http/heavy-work";
import { getShipRow, listShipRows } from "../ships/ships.repository";
import { fileSlug } from "./report-format";
import { loadStatement } from "./statements/statement-data";
import { statementPdf } from "./statements/statement-pdf";
import { fleetWorkbook, statementXlsx } from "./statements/statement-xlsx";
import { buildVesselReport } from "./vessel-report";
import type { OpenAlertsQuery } from "./vessel-report-data";

/** `attachment; filename="…"` with the name in ASCII (file names are built from slugs: no quoting issue). */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

export type ReportRoutesOptions = AppDeps & { openAlerts?: OpenAlertsQuery };

export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (
  app,
  { database, openAlerts },
) => {
  const db = database.heavyDb;
  app.addHook("onRequest", signedInOnly);
  const tags = ["reports"];
  app.get(
    "/api/reports/vessel/:shipId",
    {
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "The PDF vessel report of the ship for the dashboard's filters (voyage, range, engine, from, to): " +
          "particulars, KPI cards, charts, hull and cleaning, CII, alerts, data quality, formulas. application/pdf.",
        params: vesselReportParams,
        querystring: analysisQuery,
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const report = await buildVesselReport({ db, openAlerts }, orgId, request.params.shipId, request.query);
      return reply.type(PDF_TYPE).header("content-disposition", attachment(report.fileName)).send(report.pdf);
    },
  );
  app.get(
    "/api/reports/statements/fleet/:year",
    {
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "The fleet workbook of a calendar year (XLSX): one row per ship with the IMO DCS / EU MRV figures, the " +
          "CO2 per EU scope, the CII and the data gaps.",
        params: fleetStatementParams,
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const { year } = request.params;
      const now = new Date();
      const ships = await listShipRows(db, orgId);
      const rows = [];
      for (const ship of ships) rows.push(await loadStatement(db, orgId, ship, year, now));
      return reply
        .type(XLSX_TYPE)
        .header("content-disposition", attachment(`fleet_statements_${year}.xlsx`))
        .send(await fleetWorkbook(rows, year));
    },
  );
  app.get(
    "/api/reports/statements/:shipId/:year",
    {
      preHandler: heavyWork,
      schema: {
        tags,
        description:
          "A regulatory statement of the ship's calendar year (year to date while it runs): kind=dcs (IMO DCS, " +
          "MARPOL Annex VI reg. 27 / Appendix IX), mrv (EU MRV, Regulation (EU) 2015/757) or cii; format=pdf|xlsx.",
        params: statementParams,
        querystring: statementQuery,
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const { shipId, year } = request.params;
      const { kind, format } = request.query;
      const now = new Date();
      const ship = await getShipRow(db, orgId, shipId);
      const data = await loadStatement(db, orgId, ship, year, now);
      const body = format === "pdf" ? await statementPdf(data, kind, now) : await statementXlsx(data, kind);
      return reply
        .type(format === "pdf" ? PDF_TYPE : XLSX_TYPE)
        .header("content-disposition", attachment(`${fileSlug(ship.name)}_${kind}_${year}.${format}`))
        .send(body);
    },
  );
};
