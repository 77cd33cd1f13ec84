/**
 * Instance health (`GET /api/instance/health`, for the server's operators named by `OPERATOR_EMAILS`) and the
 * technical specs (`GET /api/instance/specs`, owners and admins with an elevated session): issue 18 items 3, 6.
 */
import { z } from "zod";

const count = z.number().int();

export const instanceHealth = z.object({
  checkedAt: z.string(),
  database: z.object({ sizeBytes: z.number(), version: z.string() }),
  connections: z.object({
    total: count,
    active: count,
    idle: count,
    idleInTransaction: count,
    max: count,
  }),
  pools: z.array(z.object({ pool: z.string(), total: count, idle: count, waiting: count })),
  /** Share of block reads served from PostgreSQL's buffer cache since its statistics were reset; null before any read. */
  cacheHitRatio: z.number().nullable(),
  slowestQueries: z.object({
    available: z.boolean(),
    /** Why there are none when not available (pg_stat_statements missing or not preloaded). */
    reason: z.string().nullable(),
    queries: z.array(
      z.object({ query: z.string(), calls: z.number(), meanMs: z.number(), totalMs: z.number() }),
    ),
  }),
  vacuum: z.object({
    /** Transactions since the database's oldest unfrozen id (wraparound at about 2 billion). */
    oldestXidAge: z.number(),
    tables: z.array(
      z.object({
        table: z.string(),
        deadRows: z.number(),
        liveRows: z.number(),
        lastVacuum: z.string().nullable(),
        lastAutovacuum: z.string().nullable(),
      }),
    ),
  }),
  disk: z.object({
    path: z.string(),
    totalBytes: z.number().nullable(),
    availableBytes: z.number().nullable(),
    /** Why there is no figure (DATA_DIR missing: the database is an external server). */
    reason: z.string().nullable(),
  }),
  /**
   * The streaming replicas named by DATABASE_REPLICA_URLS (decision 044), as this process last probed them;
   * empty when none is named. A replica is read only while `up` and `lagMs` is within `maxLagMs`.
   */
  replicas: z.object({
    maxLagMs: z.number().nullable(),
    standbys: z.array(
      z.object({
        name: z.string(),
        up: z.boolean(),
        /** Behind the primary, ms (null: not probed yet, or down). */
        lagMs: z.number().nullable(),
        /** The WAL position it has replayed, as PostgreSQL writes it (0/3000060). */
        replayed: z.string().nullable(),
        /** True when reads go to it now: up and within `maxLagMs`. */
        reading: z.boolean(),
        error: z.string().nullable(),
      }),
    ),
  }),
  jobs: z.object({
    enabled: z.boolean(),
    reason: z.string().nullable(),
    queues: z.array(z.object({ name: z.string(), queued: count, active: count, failed: count })),
  }),
});
export type InstanceHealth = z.infer<typeof instanceHealth>;

export const technicalSpecs = z.object({
  version: z.string(),
  /** The git commit the server was built from, or 'dev'. */
  build: z.string(),
  databaseVersion: z.string(),
  nodeVersion: z.string(),
  configuration: z.array(
    z.object({
      key: z.string(),
      /** The value in effect; null for a secret (see `set`) or an unset optional variable. */
      value: z.string().nullable(),
      secret: z.boolean(),
      set: z.boolean(),
    }),
  ),
  links: z.array(z.object({ label: z.string(), href: z.string() })),
  /** Whether the caller is one of the server's operators (OPERATOR_EMAILS): instance health is theirs. */
  operator: z.boolean(),
});
export type TechnicalSpecs = z.infer<typeof technicalSpecs>;

/** The instance's own addresses the /admin panel links to (`GET /api/instance/deployment`). */
export const DEPLOYMENT_LINK_IDS = ["app", "docs", "health", "ready", "metrics"] as const;
export type DeploymentLinkId = (typeof DEPLOYMENT_LINK_IDS)[number];

/**
 * What this process says of an address now: `up` it answers, `down` it answers that it cannot serve (readiness
 * without its database), `needs_token` it answers only with a credential (metrics), `off` not served here.
 */
export const DEPLOYMENT_LINK_STATES = ["up", "down", "needs_token", "off"] as const;

export const deploymentLinks = z.object({
  /** PUBLIC_URL: where people reach this Sextant, the base of every absolute link it sends. */
  publicUrl: z.string(),
  links: z.array(
    z.object({
      id: z.enum(DEPLOYMENT_LINK_IDS),
      label: z.string(),
      /** The path on this instance ('/api/ready'); a browser on the same origin can ask it. */
      path: z.string(),
      /** `publicUrl` + `path`. */
      url: z.string(),
      state: z.enum(DEPLOYMENT_LINK_STATES),
      /**
       * The HTTP status a request without credentials gets in that state (200 up, 503 down, 401 needs a token,
       * 404 off): a check from the browser that gets another one has found a proxy or another server between.
       */
      expectedStatus: z.number().int(),
      /** Why the state is what it is, in words. */
      note: z.string(),
    }),
  ),
  checkedAt: z.string(),
});
export type DeploymentLinks = z.infer<typeof deploymentLinks>;
