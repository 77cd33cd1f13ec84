/**
 * Report downloads (issue 17): GET /api/reports/vessel/:shipId?<dashboard filters> → the PDF vessel report;
 * GET /api/reports/statements/:shipId/:year?kind=&format= → a regulatory statement (PDF or XLSX);
 * GET /api/reports/statements/fleet/:year → the fleet workbook (XLSX). Every member may download (reading);
 * another organisation's ship answers 404 like a missing one (getShipProfile / loadAnalysisContext). Each is heavy
 * work (issue 30 item 5): a slot of the organisation's fair share first (http/heavy-work.ts), then built in a
 * report thread with its own small pool (report-threads.ts), away from the event loop and the request pool.
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
import { fleetWide, shipFromParam } from "../auth/ship-scope";
import { heavyWork } from "../http/heavy-work";
import { readTarget } from "../http/read-routing";
import { attachment } from "./report-format";
import type { ReportFile } from "./report-jobs";

export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const threads = app.reportThreads;
  app.addHook("onRequest", signedInOnly);
  const tags = ["reports"];
  const file = (type: string, built: ReportFile) =>
    [
      type,
      attachment(built.fileName),
      Buffer.from(built.body.buffer, built.body.byteOffset, built.body.byteLength),
    ] as const;
  app.get(
    "/api/reports/vessel/:shipId",
    {
      config: { shipScope: shipFromParam("shipId") },
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
      const job = {
        job: "vessel-report",
        orgId,
        shipId: request.params.shipId,
        filters: request.query,
        now: new Date(),
      } as const;
      const [type, disposition, body] = file(PDF_TYPE, await threads.run(job, readTarget(request)));
      return reply.type(type).header("content-disposition", disposition).send(body);
    },
  );
  app.get(
    "/api/reports/statements/fleet/:year",
    {
      config: { shipScope: fleetWide },
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
      const job = { job: "fleet-workbook", orgId, year: request.params.year, now: new Date() } as const;
      const [type, disposition, body] = file(XLSX_TYPE, await threads.run(job, readTarget(request)));
      return reply.type(type).header("content-disposition", disposition).send(body);
    },
  );
  app.get(
    "/api/reports/statements/:shipId/:year",
    {
      config: { shipScope: shipFromParam("shipId") },
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
      const job = { job: "statement", orgId, shipId, year, kind, format, now: new Date() } as const;
      const [type, disposition, body] = file(
        format === "pdf" ? PDF_TYPE : XLSX_TYPE,
        await threads.run(job, readTarget(request)),
      );
      return reply.type(type).header("content-disposition", disposition).send(body);
    },
  );
};
