/**
 * The generic audit entry: every successful (status < 400) mutating /api request of a signed-in user whose route
 * did not write a richer entry itself (audit-log.ts) is recorded with its method, route pattern, parameters and
 * status. Written in `onSend`, before the answer leaves, so a client that saw the answer finds the entry. Not in
 * the write's transaction (the route has committed by then): an entry that cannot be written is logged as an
 * error, and the answer still goes.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import { genericAuditKind } from "./generic-kind";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function registerAuditHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest("audited", false);
  app.addHook("onSend", async (request, reply, payload) => {
    const auth = request.auth;
    const route = request.routeOptions.url;
    if (!auth || !route || !MUTATING.has(request.method) || !route.startsWith("/api/")) return payload;
    if (reply.statusCode >= 400 || request.audited) return payload;
    const mode = request.routeOptions.config?.audit;
    if (mode === false || mode === "self") return payload;
    try {
      await db.insert(auditLog).values({
        orgId: auth.orgId,
        userId: auth.userId,
        actorEmail: auth.email,
        kind: genericAuditKind(request.method, route),
        method: request.method,
        route,
        status: reply.statusCode,
        target: (request.params as Record<string, unknown> | undefined) ?? null,
      });
      request.audited = true;
    } catch (err) {
      request.log.error({ err, route }, "audit: the generic entry could not be written");
    }
    return payload;
  });
}
