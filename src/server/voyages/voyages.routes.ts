import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../contracts/common";
import { createVoyageBody, updateVoyageBody, voyage, voyageListQuery } from "../../contracts/voyages";
import type { AppDeps } from "../app-deps";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { createVoyage, deleteVoyage, getVoyage, listVoyages, updateVoyage } from "./voyages.repository";

export const voyageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["voyages"];

  app.get(
    "/api/voyages",
    { schema: { tags, querystring: voyageListQuery, response: { 200: z.array(voyage) } } },
    async (request) => listVoyages(db, requireAuth(request).orgId, request.query.shipId),
  );

  app.post(
    "/api/voyages",
    { onRequest: writersOnly, schema: { tags, body: createVoyageBody, response: { 201: voyage } } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      return reply.status(201).send(await createVoyage(db, orgId, request.body));
    },
  );

  app.get(
    "/api/voyages/:id",
    { schema: { tags, params: idParams, response: { 200: voyage } } },
    async (request) => getVoyage(db, requireAuth(request).orgId, request.params.id),
  );

  app.patch(
    "/api/voyages/:id",
    {
      onRequest: writersOnly,
      schema: { tags, params: idParams, body: updateVoyageBody, response: { 200: voyage } },
    },
    async (request) => updateVoyage(db, requireWriter(request).orgId, request.params.id, request.body),
  );

  app.delete(
    "/api/voyages/:id",
    { onRequest: writersOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      await deleteVoyage(db, requireWriter(request).orgId, request.params.id);
      return reply.status(204).send();
    },
  );
};
