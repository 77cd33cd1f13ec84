/**
 * `GET /metrics` for Prometheus, guarded by `METRICS_TOKEN` (`Authorization: Bearer <token>`); 404 when the token
 * is unset, as if the endpoint did not exist. Every request's latency is observed in `onResponse`.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps";
import { ApiError, sendNotFound } from "../http/errors";
import { type AppMetrics, createAppMetrics } from "./metrics-registry";

declare module "fastify" {
  interface FastifyInstance {
    /** Prometheus metrics of this app (observability/metrics-registry.ts). */
    metrics: AppMetrics;
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Registered on the root instance: the latency hook sees every route. */
export function registerMetrics(app: FastifyInstance, { database, config }: AppDeps): void {
  const metrics = createAppMetrics({ request: database.pool, long: database.longPool });
  app.decorate("metrics", metrics);
  app.addHook("onResponse", async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? "unmatched",
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { config: { audit: false }, schema: { hide: true } }, async (request, reply) => {
    const token = config.METRICS_TOKEN;
    if (!token) return sendNotFound(reply, request.method, request.url);
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Bearer ") || !sameToken(header.slice(7), token)) {
      throw new ApiError(401, "unauthorized", "A valid metrics token is required (Authorization: Bearer …)");
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
