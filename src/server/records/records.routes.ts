/**
 * POST and GET of the six time-series record types (spec §7): /api/fuel-data, /api/environmental-data,
 * /api/hull-condition, /api/trim-data, /api/auxiliary-data, /api/compliance-data. Bodies are validated by the
 * same zod contracts as the Add Data forms; writes need a writer role.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { seriesRecord } from "../../contracts/dashboard";
import { recordListQuery } from "../../contracts/records";
import type { AppDeps } from "../app-deps";
import { audited } from "../audit/audit-log";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { shipFromQuery } from "../auth/ship-scope";
import { inShipWriteTurn } from "../rollups/ship-write-turns";
import { RECORD_TYPES } from "./record-types";
import { listRecords, upsertRecord } from "./records.repository";

export const recordRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  for (const type of Object.values(RECORD_TYPES)) {
    const tags = ["records"];
    app.post(
      type.path,
      { onRequest: writersOnly, schema: { tags, body: type.body, response: { 201: seriesRecord } } },
      async (request, reply) => {
        const { orgId } = requireWriter(request);
        const body = request.body as Record<string, unknown> & { shipId: number };
        // queued per ship before the transaction takes a connection (rollups/ship-write-turns.ts)
        const record = await inShipWriteTurn(orgId, body.shipId, () =>
          audited(db, request, async (tx) => {
            const result = await upsertRecord(tx, type, orgId, body);
            const target = { type: type.path.replace("/api/", ""), shipId: result.shipId, id: result.id };
            return { result, entry: { kind: "record.create", target, after: result } };
          }),
        );
        return reply.status(201).send(record);
      },
    );
    app.get(
      type.path,
      {
        config: { shipScope: shipFromQuery },
        schema: { tags, querystring: recordListQuery, response: { 200: z.array(seriesRecord) } },
      },
      async (request) => listRecords(db, type, requireAuth(request).orgId, request.query),
    );
  }
};
