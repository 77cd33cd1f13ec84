/**
 * `POST /api/api-keys` (the key answered once), `GET /api/api-keys` (no secrets), `DELETE /api/api-keys/:id`
 * (revoked at once, in every process). Owners and admins only; an API key never reaches these routes
 * (auth/api-key-access.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiKey, apiKeyParams, createApiKeyBody, createdApiKey } from "../../contracts/api-keys";
import { PAGED_ARRAY_DESCRIPTION as PAGED, pageQueryOf } from "../../contracts/pagination";
import type { AppDeps } from "../app-deps";
import { adminsOnly, requireAdmin } from "../auth/guards";
import { requireElevatedSession } from "../auth/step-up";
import { sendPageHeaders } from "../http/pagination";
import { createApiKey, deleteApiKey, listApiKeys } from "./api-keys";

export const apiKeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", adminsOnly);
  const tags = ["api-keys"];

  app.post(
    "/api/api-keys",
    {
      // key management is a destructive action: the password re-entered at /admin (issue 18)
      onRequest: requireElevatedSession,
      schema: { tags, body: createApiKeyBody, response: { 201: createdApiKey } },
    },
    async (request, reply) => {
      const created = await createApiKey(db, requireAdmin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/api-keys",
    {
      schema: {
        tags,
        querystring: pageQueryOf("id"),
        response: { 200: z.array(apiKey) },
        description: PAGED,
      },
    },
    async (request, reply) => {
      const { keys, page } = await listApiKeys(db, requireAdmin(request).orgId, request.query);
      sendPageHeaders(reply, page);
      return keys;
    },
  );

  const revoke = { onRequest: requireElevatedSession, schema: { tags, params: apiKeyParams } };
  app.delete("/api/api-keys/:id", revoke, async (request, reply) => {
    await deleteApiKey(db, requireAdmin(request).orgId, request.params.id);
    // This process forgets the key before answering; the others when the trigger's notification arrives.
    app.sessionCache.invalidate();
    return reply.status(204).send();
  });
};
