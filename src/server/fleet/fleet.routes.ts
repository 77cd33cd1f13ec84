/**
 * GET /api/fleet (issue 19 item 6), GET /api/fleet/highlights (the figures of the /admin panel's marketing
 * snippets, read from the same answer: issue 35 item 6), and the upkeep of its stored lines: a committed write to a ship marks its
 * line (data-written notification, heard by every process: the update is idempotent) and queues one refresh
 * job per ship (a 'short' queue keeps one waiting per ship, started a few seconds later so that a burst of
 * writes costs one computation).
 */
import { gzipSync } from "node:zlib";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type FleetPageResponse,
  type FleetResponse,
  fleetHighlights,
  fleetPageQuery,
  fleetPageResponse,
  fleetResponse,
} from "../../contracts/fleet";
import type { PageInfo, PageQuery } from "../../contracts/pagination";
import { unresolvedAlertsByShip } from "../alerts/alerts.repository";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { fleetWide } from "../auth/ship-scope";
import { sendPageHeaders } from "../http/pagination";
import { getShipProfile } from "../ships/ships.repository";
import { FleetAnswerCache, fleetFingerprint, UNSETTLED_TTL_MS } from "./fleet-answer-cache";
import { readFleetHighlights } from "./fleet-highlights";
import { COMPUTE_CONCURRENCY, fleetOverview, fleetPage, refreshShipSnapshot } from "./fleet-overview";
import { markWritten } from "./fleet-snapshots.repository";

/** Seconds a refresh waits after the write that queued it (writes of an upload arrive together). */
const REFRESH_DELAY_S = 5;

/** The serialised first pages of kept answers (dropped with their answer). */
const firstPages = new WeakMap<
  FleetResponse,
  { limit: number; page: PageInfo; json: string; gzip: Buffer }
>();

function serialisedPage(
  answer: FleetResponse,
  query: PageQuery,
): { page: PageInfo; json: string; gzip?: Buffer } {
  const kept = firstPages.get(answer);
  if (!query.cursor && kept?.limit === query.limit) return kept;
  const page = fleetPage(answer, query);
  const json = JSON.stringify(page);
  if (query.cursor) return { page, json };
  const first = { limit: query.limit, page, json, gzip: gzipSync(json) };
  firstPages.set(answer, first);
  return first;
}

export const fleetRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const answers = new FleetAnswerCache<FleetResponse>();
  const refreshJob = app.jobs.define({
    name: "fleet-snapshot",
    payload: z.object({ orgId: z.number().int(), shipId: z.number().int() }),
    // as many at once as the page computes (a first view of a large fleet queues hundreds)
    options: { policy: "short", retryLimit: 3, concurrency: COMPUTE_CONCURRENCY },
    handler: async ({ orgId, shipId }) => {
      const row = await getShipProfile(db, orgId, shipId).catch(() => null);
      if (row) await refreshShipSnapshot(db, orgId, row); // a ship deleted meanwhile has nothing to refresh
    },
  });
  const queueRefresh = async (orgId: number, shipId: number) => {
    if (!app.jobs.running) return false;
    await app.jobs.send(
      refreshJob,
      { orgId, shipId },
      { singletonKey: `${orgId}:${shipId}`, startAfterSeconds: REFRESH_DELAY_S },
    );
    return true;
  };
  const queueFirst = async (orgId: number, shipIds: number[]) => {
    await app.jobs.sendMany(
      refreshJob,
      shipIds.map((shipId) => ({ payload: { orgId, shipId }, singletonKey: `${orgId}:${shipId}` })),
    );
  };
  const overviewDeps = {
    db,
    openAlerts: (o: number) => unresolvedAlertsByShip(db, o),
    queueRefresh,
    queueRunning: () => app.jobs.running,
    queueFirst,
  };
  app.dataWritten.subscribe(async ({ orgId, shipId }) => {
    await markWritten(db, orgId, shipId);
    await queueRefresh(orgId, shipId);
  });

  /**
   * The organisation's whole fleet answer: the one kept while nothing changed, else computed now. `complete`
   * asks for every line computed (no pending one), for figures that count the ships.
   */
  const fleetAnswer = async (orgId: number, complete = false): Promise<FleetResponse> => {
    const fingerprint = await fleetFingerprint(db, orgId);
    const kept = answers.get(orgId, fingerprint.key);
    if (kept && !(complete && kept.ships.some((s) => s.pending))) return kept;
    const budget = complete ? Number.POSITIVE_INFINITY : config.FLEET_FIRST_LINES_BUDGET_MS;
    const computed = await fleetOverview(overviewDeps, orgId, budget);
    // checked against the contract once, when built; the answers served from it are the same objects
    const answer = fleetResponse.parse(computed);
    answers.set(orgId, fingerprint.key, answer, fingerprint.settled ? undefined : UNSETTLED_TTL_MS);
    return answer;
  };

  app.get(
    "/api/fleet",
    {
      config: { shipScope: fleetWide },
      onRequest: signedInOnly,
      schema: {
        tags: ["fleet"],
        description:
          "Every ship of the organisation with its KPIs of the benchmark window, CII year to date and projection, open alerts, last seen, last position and data quality, and the sister-ship comparisons.",
        querystring: fleetPageQuery,
        response: { 200: fleetPageResponse },
      },
    },
    async (request, reply) => {
      const answer = await fleetAnswer(requireAuth(request).orgId);
      const { page, json, gzip } = serialisedPage(answer, request.query);
      sendPageHeaders(reply, page);
      reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
      // The first page, gzipped once per kept answer: ~7 times fewer bytes to write on every request.
      if (gzip && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
        return reply.header("content-encoding", "gzip").send(gzip as unknown as FleetPageResponse);
      }
      // A string with a JSON content type is sent as it is: Fastify skips the schema's serialiser, which would
      // check the 140 kB answer again on every request. The schema still documents it (OpenAPI).
      return reply.send(json as unknown as FleetPageResponse);
    },
  );

  app.get(
    "/api/fleet/highlights",
    {
      config: { shipScope: fleetWide },
      onRequest: signedInOnly,
      schema: {
        tags: ["fleet"],
        description:
          "The organisation's own figures for marketing texts, each dated by its newest data: ships and how many " +
          "report, CII ratings of the year so far (the fleet page's), CO2 of the year so far (the sum of the " +
          "ships' annual figures).",
        response: { 200: fleetHighlights },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      return readFleetHighlights(db, orgId, await fleetAnswer(orgId, true), new Date());
    },
  );
};
