/** `GET /api/ships/:id/report-checks?from=&to=`: the report checks a ship's records fail (issue 11). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../contracts/common";
import { reportChecksQuery, reportChecksResponse } from "../../contracts/report-checks";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { reportChecks } from "../metrics/report-checks";
import { getShipRow } from "../ships/ships.repository";

export const reportCheckRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/ships/:id/report-checks",
    {
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
      const ship = await getShipRow(db, orgId, request.params.id);
      const { from, to } = request.query;
      return { checks: await reportChecks(db, orgId, ship.id, { from: from ?? null, to: to ?? null }) };
    },
  );
};
