/**
 * Builds the Fastify app: plugins in a fixed order (external, app-wide hooks, feature routes, web).
 * main.ts starts it; tests build it with `buildApp` and call it through `app.inject`.
 */
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { installPlainMessages } from "../contracts/plain-messages";
import { unresolvedAlertsOfShip } from "./alerts/alerts.repository";
import { alertRoutes } from "./alerts/alerts.routes";
import { alertDeliveryRoutes } from "./alerts/delivery/alert-delivery.routes";
import { analysisRoutes } from "./analysis/analysis.routes";
import { complianceRoutes } from "./analysis/compliance.routes";
import { apiKeyRoutes } from "./api-keys/api-keys.routes";
import type { AppDeps } from "./app-deps";
import { auditRoutes } from "./audit/audit.routes";
import { registerAuditHook } from "./audit/audit-hook";
import {
  authRoutes,
  registerAuthListener,
  registerRouteShipScopes,
  registerSessionLoader,
} from "./auth/auth.routes";
import { SessionCache } from "./auth/session-cache";
import { publicRoute } from "./auth/ship-scope";
import { registerAnswerCache } from "./cache/answer-cache";
import { calculatorRoutes } from "./calculators/calculators.routes";
import { charterPartyRoutes } from "./charter-party/charter-party.routes";
import { heavyWorkLimits } from "./config";
import { dashboardRoutes } from "./dashboard/dashboard.routes";
import { databaseAdminRoutes } from "./database-admin/database-admin.routes";
import { registerDataWrittenListener } from "./events/data-written";
import { exportRoutes } from "./exports/exports.routes";
import { fleetRoutes } from "./fleet/fleet.routes";
import { healthRoutes } from "./health/health.routes";
import { canonicalUrl, isApiPath, pathOf } from "./http/canonical-path";
import { frameworkErrors, registerErrorHandling, sendNotFound } from "./http/errors";
import { registerHeavyWork } from "./http/heavy-work";
import { registerReadRouting } from "./http/read-routing";
import { registerRequestGuards } from "./http/request-guards";
import { webCacheControl } from "./http/web-cache.js";
import { hasWebBuild, WEB_DIST } from "./http/web-dist";
import { ingestRoutes } from "./ingest/ingest.routes";
import { registerMqttIngest } from "./ingest/mqtt-ingest";
import { instanceRoutes } from "./instance/instance.routes";
import { registerJobQueue } from "./jobs/job-queue";
import { liveRoutes } from "./live/live.routes";
import { registerNmeaUdpListener } from "./live/nmea-udp";
import { createMailer } from "./mail/mailer";
import { maintenanceEventRoutes } from "./maintenance/maintenance-events.routes";
import { registerMetrics } from "./observability/metrics.routes";
import { recordRoutes } from "./records/records.routes";
import { reportCheckRoutes } from "./report-checks/report-checks.routes";
import { registerReportThreads } from "./reports/report-threads";
import { reportRoutes } from "./reports/reports.routes";
import { reportScheduleRoutes } from "./reports/schedule/report-schedule.routes";
import { registerPendingRollups } from "./rollups/pending-rollups";
import { settingsRoutes } from "./settings/settings.routes";
import { sharedViewRoutes } from "./shares/shared-view.routes";
import { shareRoutes } from "./shares/shares.routes";
import { shipRoutes } from "./ships/ships.routes";
import { systemStatusRoutes } from "./system-status/system-status.routes";
import { uploadRoutes } from "./uploads/uploads.routes";
import { voyageRoutes } from "./voyages/voyages.routes";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    // A saved noon-report mapping is addressed by its header signature (up to 4,000 characters, contract
    // noonMappingParams); Fastify's default of 100 answered 414 to every real sheet's DELETE.
    routerOptions: { maxParamLength: 5000 },
    frameworkErrors,
    // one spelling of each path before routing and the guards (http/canonical-path.ts)
    rewriteUrl: (req) => canonicalUrl(req.url ?? "/"),
  }).withTypeProvider<ZodTypeProvider>();
  registerRouteShipScopes(app); // before any plugin adds a route
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  installPlainMessages(); // a 400's reasons in plain words, as in the web's forms (contracts/plain-messages.ts)
  // Bodies are JSON (multipart on upload routes only): plain text is refused with 415, not parsed.
  app.removeContentTypeParser("text/plain");

  await app.register(cookie);
  await app.register(helmet, {
    // 'same-origin' rather than helmet's 'no-referrer': under 'no-referrer' a browser posts a form (the
    // sign-out) with `Origin: null`, which the same-origin check refuses. Other sites still get no referrer.
    referrerPolicy: { policy: "same-origin" },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: "Sextant API", version: "1" },
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            description:
              "An API key of the organisation (Organisation Admin › API keys): 'read' scope for GET routes, " +
              "'ingest' for POST /api/ingest/{recordType}; a key limited to ships reaches only the routes " +
              "about one of them (403 for routes across the fleet); without it, the session cookie of a signed-in user.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // The docs' routes (swagger-ui's) take no config of ours: they describe the API to anyone, no fleet data.
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, shipScope: publicRoute };
    });
    await docs.register(swaggerUi, { routePrefix: "/api/docs" });
  });

  registerRequestGuards(app);
  const sessionCache = new SessionCache();
  app.decorate("sessionCache", sessionCache);
  registerSessionLoader(app, deps.db, sessionCache);
  registerAuthListener(app, deps.database.url, sessionCache);
  registerDataWrittenListener(app, deps.database.url);
  registerAnswerCache(app, config.ANSWER_CACHE_MB * 1024 * 1024);
  // read-only work on the streaming replicas of DATABASE_REPLICA_URLS, read-your-writes (decision 044)
  await registerReadRouting(app, deps);
  registerPendingRollups(app, deps.database.pool);
  // reports, exports and database tasks: a fair share per organisation and a bound per process (429 beyond)
  registerHeavyWork(app, heavyWorkLimits(config));
  registerReportThreads(app, deps);
  registerMqttIngest(app, deps);
  registerAuditHook(app, deps.db);
  registerMetrics(app, deps);
  registerJobQueue(app, deps.database.url, {
    enabled: config.JOBS,
    stopTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  app.decorate(
    "mailer",
    createMailer({ url: config.SMTP_URL, from: config.SMTP_FROM, timeoutMs: config.DELIVERY_TIMEOUT_MS }),
  );

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(shipRoutes, deps);
  await app.register(voyageRoutes, deps);
  await app.register(charterPartyRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(fleetRoutes, deps);
  await app.register(calculatorRoutes, deps);
  await app.register(analysisRoutes, deps);
  await app.register(complianceRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(systemStatusRoutes, deps);
  await app.register(recordRoutes, deps);
  await app.register(maintenanceEventRoutes, deps);
  await app.register(reportCheckRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(reportScheduleRoutes, { ...deps, openAlerts: unresolvedAlertsOfShip });
  await app.register(uploadRoutes, deps);
  await app.register(apiKeyRoutes, deps);
  await app.register(ingestRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(shareRoutes, deps);
  await app.register(sharedViewRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(instanceRoutes, deps);
  await app.register(databaseAdminRoutes, deps);
  await app.register(alertRoutes, deps);
  await app.register(alertDeliveryRoutes, deps);
  await app.register(liveRoutes, deps);
  registerNmeaUdpListener(app, deps);

  const hasWeb = hasWebBuild();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/precompress.ts): no compression per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header("cache-control", webCacheControl(WEB_DIST, filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/dashboard/3, /admin, unknown pages) get the single-page app; /api/* gets JSON.
    // A missing file (/assets/old-hash.js) is a 404, never the page: a browser would refuse HTML as a script.
    const pathname = pathOf(request.url);
    const wantsPage = request.method === "GET" && hasWeb && !isApiPath(pathname) && !/\.\w+$/.test(pathname);
    if (wantsPage) return reply.type("text/html").sendFile("index.html");
    return sendNotFound(reply, request.method, request.url);
  });
  return app;
}
