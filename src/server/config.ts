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

/**
 * Where a variable is listed in `.env.example` and docs/configuration.md, in this order (both are written from
 * the schema below by `npm run docs:config`, scripts/docs/config-docs.ts).
 */
export const CONFIG_SECTIONS = [
  "Server",
  "Database",
  "Demo organisation",
  "Accounts and sign-in",
  "Limits",
  "Timeouts",
  "Background jobs",
  "Machine ingestion (HTTP and MQTT)",
  "Administration and operations",
  "Alert delivery and e-mail",
  "Real-time Monitoring",
  "Heavy work",
  "NMEA 0183 over UDP",
] as const;

/**
 * A variable's documentation, kept on its schema as zod metadata: its section, what it means (Markdown, the
 * configuration table's words), an example value for a variable without a default, and how to write a default
 * computed at start.
 */
export type ConfigDoc = {
  section: (typeof CONFIG_SECTIONS)[number];
  description: string;
  example?: string;
  defaultText?: string;
};

const doc = (
  section: ConfigDoc["section"],
  description: string,
  more: Pick<ConfigDoc, "example" | "defaultText"> = {},
): ConfigDoc => ({ section, description, ...more });

/** The environment's schema: each variable's type, default and documentation (`.meta(doc(…))`). */
export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"])
      .default("development")
      .meta(doc("Server", "`development`, `production` or `test` (the tests set `test`)")),
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(3000)
      .meta(doc("Server", "HTTP port (API and web app on one port)")),
    HOST: z.string().default("0.0.0.0").meta(doc("Server", "listen address")),
    DATA_DIR: z
      .string()
      .default("./data")
      .meta(
        doc(
          "Database",
          "where the embedded PostgreSQL keeps its files (initialised on first start; ignored when `DATABASE_URL` is set)",
        ),
      ),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .meta(
        doc(
          "Database",
          "`postgres://…` of an existing PostgreSQL server; when set, no embedded server is started",
          { example: "postgres://user:password@host:5432/sextant" },
        ),
      ),
    /** db/read-replicas.ts, decision 044. */
    DATABASE_REPLICA_URLS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((u) => u.trim())
          .filter((u) => u.length > 0),
      )
      .pipe(
        z.array(z.string().regex(/^postgres(ql)?:\/\/\S+$/, "must be postgres://… URLs, comma-separated")),
      )
      .meta(
        doc(
          "Database",
          "comma-separated `postgres://…` of streaming replicas (standbys) of that server: the dashboard, sections and sidebar read from them when they are fit, the primary otherwise (decision 044, docs/operations/running.md); empty: every read on the primary",
          {
            example:
              "postgres://user:password@replica1:5432/sextant,postgres://user:password@replica2:5432/sextant",
          },
        ),
      ),
    DATABASE_REPLICA_MAX_LAG_MS: ms
      .default(5_000)
      .meta(
        doc(
          "Database",
          "a replica further behind the primary than this, ms, is not read (the primary answers until it catches up)",
        ),
      ),
    /** PRODUCT.md D8. */
    SEXTANT_DEMO: onOff
      .default(true)
      .meta(
        doc(
          "Demo organisation",
          "`off` skips the demo organisation (it is only ever created on first start, in an empty embedded database)",
        ),
      ),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7)
      .meta(doc("Accounts and sign-in", "session lifetime, hours")),
    /**
     * The sign-in throttle (decision record 023; every password check: sign-in, step-up, password change):
     * a guesser is stopped or slowed, the owner never locked out.
     */
    SIGN_IN_MAX_FAILURES: z.coerce
      .number()
      .int()
      .positive()
      .default(10)
      .meta(
        doc(
          "Accounts and sign-in",
          "password checks per account-and-address pair in the window; past it that pair alone gets 429 with Retry-After until the window ends",
        ),
      ),
    SIGN_IN_WINDOW_MINUTES: z.coerce
      .number()
      .positive()
      .default(15)
      .meta(
        doc(
          "Accounts and sign-in",
          "the window of the sign-in limits and of `SIGN_UP_MAX_ATTEMPTS`, minutes",
        ),
      ),
    SIGN_IN_ACCOUNT_MAX_FAILURES: z.coerce
      .number()
      .int()
      .positive()
      .default(20)
      .meta(
        doc(
          "Accounts and sign-in",
          "failed checks per account from all addresses in the window before its checks are spaced `SIGN_IN_SLOWDOWN_SECONDS` apart (slowed, never locked)",
        ),
      ),
    SIGN_IN_ADDRESS_MAX_FAILURES: z.coerce
      .number()
      .int()
      .positive()
      .default(30)
      .meta(
        doc(
          "Accounts and sign-in",
          "failed checks from one address across accounts in the window before that address's checks are spaced the same way (a right password of another account still gets in)",
        ),
      ),
    SIGN_IN_SLOWDOWN_SECONDS: z.coerce
      .number()
      .positive()
      .max(60)
      .default(5)
      .meta(
        doc(
          "Accounts and sign-in",
          "spacing of a slowed account's or address's checks, seconds, and the longest an answer waits for its turn (beyond: 429 with Retry-After)",
        ),
      ),
    SIGN_IN_KNOWN_ADDRESS_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(365)
      .default(30)
      .meta(
        doc(
          "Accounts and sign-in",
          "days an address stays known to an account after a sign-in from it; a known address skips the slowdowns",
        ),
      ),
    SIGN_UP_MAX_ATTEMPTS: z.coerce
      .number()
      .int()
      .positive()
      .default(20)
      .meta(
        doc(
          "Accounts and sign-in",
          "registrations per address, and members added per admin, in the sign-in window",
        ),
      ),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1_048_576)
      .meta(doc("Limits", "largest JSON body, bytes (413 above; uploads have their own limits)")),
    /** A ten-year ship's archive is tens of MB. */
    RESTORE_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024 * 1024)
      .meta(doc("Limits", "largest backup archive a restore accepts, bytes (1 GiB; 413 above)")),
    /** Half a year of two ships' 15-minute records is ~19 MiB of archive lines. */
    RESTORE_MAX_UNCOMPRESSED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024 * 1024 * 1024)
      .meta(
        doc(
          "Limits",
          "a restore's archive unpacked at most, bytes (16 GiB), counted as it is read (413 once passed)",
        ),
      ),
    /** Sextant's archives unpack to 5.5–5.9 times their size (measured), a gzip bomb of repeated lines to 1,000. */
    RESTORE_MAX_COMPRESSION_RATIO: z.coerce
      .number()
      .positive()
      .default(50)
      .meta(
        doc(
          "Limits",
          "a restore's largest unpacked/compressed ratio, checked as it is read past the first 4 MiB (413 above)",
        ),
      ),
    /** A row or the header (the header is ~5 KB). */
    RESTORE_MAX_LINE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024)
      .meta(doc("Limits", "longest line of a backup archive, bytes (8 MiB; 400 above)")),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(100 * 1024 * 1024)
      .meta(doc("Limits", "largest uploaded file, bytes (100 MiB; 413 above)")),
    /** cache/answer-cache.ts. */
    ANSWER_CACHE_MB: z.coerce
      .number()
      .min(0)
      .default(64)
      .meta(
        doc(
          "Limits",
          "memory per process for cached dashboard, section and sidebar answers, MiB (0: off; decision 020)",
        ),
      ),
    UPLOAD_MAX_ROWS: z.coerce
      .number()
      .int()
      .positive()
      .default(5_000_000)
      .meta(doc("Limits", "most rows in one upload, all sheets together, blank rows included (413 above)")),
    UPLOAD_MAX_UNCOMPRESSED_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024 * 1024)
      .meta(
        doc(
          "Limits",
          "largest total uncompressed size of an .xlsx (a zip), bytes (1 GiB): a zip bomb is refused before unpacking",
        ),
      ),
    UPLOAD_MAX_COMPRESSION_RATIO: z.coerce
      .number()
      .positive()
      .default(200)
      .meta(
        doc(
          "Limits",
          "largest uncompressed/compressed ratio of one .xlsx entry above 1 MiB (spreadsheet XML is ~5–30)",
        ),
      ),
    /**
     * Passed to Fastify's `trustProxy`. The sign-in throttle counts per address, so the client's address must not
     * be one the client can pick.
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
      })
      .meta(
        doc(
          "Accounts and sign-in",
          "whose `X-Forwarded-For` names the client: `off` (the socket's address; nobody picks their own), `on` (any hop: only behind a proxy that alone reaches the port), or the proxies' comma-separated addresses/CIDRs (`10.0.0.1,10.1.0.0/16`)",
        ),
      ),
    COOKIE_SECURE: onOff
      .default(false)
      .meta(doc("Accounts and sign-in", "`on` sets the session cookie's Secure flag: serve over HTTPS")),
    DB_CONNECT_TIMEOUT_MS: ms
      .default(DEFAULT_DATABASE_TIMEOUTS.connectMs)
      .meta(doc("Timeouts", "opening a database connection, or waiting for a free one, ms (503 after)")),
    DB_STATEMENT_TIMEOUT_MS: ms
      .default(DEFAULT_DATABASE_TIMEOUTS.statementMs)
      .meta(
        doc(
          "Timeouts",
          "one statement of a request, ms: PostgreSQL cancels it, a frozen server is given up 1 s later (503)",
        ),
      ),
    DB_LONG_STATEMENT_TIMEOUT_MS: ms
      .default(DEFAULT_DATABASE_TIMEOUTS.longStatementMs)
      .meta(
        doc(
          "Timeouts",
          "one statement of an upload, a migration or a simulator load (COPY and merges of millions of rows), ms",
        ),
      ),
    REQUEST_TIMEOUT_MS: ms
      .default(300_000)
      .meta(
        doc(
          "Timeouts",
          "receiving one whole request from the client (headers and body, an upload's file included), ms (408 after)",
        ),
      ),
    FLEET_FIRST_LINES_BUDGET_MS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(2_000)
      .meta(
        doc(
          "Timeouts",
          "time the fleet page spends computing ships' lines never computed before (a first view after a load); past it the rest show as being computed, by the job queue, ms",
        ),
      ),
    SHUTDOWN_TIMEOUT_MS: ms
      .default(10_000)
      .meta(
        doc(
          "Timeouts",
          "on SIGTERM, how long in-flight requests may take before they are aborted (and roll back), ms",
        ),
      ),
    /** jobs/job-queue.ts; off in unit tests. */
    JOBS: onOff
      .default(true)
      .meta(
        doc(
          "Background jobs",
          "background jobs (pg-boss in the database's `pgboss` schema): alert evaluation, deliveries, schedules",
        ),
      ),
    INGEST_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024 * 1024)
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "largest body of one `POST /api/ingest/:recordType`, bytes (413 above); also the largest MQTT message",
        ),
      ),
    /** One transaction each, so a bound on its length. */
    INGEST_MAX_RECORDS: z.coerce
      .number()
      .int()
      .positive()
      .default(50_000)
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "most records of one `POST /api/ingest/:recordType` (413 above)",
        ),
      ),
    MQTT_URL: z
      .string()
      .regex(/^(mqtts?|wss?):\/\/[^\s/]+/, "must be mqtt://host:port, mqtts://, ws:// or wss://")
      .optional()
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "`mqtt://host:1883` or `mqtts://…`: ingest from this broker (topic `sextant/<orgId>/<imo>/<recordType>`); unset: no MQTT",
          { example: "mqtt://127.0.0.1:1883" },
        ),
      ),
    /** `$share/<group>/sextant/+/+/+`: several Sextant processes on one database ingest a message once. */
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 letters, digits, _ or -")
      .default("sextant")
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "the shared-subscription group: each message goes to one Sextant process of the group",
        ),
      ),
    MQTT_BATCH_MS: ms
      .default(250)
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "MQTT messages are gathered this long, ms, then written in one transaction per organisation",
        ),
      ),
    MQTT_MAX_PENDING_RECORDS: z.coerce
      .number()
      .int()
      .positive()
      .default(200_000)
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "records held unacknowledged (the database away, a burst); beyond, reading pauses and the broker queues",
        ),
      ),
    /**
     * Fixed, so that the broker keeps this process's session (what it has not acknowledged, and what arrives while
     * it is away) across reconnects and restarts.
     */
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1-64 letters, digits, _ . or -")
      .optional()
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "the persistent MQTT session's client id: unique per process, stable across its restarts",
          { example: "sextant-myhost-3000", defaultText: "sextant-<hostname>-<PORT>" },
        ),
      ),
    MQTT_SESSION_EXPIRY_S: z.coerce
      .number()
      .int()
      .positive()
      .max(0xffff_ffff)
      .default(7 * 24 * 3600)
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "how long the broker keeps the session (and queues its messages) while the process is away, seconds (MQTT 5)",
        ),
      ),
    /** What one process holds while a batch is written or the database is away (within MQTT_MAX_PENDING_RECORDS). */
    MQTT_RECEIVE_MAXIMUM: z.coerce
      .number()
      .int()
      .min(1)
      .max(65_535)
      .default(65_535)
      .meta(
        doc(
          "Machine ingestion (HTTP and MQTT)",
          "unacknowledged messages one process holds (MQTT 5 Receive Maximum, at most 65,535); the broker queues the rest (docs/operations/mqtt-broker.md)",
        ),
      ),
    STEP_UP_MINUTES: z.coerce
      .number()
      .positive()
      .max(1440)
      .default(15)
      .meta(
        doc(
          "Administration and operations",
          "how long a password re-entered at /admin (`POST /api/auth/step-up`) elevates that session (destructive actions need it), minutes",
        ),
      ),
    OPERATOR_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter((e) => e.length > 0),
      )
      .meta(
        doc(
          "Administration and operations",
          "comma-separated emails of the server's operators: they see instance health (`GET /api/instance/health`) whatever their role; empty: nobody",
        ),
      ),
    METRICS_TOKEN: z
      .string()
      .min(16)
      .optional()
      .meta(
        doc(
          "Administration and operations",
          "bearer token of the Prometheus endpoint `GET /metrics` (at least 16 characters; unset: 404); shown as hidden in the technical specs",
          { example: "" },
        ),
      ),
    /** alerts/alert-jobs.ts. */
    ALERT_SWEEP_CRON: z
      .string()
      .regex(/^\S+( \S+){4}$/, "must be a cron expression of five fields, e.g. '*/15 * * * *'")
      .default("*/15 * * * *")
      .meta(
        doc("Background jobs", "when every ship's alerts are evaluated besides after each write (cron, UTC)"),
      ),
    /** mail/mailer.ts. */
    SMTP_URL: z
      .string()
      .url()
      .refine((v) => /^smtps?:\/\//i.test(v), "must start with smtp:// or smtps://")
      .optional()
      .meta(
        doc(
          "Alert delivery and e-mail",
          "mail server of alert e-mails and scheduled reports (`smtp://user:pass@host:587`, `smtps://…:465`); unset: e-mail is unavailable and the screens say so",
          { example: "smtp://user:password@mail.example.com:587" },
        ),
      ),
    /** reports/schedule. */
    REPORT_SCHEDULE_CRON: z
      .string()
      .regex(/^\S+( \S+){4}$/, "must be a cron expression of five fields, e.g. '0 6 1 * *'")
      .default("0 6 1 * *")
      .meta(
        doc(
          "Background jobs",
          "when the monthly vessel reports are e-mailed (cron, UTC; by default 06:00 on the first of the month, the previous calendar month reported)",
        ),
      ),
    SMTP_FROM: z
      .string()
      .trim()
      .min(3)
      .default("Sextant <sextant@localhost>")
      .meta(doc("Alert delivery and e-mail", "the sender of Sextant's e-mails")),
    PUBLIC_URL: z
      .string()
      .url()
      .default("http://localhost:3000")
      .transform((v) => v.replace(/\/+$/, ""))
      .meta(
        doc(
          "Alert delivery and e-mail",
          "where people reach this Sextant: the base of the absolute links in e-mails, SMS and webhooks and of the /admin panel's deployment links",
        ),
      ),
    SMS_GATEWAY_URL: z
      .string()
      .url()
      .optional()
      .meta(
        doc(
          "Alert delivery and e-mail",
          "an HTTP gateway that sends SMS: Sextant POSTs `{to, text}` as JSON; unset: SMS is unavailable and the screens say so",
          { example: "https://sms.example.com/send" },
        ),
      ),
    SMS_GATEWAY_TOKEN: z
      .string()
      .min(1)
      .optional()
      .meta(
        doc(
          "Alert delivery and e-mail",
          "sent to the SMS gateway as `Authorization: Bearer <token>` when set",
          {
            example: "",
          },
        ),
      ),
    /** Refused when the URL is saved and again for the address it resolves to at send time, against DNS rebinding. */
    WEBHOOK_ALLOW_PRIVATE: onOff
      .default(false)
      .meta(
        doc(
          "Alert delivery and e-mail",
          "`on` lets webhooks reach private, loopback, link-local and other non-public addresses (refused otherwise; docs/operations/webhooks.md)",
        ),
      ),
    DELIVERY_TIMEOUT_MS: ms
      .default(10_000)
      .meta(
        doc(
          "Alert delivery and e-mail",
          "one delivery attempt (an e-mail, a webhook call, an SMS) is given up after this long, ms",
        ),
      ),
    /** pg-boss retries. */
    ALERT_DELIVERY_RETRIES: z.coerce
      .number()
      .int()
      .min(0)
      .max(20)
      .default(5)
      .meta(
        doc(
          "Alert delivery and e-mail",
          "retries of a failed alert delivery, the first after `ALERT_DELIVERY_RETRY_DELAY_SECONDS`, each next one after twice the delay before",
        ),
      ),
    ALERT_DELIVERY_RETRY_DELAY_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(30)
      .meta(doc("Alert delivery and e-mail", "the delay of a failed alert delivery's first retry, seconds")),
    LIVE_MAX_STREAMS_PER_ORG: z.coerce
      .number()
      .int()
      .positive()
      .default(50)
      .meta(
        doc(
          "Real-time Monitoring",
          "open live streams (`GET /api/ships/:id/live`) one organisation may hold on this process (429 above)",
        ),
      ),
    /** Keeps proxies from closing an idle stream. */
    LIVE_HEARTBEAT_SECONDS: z.coerce
      .number()
      .positive()
      .default(15)
      .meta(doc("Real-time Monitoring", "seconds between a live stream's heartbeat comments")),
    /**
     * Heavy work (http/heavy-work.ts, decision 022): the PDF reports, statements, exports, backups, restores,
     * database cleanup, optimise and self-tests. Per process, like LIVE_MAX_STREAMS_PER_ORG.
     */
    HEAVY_WORK_PER_ORG: z.coerce
      .number()
      .int()
      .positive()
      .default(2)
      .meta(
        doc(
          "Heavy work",
          "heavy jobs (PDF reports, statements, exports, backups, restores, database cleanup, optimise, self-tests) of one organisation running at once on this process",
        ),
      ),
    HEAVY_WORK_GLOBAL: z.coerce
      .number()
      .int()
      .positive()
      .default(4)
      .meta(doc("Heavy work", "heavy jobs of all organisations running at once on this process")),
    HEAVY_WORK_QUEUE: z.coerce
      .number()
      .int()
      .min(0)
      .default(16)
      .meta(
        doc(
          "Heavy work",
          "heavy jobs that may wait for a slot, all organisations together (beyond: 429 with `Retry-After`)",
        ),
      ),
    HEAVY_WORK_QUEUE_PER_ORG: z.coerce
      .number()
      .int()
      .min(0)
      .default(4)
      .meta(
        doc("Heavy work", "places of that queue one organisation may take (beyond: 429 with `Retry-After`)"),
      ),
    HEAVY_WORK_QUEUE_TIMEOUT_MS: ms
      .default(60_000)
      .meta(
        doc(
          "Heavy work",
          "how long a heavy job waits for a slot (then 429 with `Retry-After`), and a running one's statement for a heavy connection, ms",
        ),
      ),
    /** However many heavy jobs run, everyone's screens keep their connections. */
    HEAVY_WORK_DB_CONNECTIONS: z.coerce
      .number()
      .int()
      .positive()
      .max(50)
      .default(DEFAULT_HEAVY_CONNECTIONS)
      .meta(
        doc(
          "Heavy work",
          "connections of the heavy pool that reports, statements and exports read with (db/client.ts), apart from the request pool's 10; each report thread has a pool of its own",
        ),
      ),
    HEAVY_WORK_THREADS: z.coerce
      .number()
      .int()
      .min(0)
      .max(16)
      .default(1)
      .meta(
        doc(
          "Heavy work",
          "worker threads the PDF reports, statements, fleet workbooks and exports are built in (reports/report-threads.ts, at nice 10); 0 builds them on the server's thread",
        ),
      ),
    /** live/nmea-udp.ts. */
    NMEA_UDP_PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .meta(
        doc(
          "NMEA 0183 over UDP",
          "UDP port of an NMEA 0183 listener (off when unset; 0 picks a free port); needs `NMEA_UDP_ORG_ID` and `NMEA_UDP_SHIP_ID`",
          { example: "10110" },
        ),
      ),
    NMEA_UDP_HOST: z
      .string()
      .default("127.0.0.1")
      .meta(
        doc(
          "NMEA 0183 over UDP",
          "the listener's address: UDP is unauthenticated, whoever reaches the port writes that ship's data",
        ),
      ),
    NMEA_UDP_ORG_ID: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .meta(
        doc(
          "NMEA 0183 over UDP",
          "the organisation the listener's sentences are stored for (needed with the port)",
          {
            example: "1",
          },
        ),
      ),
    NMEA_UDP_SHIP_ID: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .meta(
        doc(
          "NMEA 0183 over UDP",
          "the ship, of that organisation, they are stored for (needed with the port; refused at start when it is not that organisation's)",
          { example: "1" },
        ),
      ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info")
      .meta(doc("Server", "pino log level")),
  })
  .superRefine((env, ctx) => {
    // a standby follows a server of its own: the embedded one moves to a free port at every start
    if (env.DATABASE_REPLICA_URLS.length > 0 && env.DATABASE_URL === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_REPLICA_URLS"],
        message: "needs DATABASE_URL (the primary)",
      });
    if (env.NMEA_UDP_PORT === undefined) return;
    for (const key of ["NMEA_UDP_ORG_ID", "NMEA_UDP_SHIP_ID"] as const)
      if (env[key] === undefined)
        ctx.addIssue({ code: "custom", path: [key], message: "is required with NMEA_UDP_PORT" });
  });

export type Config = z.infer<typeof envSchema> & { dataDir: string };

/** The configuration's variable names, in the schema's order (technical specs list them). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof z.infer<typeof envSchema>)[];

/**
 * Variables whose values are never shown (technical specs answer only whether they are set): passwords may sit in
 * URLs, tokens are credentials. A feature adding a password, token or URL with credentials names it here.
 */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = new Set([
  "DATABASE_URL",
  "DATABASE_REPLICA_URLS",
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

/** The database timeouts of a configuration, as `connectDatabase` takes them. */
export function databaseTimeouts(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    longStatementMs: config.DB_LONG_STATEMENT_TIMEOUT_MS,
    heavyWaitMs: config.HEAVY_WORK_QUEUE_TIMEOUT_MS,
  };
}
