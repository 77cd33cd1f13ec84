import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analysisQuery } from "../../contracts/analysis/filters";
import { dashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import { dashboardParams } from "../../contracts/dashboard";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { shipFromParam } from "../auth/ship-scope";
import { cachedAnswer } from "../cache/answer-cache";
import { dashboardWithKpis } from "./dashboard.service";

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/dashboard/:shipId",
    {
      config: { shipScope: shipFromParam("shipId") },
      schema: {
        tags: ["dashboard"],
        description:
          "The ship, its voyages, the latest record of each kind, and the KPI cards over the filtered range " +
          "(filters: voyage, range, engine, from, to; see docs/kpi-definitions.md).",
        params: dashboardParams,
        querystring: analysisQuery,
        response: { 200: dashboardWithKpisResponse },
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const { shipId } = request.params;
      return cachedAnswer(request, reply, { db, orgId, shipId, call: "dashboard" }, (now, readDb) =>
        dashboardWithKpis(readDb, orgId, shipId, request.query, now),
      );
    },
  );
};
