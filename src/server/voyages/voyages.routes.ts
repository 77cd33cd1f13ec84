import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../contracts/common";
import { PAGED_ARRAY_DESCRIPTION as PAGED } from "../../contracts/pagination";
import { createVoyageBody, updateVoyageBody, voyage, voyageListQuery } from "../../contracts/voyages";
import type { AppDeps } from "../app-deps";
import { audited } from "../audit/audit-log";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { shipFromQuery, shipOfRecord } from "../auth/ship-scope";
import { sendPageHeaders } from "../http/pagination";
import {
  createVoyage,
  deleteVoyage,
  getVoyage,
  listVoyagesPage,
  updateVoyage,
  voyageShipId,
} from "./voyages.repository";

export const voyageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["voyages"];

  app.get(
    "/api/voyages",
    {
      config: { shipScope: shipFromQuery },
      schema: { tags, querystring: voyageListQuery, response: { 200: z.array(voyage) }, description: PAGED },
    },
    async (request, reply) => {
      const { voyages, page } = await listVoyagesPage(db, requireAuth(request).orgId, request.query);
      sendPageHeaders(reply, page);
      return voyages;
    },
  );

  app.post(
    "/api/voyages",
    { onRequest: writersOnly, schema: { tags, body: createVoyageBody, response: { 201: voyage } } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      const created = await audited(db, request, async (tx) => {
        const result = await createVoyage(tx, orgId, request.body);
        return { result, entry: { kind: "voyage.create", target: { voyageId: result.id }, after: result } };
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/voyages/:id",
    {
      config: { shipScope: shipOfRecord(db, voyageShipId) },
      schema: { tags, params: idParams, response: { 200: voyage } },
    },
    async (request) => getVoyage(db, requireAuth(request).orgId, request.params.id),
  );

  app.patch(
    "/api/voyages/:id",
    {
      onRequest: writersOnly,
      schema: { tags, params: idParams, body: updateVoyageBody, response: { 200: voyage } },
    },
    async (request) => {
      const { orgId } = requireWriter(request);
      const { id } = request.params;
      return audited(db, request, async (tx) => {
        const before = await getVoyage(tx, orgId, id);
        const result = await updateVoyage(tx, orgId, id, request.body);
        return { result, entry: { kind: "voyage.update", target: { voyageId: id }, before, after: result } };
      });
    },
  );

  app.delete(
    "/api/voyages/:id",
    { onRequest: writersOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      const { id } = request.params;
      await audited(db, request, async (tx) => {
        const before = await getVoyage(tx, orgId, id);
        await deleteVoyage(tx, orgId, id);
        return { result: undefined, entry: { kind: "voyage.delete", target: { voyageId: id }, before } };
      });
      return reply.status(204).send();
    },
  );
};
