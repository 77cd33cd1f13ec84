/**
 * Configuration, parsed once at boot from the environment with zod. Every variable has a working default so a
 * fresh clone runs with none set; a bad value stops the start with every offending variable named.
 */
import path from "node:path";
import { z } from "zod";
import type { ThrottleSettings } from "./auth/sign-in-rules";
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, DEFAULT_HEAVY_CONNECTIONS } from "./db/client";
import type { HeavyWorkLimits } from "./http/heavy-work-limiter";

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
     * The sign-in throttle (decision record 023; every password check: sign-in, step-up, password change).
     * Checks allowed per account-and-address pair within the window; past it that pair alone is refused (429
     * with Retry-After) until its window ends: one guesser is stopped, nobody else is touched.
     */
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    SIGN_IN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /**
     * Failed checks per account from all addresses together within the window before its password is checked
     * at most once every SIGN_IN_SLOWDOWN_SECONDS (slowed, never locked).
     */
    SIGN_IN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(20),
    /**
     * Failed checks from one address across all accounts within the window before that address's checks are
     * spaced the same way (credential stuffing); a right password of another account still gets in.
     */
    SIGN_IN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(30),
    /**
     * Spacing of a slowed account's or address's password checks, seconds, and the longest an answer waits for
     * its turn (beyond: 429 with Retry-After of a few seconds).
     */
    SIGN_IN_SLOWDOWN_SECONDS: z.coerce.number().positive().max(60).default(5),
    /**
     * Days an address stays known to an account after a successful sign-in from it: a known address skips the
     * account's and the address's slowdowns (only its pair limit applies), so the owner at their usual address
     * gets in at once while the account is guessed from elsewhere.
     */
    SIGN_IN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    /** Registrations per address, and members added per admin, within the sign-in window. */
    SIGN_UP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(20),
    /** Largest JSON body accepted, bytes (uploads have their own limits). */
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    /** Largest uploaded file, bytes (413 above). */
    /** Largest backup archive a restore accepts, bytes (413 above); a ten-year ship's archive is tens of MB. */
    RESTORE_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024 * 1024),
    /**
     * Largest unpacked size of a backup archive, bytes, counted as it is read (413 once passed): half a year of
     * two ships' 15-minute records is ~19 MiB of archive lines.
     */
    RESTORE_MAX_UNCOMPRESSED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024 * 1024 * 1024),
    /**
     * Largest unpacked/compressed ratio of a backup archive, checked as it is read past its first 4 MiB (413
     * above): Sextant's archives unpack to 5.5–5.9 times their size (measured), a gzip bomb of repeated lines to
     * 1,000.
     */
    RESTORE_MAX_COMPRESSION_RATIO: z.coerce.number().positive().default(50),
    /** Longest line of a backup archive, bytes (400 above): a row or the header (the header is ~5 KB). */
    RESTORE_MAX_LINE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(100 * 1024 * 1024),
    /**
     * Memory for the cached answers of the dashboard, sections and sidebar (cache/answer-cache.ts), MiB per
     * process; 0 turns the cache off.
     */
    ANSWER_CACHE_MB: z.coerce.number().min(0).default(64),
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
    /** Largest body of one ingestion request (`POST /api/ingest/:recordType`), bytes (413 above). */
    INGEST_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024 * 1024),
    /** Most records in one ingestion request (413 above): one transaction each, so a bound on its length. */
    INGEST_MAX_RECORDS: z.coerce.number().int().positive().default(50_000),
    /** MQTT broker to ingest from (`mqtt://host:1883`, `mqtts://…`); unset: no MQTT ingestion. */
    MQTT_URL: z
      .string()
      .regex(/^(mqtts?|wss?):\/\/[^\s/]+/, "must be mqtt://host:port, mqtts://, ws:// or wss://")
      .optional(),
    /**
     * The MQTT shared-subscription group (`$share/<group>/sextant/+/+/+`): the broker hands each message to one
     * process of the group, so several Sextant processes on one database ingest it once.
     */
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 letters, digits, _ or -")
      .default("sextant"),
    /** How long the MQTT ingester gathers messages before writing them in one transaction per organisation, ms. */
    MQTT_BATCH_MS: ms.default(250),
    /**
     * Records the MQTT ingester holds unacknowledged (the database away, a burst); beyond, it reads no further
     * messages until a batch is written, and the broker holds them.
     */
    MQTT_MAX_PENDING_RECORDS: z.coerce.number().int().positive().default(200_000),
    /**
     * The MQTT client id: fixed, so that the broker keeps this process's session (what it has not
     * acknowledged, and what arrives while it is away) across reconnects and restarts. Unique per process
     * and stable across its restarts; unset: `sextant-<hostname>-<PORT>`.
     */
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1-64 letters, digits, _ . or -")
      .optional(),
    /** How long the broker keeps this process's session while it is disconnected, seconds (MQTT 5). */
    MQTT_SESSION_EXPIRY_S: z.coerce
      .number()
      .int()
      .positive()
      .max(0xffff_ffff)
      .default(7 * 24 * 3600),
    /**
     * Messages the broker may send before Sextant acknowledges them (MQTT 5 Receive Maximum, at most 65,535):
     * what one process holds while a batch is written or the database is away (within
     * MQTT_MAX_PENDING_RECORDS); the broker queues the rest.
     */
    MQTT_RECEIVE_MAXIMUM: z.coerce.number().int().min(1).max(65_535).default(65_535),
    /** How long a password re-entered at /admin (POST /api/auth/step-up) elevates that session, minutes. */
    STEP_UP_MINUTES: z.coerce.number().positive().max(1440).default(15),
    /**
     * The people who run this server (comma-separated emails): they see instance health
     * (GET /api/instance/health) whatever their role in an organisation. Empty: nobody.
     */
    OPERATOR_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter((e) => e.length > 0),
      ),
    /** Bearer token of the Prometheus endpoint GET /metrics; unset, /metrics answers 404. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** When every ship's alerts are evaluated besides after each write (cron, UTC; alerts/alert-jobs.ts). */
    ALERT_SWEEP_CRON: z
      .string()
      .regex(/^\S+( \S+){4}$/, "must be a cron expression of five fields, e.g. '*/15 * * * *'")
      .default("*/15 * * * *"),
    /**
     * The mail server alert e-mails (and later scheduled reports) leave through, `smtp://user:pass@host:587` or
     * `smtps://…:465` (mail/mailer.ts). Unset: e-mail is unavailable and the screens say so.
     */
    SMTP_URL: z
      .string()
      .url()
      .refine((v) => /^smtps?:\/\//i.test(v), "must start with smtp:// or smtps://")
      .optional(),
    /**
     * When the monthly vessel reports are e-mailed (cron, UTC; reports/schedule): 06:00 on the first of the
     * month by default, the previous calendar month reported.
     */
    REPORT_SCHEDULE_CRON: z
      .string()
      .regex(/^\S+( \S+){4}$/, "must be a cron expression of five fields, e.g. '0 6 1 * *'")
      .default("0 6 1 * *"),
    /** The sender of Sextant's e-mails. */
    SMTP_FROM: z.string().trim().min(3).default("Sextant <sextant@localhost>"),
    /** Where people reach this Sextant: the base of the absolute links in e-mails and webhooks. */
    PUBLIC_URL: z
      .string()
      .url()
      .default("http://localhost:3000")
      .transform((v) => v.replace(/\/+$/, "")),
    /** An HTTP gateway that sends SMS: Sextant POSTs `{to, text}` as JSON. Unset: SMS is unavailable. */
    SMS_GATEWAY_URL: z.string().url().optional(),
    /** Sent to the SMS gateway as `Authorization: Bearer <token>` when set. */
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    /**
     * Allow webhook targets in private, loopback, link-local and other non-public ranges (off: refused when the
     * URL is saved and again for the address it resolves to at send time, against DNS rebinding).
     */
    WEBHOOK_ALLOW_PRIVATE: onOff.default(false),
    /** One delivery attempt (an e-mail, a webhook call, an SMS) is given up after this long, ms. */
    DELIVERY_TIMEOUT_MS: ms.default(10_000),
    /** Retries of a failed alert delivery (pg-boss), and the first retry's delay, doubled each time. */
    ALERT_DELIVERY_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
    ALERT_DELIVERY_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
    /** Open live streams (GET /api/ships/:id/live) one organisation may hold on this process (429 above). */
    LIVE_MAX_STREAMS_PER_ORG: z.coerce.number().int().positive().default(50),
    /** Seconds between the live stream's heartbeat comments (keep proxies from closing an idle stream). */
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().default(15),
    /**
     * Heavy work (PDF reports, statements, exports, backups, restores, database cleanup, optimise and
     * self-tests; http/heavy-work.ts): how many run at once per organisation and on this process, how many may
     * wait for a slot (all organisations, and one organisation), and how long one waits, ms (for a slot, and
     * a running job's statement for a heavy connection). Beyond: 429 with Retry-After. Per process, like
     * LIVE_MAX_STREAMS_PER_ORG.
     */
    HEAVY_WORK_PER_ORG: z.coerce.number().int().positive().default(2),
    HEAVY_WORK_GLOBAL: z.coerce.number().int().positive().default(4),
    HEAVY_WORK_QUEUE: z.coerce.number().int().min(0).default(16),
    HEAVY_WORK_QUEUE_PER_ORG: z.coerce.number().int().min(0).default(4),
    HEAVY_WORK_QUEUE_TIMEOUT_MS: ms.default(60_000),
    /**
     * Database connections of the heavy pool the reports, statements and exports read with (db/client.ts),
     * apart from the request pool's 10: however many heavy jobs run, everyone's screens keep their connections.
     */
    HEAVY_WORK_DB_CONNECTIONS: z.coerce.number().int().positive().max(50).default(DEFAULT_HEAVY_CONNECTIONS),
    /**
     * Worker threads the PDF reports, statements and fleet workbooks are built in (reports/report-threads.ts),
     * each with HEAVY_WORK_DB_CONNECTIONS connections of its own; 0 builds them on the server's thread.
     */
    HEAVY_WORK_THREADS: z.coerce.number().int().min(0).max(16).default(1),
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

/** The configuration's variable names, in the schema's order (technical specs list them). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof z.infer<typeof envSchema>)[];

/**
 * Variables whose values are never shown (technical specs answer only whether they are set). A feature adding a
 * password, token or URL with credentials names it here.
 */
/** Configuration the technical specs never show: passwords may sit in URLs, tokens are credentials. */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = new Set([
  "DATABASE_URL",
  "METRICS_TOKEN",
  "SMTP_URL",
  "SMS_GATEWAY_TOKEN",
  "MQTT_URL",
]);

/** The sign-in throttle's settings of a configuration (auth/sign-in-rules.ts). */
export function signInThrottleSettings(config: Config): ThrottleSettings {
  return {
    pairMaxFailures: config.SIGN_IN_MAX_FAILURES,
    accountMaxFailures: config.SIGN_IN_ACCOUNT_MAX_FAILURES,
    addressMaxFailures: config.SIGN_IN_ADDRESS_MAX_FAILURES,
    windowMinutes: config.SIGN_IN_WINDOW_MINUTES,
    slowdownSeconds: config.SIGN_IN_SLOWDOWN_SECONDS,
    knownAddressDays: config.SIGN_IN_KNOWN_ADDRESS_DAYS,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/** The database timeouts of a configuration, as `connectDatabase` takes them. */
/** The heavy-work limits of a configuration, as `registerHeavyWork` takes them. */
export function heavyWorkLimits(config: Config): HeavyWorkLimits {
  return {
    perOrg: config.HEAVY_WORK_PER_ORG,
    global: config.HEAVY_WORK_GLOBAL,
    queue: config.HEAVY_WORK_QUEUE,
    queuePerOrg: config.HEAVY_WORK_QUEUE_PER_ORG,
    queueTimeoutMs: config.HEAVY_WORK_QUEUE_TIMEOUT_MS,
  };
}

export function databaseTimeouts(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    longStatementMs: config.DB_LONG_STATEMENT_TIMEOUT_MS,
    heavyWaitMs: config.HEAVY_WORK_QUEUE_TIMEOUT_MS,
  };
}
