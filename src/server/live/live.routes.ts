/**
 * GET /api/ships/:id/live: the ship's new records as Server-Sent Events (live-stream.ts), fed by the
 * data-written notification every process hears (events/data-written.ts): each process serves its own
 * clients from the one database. Signed in by the session cookie (EventSource sends it same-origin); the
 * ship must be the caller's organisation's (404 otherwise, as every ship route), and events are read by the
 * caller's org and ship only. At most LIVE_MAX_STREAMS_PER_ORG streams per organisation and process (429).
 * `Last-Event-ID` (or `?since=` epoch ms, the snapshot's newest record) resumes after that time. On shutdown
 * every stream is ended first (preClose), so app.close() does not wait for browsers to hang up. A database
 * outage does not end a stream: a failed read is logged, and once the LISTEN connection is back the stream
 * reads what it missed (checked at each heartbeat).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../contracts/common";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { shipFromParam } from "../auth/ship-scope";
import { ApiError } from "../http/errors";
import { LIVE_KIND_OF_TABLE, LIVE_ROWS_MAX, liveRecords } from "../metrics/live-records";
import { getShipProfile } from "../ships/ships.repository";
import { LiveStream } from "./live-stream";

const liveQuery = z.object({ since: z.coerce.number().int().min(0).max(8.64e15).optional() }).strict();

function lastEventId(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || !/^\d{1,16}$/.test(text)) return undefined;
  return Number(text);
}

export const liveRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const streams = new Set<LiveStream>();
  const perOrg = new Map<number, number>();
  app.addHook("preClose", async () => {
    for (const s of streams) s.close();
  });

  app.get(
    "/api/ships/:id/live",
    {
      config: { shipScope: shipFromParam("id") },
      onRequest: signedInOnly,
      schema: {
        tags: ["analysis"],
        description:
          "The ship's new records as text/event-stream: one `record` event per record ({kind, ts, consumer?, " +
          "values} by live series key), `id` the newest record time sent (epoch ms) for Last-Event-ID resume, " +
          "heartbeat comments.",
        params: z.object({ id: idParam }).strict(),
        querystring: liveQuery,
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const shipId = request.params.id;
      // 404 for a ship of another organisation, as every ship route.
      await getShipProfile(db, orgId, shipId);
      const open = perOrg.get(orgId) ?? 0;
      if (open >= config.LIVE_MAX_STREAMS_PER_ORG)
        throw new ApiError(
          429,
          "too_many_streams",
          `Your organisation has ${open} live streams open on this server (LIVE_MAX_STREAMS_PER_ORG)`,
        );
      perOrg.set(orgId, open + 1);
      const since = lastEventId(request.headers["last-event-id"]) ?? request.query.since;
      reply.hijack();
      const log = request.log;
      const openedAt = Date.now();
      // While this process's LISTEN connection is down (database away), writes are not heard; when it is back,
      // the stream reads what was written after the last record it sent (or since it opened).
      let listening = app.dataWritten.listening;
      const resync = () => {
        const now = app.dataWritten.listening;
        if (now && !listening) {
          const afterMs = stream.since > 0 ? stream.since : openedAt;
          stream.enqueue(
            async () =>
              (await liveRecords(db, orgId, shipId, { kind: "after", afterMs })).slice(-LIVE_ROWS_MAX),
            failed,
          );
        }
        listening = now;
      };
      const stream: LiveStream = new LiveStream(
        reply.raw,
        since,
        config.LIVE_HEARTBEAT_SECONDS,
        () => {
          streams.delete(stream);
          unsubscribe();
          const n = (perOrg.get(orgId) ?? 1) - 1;
          if (n <= 0) perOrg.delete(orgId);
          else perOrg.set(orgId, n);
        },
        () => resync(),
      );
      streams.add(stream);
      const failed = (err: unknown) => log.warn({ err, shipId }, "a live stream's read failed");
      // Records are streamed as soon as they are committed, before their rollups (a deferred write); the
      // later 'rollups caught up' event of the same records carries nothing new for a live view.
      const unsubscribe = app.dataWritten.subscribe(
        (event) => {
          if (event.orgId !== orgId || event.shipId !== shipId || event.rollupsCaughtUp) return;
          const kinds = event.tables.flatMap((t) => (LIVE_KIND_OF_TABLE[t] ? [LIVE_KIND_OF_TABLE[t]] : []));
          if (kinds.length === 0) return;
          const fromMs = Date.parse(event.from);
          const toMs = Date.parse(event.to);
          stream.enqueue(() => liveRecords(db, orgId, shipId, { kind: "span", fromMs, toMs }, kinds), failed);
        },
        { rollupsPending: true },
      );
      if (since !== undefined)
        stream.enqueue(
          async () =>
            (await liveRecords(db, orgId, shipId, { kind: "after", afterMs: since })).slice(-LIVE_ROWS_MAX),
          failed,
        );
    },
  );
};
