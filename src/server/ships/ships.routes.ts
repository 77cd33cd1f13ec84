import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../contracts/common";
import { createShipBody, ship, updateShipBody } from "../../contracts/ships";
import type { AppDeps } from "../app-deps";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { createShip, deleteShip, getShip, listShips, updateShip } from "./ships.repository";

export const shipRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["ships"];

  app.get("/api/ships", { schema: { tags, response: { 200: z.array(ship) } } }, async (request) =>
    listShips(db, requireAuth(request).orgId),
  );

  app.post(
    "/api/ships",
    { onRequest: writersOnly, schema: { tags, body: createShipBody, response: { 201: ship } } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      return reply.status(201).send(await createShip(db, orgId, request.body));
    },
  );

  app.get(
    "/api/ships/:id",
    { schema: { tags, params: idParams, response: { 200: ship } } },
    async (request) => getShip(db, requireAuth(request).orgId, request.params.id),
  );

  app.patch(
    "/api/ships/:id",
    {
      onRequest: writersOnly,
      schema: { tags, params: idParams, body: updateShipBody, response: { 200: ship } },
    },
    async (request) => updateShip(db, requireWriter(request).orgId, request.params.id, request.body),
  );

  app.delete(
    "/api/ships/:id",
    { onRequest: writersOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      await deleteShip(db, requireWriter(request).orgId, request.params.id);
      return reply.status(204).send();
    },
  );
};
