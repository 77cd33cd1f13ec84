/**
 * What a share link opens, without signing in (issue 17 item 3): `GET /api/shared/:token/dashboard` answers
 * the dashboard's shape for the link's ship and filters only (the same service as the signed-in dashboard),
 * and `GET /embed/:token` serves the web app's page for an `<iframe>`, framed only by the origins the
 * organisation lists. There is no write and no other ship behind a token: these are the only routes that read
 * it, and they take no ship or filter from the request. Unknown, revoked and expired links answer 404.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analysisQuery } from "../../contracts/analysis/filters";
import { dashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import { shareTokenParams } from "../../contracts/shares";
import type { AppDeps } from "../app-deps";
import { dashboardWithKpis } from "../dashboard/dashboard.service";
import { frameAncestorsPolicy } from "./frame-ancestors";
import { getEmbedOrigins, openShare } from "./shares.repository";

export const sharedViewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/shared/:token/dashboard",
    {
      schema: {
        tags: ["shares"],
        description:
          "Public: the dashboard of a share link's ship over the link's filters (the answer of " +
          "GET /api/dashboard/:shipId). Counts a view. 404 once the link is revoked or expired.",
        params: shareTokenParams,
        response: { 200: dashboardWithKpisResponse },
      },
    },
    async (request) => {
      const share = await openShare(db, request.params.token, true);
      return dashboardWithKpis(db, share.orgId, share.shipId, analysisQuery.parse(share.filters));
    },
  );

  app.get("/embed/:token", { schema: { hide: true, params: shareTokenParams } }, async (request, reply) => {
    // a dead link still gets the page (it says the link is not valid), framed by nobody
    const share = await openShare(db, request.params.token, false).catch(() => null);
    const origins = share ? await getEmbedOrigins(db, share.orgId) : [];
    const current = String(reply.getHeader("content-security-policy") ?? "");
    reply.header("content-security-policy", frameAncestorsPolicy(current, origins));
    reply.removeHeader("x-frame-options");
    if (typeof reply.sendFile !== "function")
      return reply.code(404).send({ error: { code: "not_found", message: "The web app is not built" } });
    return reply.type("text/html").sendFile("index.html");
  });
};
