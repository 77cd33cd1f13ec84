/**
 * Share links, managed by members (issue 17 item 3): `POST /api/shares` (writers) creates a link to one of
 * the organisation's ships with the dashboard's filters and answers its URL once; `GET /api/shares` lists
 * them (members); `DELETE /api/shares/:id` (writers) revokes one at once. `GET/PUT /api/settings/embed-origins`
 * (PUT: owners and admins) lists the origins allowed to frame the embeddable view.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageQueryOf } from "../../contracts/pagination";
import {
  createShareBody,
  createShareResponse,
  embedOriginsBody,
  embedOriginsResponse,
  shareIdParams,
  shareListResponse,
} from "../../contracts/shares";
import type { AppDeps } from "../app-deps";
import { adminsOnly, requireAuth, signedInOnly, writersOnly } from "../auth/guards";
import { fleetWide } from "../auth/ship-scope";
import { sendPageHeaders } from "../http/pagination";
import { createShare, getEmbedOrigins, listShares, revokeShare, setEmbedOrigins } from "./shares.repository";

export const shareRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["shares"];

  app.post(
    "/api/shares",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        description:
          "A link that opens a read-only dashboard of one ship with these filters, without signing in, until " +
          "it expires (expiresInDays, 1–365) or is revoked. The URL (and its token) is answered only here.",
        body: createShareBody,
        response: { 201: createShareResponse },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = requireAuth(request);
      const share = await createShare(db, orgId, userId, request.body);
      const origin = `${request.protocol}://${request.host}`;
      return reply.code(201).send({
        id: share.id,
        url: `${origin}/shared/${share.token}`,
        embedUrl: `${origin}/embed/${share.token}`,
        expiresAt: share.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    "/api/shares",
    {
      config: { shipScope: fleetWide },
      schema: { tags, querystring: pageQueryOf("id"), response: { 200: shareListResponse } },
    },
    async (request, reply) => {
      const list = await listShares(db, requireAuth(request).orgId, request.query);
      sendPageHeaders(reply, list);
      return list;
    },
  );

  app.delete(
    "/api/shares/:id",
    { onRequest: writersOnly, schema: { tags, params: shareIdParams } },
    async (request, reply) => {
      await revokeShare(db, requireAuth(request).orgId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/settings/embed-origins",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: embedOriginsResponse } } },
    async (request) => ({ origins: await getEmbedOrigins(db, requireAuth(request).orgId) }),
  );
  app.put(
    "/api/settings/embed-origins",
    {
      onRequest: adminsOnly,
      schema: {
        tags,
        description: "Replaces the origins (https://host[:port]) allowed to frame the embeddable share view.",
        body: embedOriginsBody,
        response: { 200: embedOriginsResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      await setEmbedOrigins(db, orgId, request.body.origins);
      return { origins: await getEmbedOrigins(db, orgId) };
    },
  );
};
