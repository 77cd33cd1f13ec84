/**
 * Configuration, parsed once at boot from the environment with zod. Every variable has a working default so a
 * fresh clone runs with none set; a bad value stops the start with every offending variable named.
 */
import path from "node:path";
import { z } from "zod";
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from "./db/client";

const onOff = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((v) => v === "on" || v === "true" || v === "1");

const ms = z.coerce.number().int().positive();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Where the embedded PostgreSQL keeps its files (ignored when DATABASE_URL is set). */
    DATA_DIR: z.string().default("./data"),
    /** An existing PostgreSQL server; when set, no embedded server is started. */
    DATABASE_URL: z.string().url().optional(),
    /** Create the demo organisation on first start with an empty embedded database (PRODUCT.md D8). */
    SEXTANT_DEMO: onOff.default(true),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    /**
     * Sign-in attempts allowed per account-and-address pair, and per address across accounts, within the
     * window: a guesser is stopped without locking the owner (who signs in from another address) out.
     */
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    /** Failed sign-ins allowed per account from all addresses together within the window (the slow, global limit). */
    SIGN_IN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(100),
    SIGN_IN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /** Registrations per address, and members added per admin, within the sign-in window. */
    SIGN_UP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(20),
    /** Largest JSON body accepted, bytes (uploads have their own limits). */
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    /** Largest uploaded file, bytes (413 above). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(100 * 1024 * 1024),
    /** Most data rows in one upload, all sheets together (413 above). */
    UPLOAD_MAX_ROWS: z.coerce.number().int().positive().default(5_000_000),
    /** Largest total uncompressed size of an .xlsx (a zip), bytes: a zip bomb is refused before unpacking. */
    UPLOAD_MAX_UNCOMPRESSED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024 * 1024),
    /** Largest uncompressed/compressed ratio of one .xlsx entry above 1 MiB (spreadsheet XML is ~5–30). */
    UPLOAD_MAX_COMPRESSION_RATIO: z.coerce.number().positive().default(200),
    /**
     * Which proxies may name the client's address in X-Forwarded-For: `off` (default: the socket's address is
     * the client's; nobody can pick their own address), `on` (trust every hop: only when the port is reachable
     * from the proxy alone) or the proxies' comma-separated addresses/CIDRs ('10.0.0.1,192.168.0.0/16').
     * Passed to Fastify's `trustProxy`. The sign-in throttle counts per address, so this must not be guessable.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("off")
      .transform((v, ctx): boolean | string[] => {
        if (["off", "false", "0", ""].includes(v)) return false;
        if (["on", "true", "1"].includes(v)) return true;
        const list = v.split(",").map((a) => a.trim());
        if (list.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a))) return list;
        ctx.addIssue({ code: "custom", message: "must be off, on or the proxies' addresses/CIDRs" });
        return z.NEVER;
      }),
    /** Set the Secure flag on the session cookie (serve over HTTPS in production). */
    COOKIE_SECURE: onOff.default(false),
    /** Opening a database connection or waiting for a free one, ms (503 after). */
    DB_CONNECT_TIMEOUT_MS: ms.default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
    /** One statement of a request, ms: PostgreSQL cancels it, and a frozen server is given up (503 after). */
    DB_STATEMENT_TIMEOUT_MS: ms.default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
    /** One statement of an upload, a migration or a simulator load, ms. */
    DB_LONG_STATEMENT_TIMEOUT_MS: ms.default(DEFAULT_DATABASE_TIMEOUTS.longStatementMs),
    /** Receiving one whole request (headers and body, an upload included) from the client, ms (408 after). */
    REQUEST_TIMEOUT_MS: ms.default(300_000),
    /** SIGTERM: how long in-flight requests may take to finish before they are aborted, ms. */
    SHUTDOWN_TIMEOUT_MS: ms.default(10_000),
    /** Background jobs (pg-boss, jobs/job-queue.ts): alert evaluation, deliveries, schedules. Off in unit tests. */
    JOBS: onOff.default(true),
    /** Open live streams (GET /api/ships/:id/live) one organisation may hold on this process (429 above). */
    LIVE_MAX_STREAMS_PER_ORG: z.coerce.number().int().positive().default(50),
    /** Seconds between the live stream's heartbeat comments (keep proxies from closing an idle stream). */
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().default(15),
    /**
     * UDP port of an NMEA 0183 listener (live/nmea-udp.ts; off when unset, 0 picks a free port). UDP is
     * unauthenticated: whoever reaches the port writes the ship's data, so it binds NMEA_UDP_HOST (127.0.0.1)
     * unless told otherwise, and writes to one fixed organisation and ship.
     */
    NMEA_UDP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    NMEA_UDP_HOST: z.string().default("127.0.0.1"),
    /** The organisation and ship the UDP listener's sentences are stored for (both needed with the port). */
    NMEA_UDP_ORG_ID: z.coerce.number().int().positive().optional(),
    NMEA_UDP_SHIP_ID: z.coerce.number().int().positive().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NMEA_UDP_PORT === undefined) return;
    for (const key of ["NMEA_UDP_ORG_ID", "NMEA_UDP_SHIP_ID"] as const)
      if (env[key] === undefined)
        ctx.addIssue({ code: "custom", path: [key], message: "is required with NMEA_UDP_PORT" });
  });

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/** The database timeouts of a configuration, as `connectDatabase` takes them. */
export function databaseTimeouts(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    longStatementMs: config.DB_LONG_STATEMENT_TIMEOUT_MS,
  };
}
