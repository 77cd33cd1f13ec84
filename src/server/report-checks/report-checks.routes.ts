/**
 * `GET /api/ships/:id/report-checks?from=&to=`: the report checks a ship's records fail (issue 11);
 * `GET /api/ships/:id/noon-checks?from=&to=`: those of the noon-report uploads of its reports (issue 13).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../contracts/common";
import { noonChecksResponse, reportChecksQuery, reportChecksResponse } from "../../contracts/report-checks";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { shipFromParam } from "../auth/ship-scope";
import { noonUploadChecks } from "../metrics/noon-upload-checks";
import { reportChecks } from "../metrics/report-checks";
import { getOrgSettings } from "../settings/settings.repository";
import { getShipProfile } from "../ships/ships.repository";

export const reportCheckRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/ships/:id/report-checks",
    {
      config: { shipScope: shipFromParam("id") },
      schema: {
        tags: ["data quality"],
        description:
          "Report checks of the ship's fuel records in [from, to) (default: all): per failing check its " +
          "severity, the number of records and the first records (type, timestamp).",
        params: idParams,
        querystring: reportChecksQuery,
        response: { 200: reportChecksResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      // the ship within the caller's organisation: another organisation's answers 404 like a missing one
      const ship = await getShipProfile(db, orgId, request.params.id);
      const { from, to } = request.query;
      return reportChecks(db, orgId, ship.id, { from: from ?? null, to: to ?? null });
    },
  );

  app.get(
    "/api/ships/:id/noon-checks",
    {
      config: { shipScope: shipFromParam("id") },
      schema: {
        tags: ["data quality"],
        description:
          "Report checks of the noon-report uploads that wrote the ship's reports in [from, to) (default: " +
          "all), latest first (5): file, time, reports written and flagged, and per check the sheet rows.",
        params: idParams,
        querystring: reportChecksQuery,
        response: { 200: noonChecksResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const ship = await getShipProfile(db, orgId, request.params.id);
      const { from, to } = request.query;
      const [uploads, settings] = await Promise.all([
        noonUploadChecks(db, orgId, ship.id, { from: from ?? null, to: to ?? null }),
        getOrgSettings(db, orgId),
      ]);
      return { uploads, excludeFlaggedReports: settings.excludeFlaggedReports };
    },
  );
};
