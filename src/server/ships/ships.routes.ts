import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../contracts/common";
import { PAGED_ARRAY_DESCRIPTION as PAGED, pageQueryOf } from "../../contracts/pagination";
import { createShipBody, ship, updateShipBody } from "../../contracts/ships";
import type { AppDeps } from "../app-deps";
import { audited } from "../audit/audit-log";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { fleetWide, shipFromParam } from "../auth/ship-scope";
import { sendPageHeaders } from "../http/pagination";
import { createShip, deleteShip, getShip, listShipsPage, updateShip } from "./ships.repository";

export const shipRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["ships"];

  app.get(
    "/api/ships",
    {
      config: { shipScope: fleetWide },
      schema: {
        tags,
        querystring: pageQueryOf("text"),
        response: { 200: z.array(ship) },
        description: PAGED,
      },
    },
    async (request, reply) => {
      const { ships, page } = await listShipsPage(db, requireAuth(request).orgId, request.query);
      sendPageHeaders(reply, page);
      return ships;
    },
  );

  app.post(
    "/api/ships",
    { onRequest: writersOnly, schema: { tags, body: createShipBody, response: { 201: ship } } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      const created = await audited(db, request, async (tx) => {
        const result = await createShip(tx, orgId, request.body);
        return { result, entry: { kind: "ship.create", target: { shipId: result.id }, after: result } };
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/ships/:id",
    {
      config: { shipScope: shipFromParam("id") },
      schema: { tags, params: idParams, response: { 200: ship } },
    },
    async (request) => getShip(db, requireAuth(request).orgId, request.params.id),
  );

  app.patch(
    "/api/ships/:id",
    {
      onRequest: writersOnly,
      schema: { tags, params: idParams, body: updateShipBody, response: { 200: ship } },
    },
    async (request) => {
      const { orgId } = requireWriter(request);
      const { id } = request.params;
      return audited(db, request, async (tx) => {
        const before = await getShip(tx, orgId, id);
        const result = await updateShip(tx, orgId, id, request.body);
        return { result, entry: { kind: "ship.update", target: { shipId: id }, before, after: result } };
      });
    },
  );

  app.delete(
    "/api/ships/:id",
    { onRequest: writersOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      const { id } = request.params;
      await audited(db, request, async (tx) => {
        const before = await getShip(tx, orgId, id);
        await deleteShip(tx, orgId, id);
        return { result: undefined, entry: { kind: "ship.delete", target: { shipId: id }, before } };
      });
      return reply.status(204).send();
    },
  );
};
