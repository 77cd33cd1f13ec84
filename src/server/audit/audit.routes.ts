/** `GET /api/audit`: the organisation's audit trail for owners and admins with an elevated session. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditPage, auditQuery } from "../../contracts/audit";
import type { AppDeps } from "../app-deps";
import { adminsOnly, requireAdmin } from "../auth/guards";
import { fleetWide } from "../auth/ship-scope";
import { requireElevatedSession } from "../auth/step-up";
import { listAudit } from "./audit.repository";

export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/audit",
    {
      config: { shipScope: fleetWide },
      onRequest: [adminsOnly, requireElevatedSession],
      schema: { tags: ["admin"], querystring: auditQuery, response: { 200: auditPage } },
    },
    async (request) => listAudit(db, requireAdmin(request).orgId, request.query),
  );
};
