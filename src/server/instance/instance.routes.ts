/**
 * `GET /api/instance/health`: for the server's operators, named by `OPERATOR_EMAILS` (not by a role in an
 * organisation: an organisation's owner does not run the server). `GET /api/instance/specs`: owners and admins
 * with an elevated session (the /admin panel's technical specs), and `GET /api/instance/deployment` for them too
 * (the panel's deployment links: this instance's addresses, nothing of any organisation).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deploymentLinks, instanceHealth, technicalSpecs } from "../../contracts/instance";
import type { AppDeps } from "../app-deps";
import { adminsOnly, requireAuth } from "../auth/guards";
import { fleetWide } from "../auth/ship-scope";
import { requireElevatedSession } from "../auth/step-up";
import { ApiError } from "../http/errors";
import { readDeploymentLinks } from "./deployment-links";
import { readInstanceHealth } from "./instance-health";
import { isOperator, readTechnicalSpecs } from "./technical-specs";

export const instanceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const operatorsOnly = async (request: Parameters<typeof requireAuth>[0]) => {
    if (!isOperator(deps.config, requireAuth(request).email)) {
      throw new ApiError(
        403,
        "operator_only",
        "Instance health is for the server's operators (OPERATOR_EMAILS)",
      );
    }
  };

  app.get(
    "/api/instance/health",
    {
      config: { shipScope: fleetWide },
      onRequest: operatorsOnly,
      schema: { tags: ["admin"], response: { 200: instanceHealth } },
    },
    async () => readInstanceHealth(app, deps),
  );

  app.get(
    "/api/instance/specs",
    {
      config: { shipScope: fleetWide },
      onRequest: [adminsOnly, requireElevatedSession],
      schema: { tags: ["admin"], response: { 200: technicalSpecs } },
    },
    async (request) => readTechnicalSpecs(deps.db, deps.config, requireAuth(request).email),
  );

  app.get(
    "/api/instance/deployment",
    {
      config: { shipScope: fleetWide },
      onRequest: [adminsOnly, requireElevatedSession],
      schema: {
        tags: ["admin"],
        description:
          "This instance's own addresses under PUBLIC_URL (app, API documentation, liveness, readiness, metrics), " +
          "each with its state now and the status a request without credentials gets in that state.",
        response: { 200: deploymentLinks },
      },
    },
    async () => readDeploymentLinks(deps.config, deps.database.pool),
  );
};
