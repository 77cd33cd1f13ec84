import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardParams, dashboardResponse } from "../../contracts/dashboard";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { loadDashboard } from "./dashboard.service";

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/dashboard/:shipId",
    { schema: { tags: ["dashboard"], params: dashboardParams, response: { 200: dashboardResponse } } },
    async (request) => loadDashboard(db, requireAuth(request).orgId, request.params.shipId),
  );
};
