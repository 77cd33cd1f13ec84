/**
 * The remembered noon-report column mappings (decision 008), for the Column Mapping tab:
 * GET /api/noon-mappings, PUT /api/noon-mappings {headers, columnMappings}, DELETE /api/noon-mappings/:signature,
 * and GET /api/noon-fields (the fields a column can map to). Scoped by the caller's organisation; another
 * organisation's mapping answers 404 like a missing one.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  noonFieldList,
  noonMappingParams,
  savedNoonMapping,
  saveNoonMappingBody,
} from "../../../contracts/noon-reports";
import { canonicalUnit, NOON_FIELDS } from "../../../domain/noon-reports";
import type { AppDeps } from "../../app-deps";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../../auth/guards";
import { fleetWide } from "../../auth/ship-scope";
import { deleteNoonMapping, listNoonMappings, saveNoonMapping } from "./noon-mappings";

export const noonMappingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["uploads"];

  app.get(
    "/api/noon-fields",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: noonFieldList } } },
    async () => NOON_FIELDS.map((field) => ({ field, unit: canonicalUnit(field) })),
  );

  app.get(
    "/api/noon-mappings",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: z.array(savedNoonMapping) } } },
    async (request) => listNoonMappings(db, requireAuth(request).orgId),
  );

  app.put(
    "/api/noon-mappings",
    {
      onRequest: writersOnly,
      schema: { tags, body: saveNoonMappingBody, response: { 200: savedNoonMapping } },
    },
    async (request) => {
      const { orgId } = requireWriter(request);
      return saveNoonMapping(db, orgId, request.body.headers, request.body.columnMappings);
    },
  );

  app.delete(
    "/api/noon-mappings/:signature",
    { onRequest: writersOnly, schema: { tags, params: noonMappingParams } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      await deleteNoonMapping(db, orgId, request.params.signature);
      return reply.status(204).send();
    },
  );
};
