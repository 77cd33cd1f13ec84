import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../contracts/common";
import {
  createMaintenanceEventBody,
  maintenanceEvent,
  maintenanceEventListQuery,
  updateMaintenanceEventBody,
} from "../../contracts/maintenance-events";
import type { AppDeps } from "../app-deps";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { shipFromQuery, shipOfRecord } from "../auth/ship-scope";
import {
  deleteMaintenanceEvent,
  getMaintenanceEvent,
  listMaintenanceEvents,
  maintenanceEventShipId,
  updateMaintenanceEvent,
  upsertMaintenanceEvent,
} from "./maintenance-events.repository";

/** Maintenance events: everyone signed in reads, analysts and above write (viewers read only). */
export const maintenanceEventRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["maintenance events"];

  app.get(
    "/api/maintenance-events",
    {
      config: { shipScope: shipFromQuery },
      schema: { tags, querystring: maintenanceEventListQuery, response: { 200: z.array(maintenanceEvent) } },
    },
    async (request) => listMaintenanceEvents(db, requireAuth(request).orgId, request.query.shipId),
  );

  app.post(
    "/api/maintenance-events",
    {
      onRequest: writersOnly,
      schema: { tags, body: createMaintenanceEventBody, response: { 201: maintenanceEvent } },
    },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      return reply.status(201).send(await upsertMaintenanceEvent(db, orgId, request.body));
    },
  );

  app.get(
    "/api/maintenance-events/:id",
    {
      config: { shipScope: shipOfRecord(db, maintenanceEventShipId) },
      schema: { tags, params: idParams, response: { 200: maintenanceEvent } },
    },
    async (request) => getMaintenanceEvent(db, requireAuth(request).orgId, request.params.id),
  );

  app.patch(
    "/api/maintenance-events/:id",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        params: idParams,
        body: updateMaintenanceEventBody,
        response: { 200: maintenanceEvent },
      },
    },
    async (request) =>
      updateMaintenanceEvent(db, requireWriter(request).orgId, request.params.id, request.body),
  );

  app.delete(
    "/api/maintenance-events/:id",
    { onRequest: writersOnly, schema: { tags, params: idParams } },
    async (request, reply) => {
      await deleteMaintenanceEvent(db, requireWriter(request).orgId, request.params.id);
      return reply.status(204).send();
    },
  );
};
