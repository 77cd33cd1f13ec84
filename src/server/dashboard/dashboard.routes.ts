import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analysisQuery } from "../../contracts/analysis/filters";
import { dashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import { dashboardParams } from "../../contracts/dashboard";
import { loadAnalysisContext, presentRange } from "../analysis/context";
import { computeKpis } from "../analysis/kpis";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { loadDashboard } from "./dashboard.service";

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/dashboard/:shipId",
    {
      schema: {
        tags: ["dashboard"],
        description:
          "The ship, its voyages, the latest record of each kind, and the KPI cards over the filtered range " +
          "(filters: voyage, range, engine, from, to; see README 'KPI definitions').",
        params: dashboardParams,
        querystring: analysisQuery,
        response: { 200: dashboardWithKpisResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const { shipId } = request.params;
      const ctx = await loadAnalysisContext(db, orgId, shipId, request.query);
      const [base, kpis] = await Promise.all([loadDashboard(db, orgId, ctx.ship), computeKpis(ctx)]);
      return { ...base, range: presentRange(ctx.range), kpis };
    },
  );
};
