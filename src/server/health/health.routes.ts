import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import { publicRoute } from "../auth/ship-scope";
import { isDatabaseReady } from "../db/client";

const status = z.object({ status: z.string(), time: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** The process is up (liveness). */
  app.get(
    "/api/health",
    { config: { shipScope: publicRoute }, schema: { tags: ["health"], response: { 200: status } } },
    async () => ({
      status: "ok",
      time: new Date().toISOString(),
    }),
  );

  /** The database answers (readiness): 503 when it does not. */
  app.get(
    "/api/ready",
    {
      config: { shipScope: publicRoute },
      schema: { tags: ["health"], response: { 200: status, 503: status } },
    },
    async (_r, reply) => {
      const ready = await isDatabaseReady(database.pool);
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? "ready" : "database unavailable", time: new Date().toISOString() });
    },
  );
};
