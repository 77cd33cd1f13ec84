/**
 * What a share link opens, without signing in (issue 17 item 3): `GET /api/shared/:token/dashboard` answers
 * the dashboard's shape for the link's ship and filters only (the same service as the signed-in dashboard),
 * and `GET /embed/:token` serves the web app's page for an `<iframe>`, framed only by the origins the
 * organisation lists. There is no write and no other ship behind a token: these are the only routes that read
 * it, and they take no ship or filter from the request. Unknown, revoked and expired links answer 404.
 * The shared view's Analysis Center reads the link's sections and sidebar figures the same way.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analysisSummaryResponse } from "../../contracts/analysis/analysis-summary";
import { type AnalysisQuery, analysisQuery } from "../../contracts/analysis/filters";
import { dashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import { analysisSectionResponse } from "../../contracts/analysis/sections";
import {
  SHARED_SECTION_IDS,
  type SharedSectionId,
  type ShareFilters,
  sharedSectionParams,
  shareTokenParams,
} from "../../contracts/shares";
import { SECTIONS } from "../analysis/analysis.routes";
import { loadAnalysisContext } from "../analysis/context";
import { analysisSummary } from "../analysis/summary";
import type { AppDeps } from "../app-deps";
import { publicRoute } from "../auth/ship-scope";
import { dashboardWithKpis } from "../dashboard/dashboard.service";
import { ApiError, notFound } from "../http/errors";
import { frameAncestorsPolicy } from "./frame-ancestors";
import { getEmbedOrigins, openShare } from "./shares.repository";

const isShared = (s: string): s is SharedSectionId => (SHARED_SECTION_IDS as readonly string[]).includes(s);

/**
 * The dashboard query a link's filters replay. A link stored before its filters were checked as the query
 * checks them (a reversed custom range, issue 30 finding 9) cannot be shown: 409 naming the filter, not a 500;
 * its owner revokes it and makes a new one.
 */
function viewQuery(filters: ShareFilters): AnalysisQuery {
  const parsed = analysisQuery.safeParse(filters);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: ["filters", ...issue.path].join("."),
    reason: issue.message,
  }));
  throw new ApiError(
    409,
    "share_unusable",
    "This share link's filters cannot be shown; ask its owner for a new link",
    details,
  );
}

export const sharedViewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/shared/:token/dashboard",
    {
      config: { shipScope: publicRoute },
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
      return dashboardWithKpis(db, share.orgId, share.shipId, viewQuery(share.filters));
    },
  );

  // The Analysis Center of the shared view: the same section and summary functions as the signed-in routes,
  // over the link's ship and filters only. Only the dashboard call counts a view (one per page opened).
  const contextOf = async (token: string) => {
    const share = await openShare(db, token, false);
    return loadAnalysisContext(db, share.orgId, share.shipId, viewQuery(share.filters));
  };
  app.get(
    "/api/shared/:token/analysis/:section",
    {
      config: { shipScope: publicRoute },
      schema: {
        tags: ["shares"],
        description:
          "Public: one Analysis Center section of a share link's ship and filters (the answer of " +
          `GET /api/ships/:id/analysis/:section), for ${SHARED_SECTION_IDS.join(", ")}; other sections 404.`,
        params: sharedSectionParams,
        response: { 200: analysisSectionResponse },
      },
    },
    async (request) => {
      const { token, section } = request.params;
      if (!isShared(section)) throw notFound("Section");
      return SECTIONS[section](await contextOf(token));
    },
  );
  app.get(
    "/api/shared/:token/analysis-summary",
    {
      config: { shipScope: publicRoute },
      schema: {
        tags: ["shares"],
        description: "Public: the Analysis Center's sidebar figures of a share link's ship and filters.",
        params: shareTokenParams,
        response: { 200: analysisSummaryResponse },
      },
    },
    async (request) => analysisSummary(await contextOf(request.params.token)),
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
