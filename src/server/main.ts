/** Starts Sextant: configuration, PostgreSQL (embedded or DATABASE_URL), migrations, demo, HTTP. */
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { databaseTimeouts, loadConfig } from "./config";
import { connectDatabase, type Database } from "./db/client";
import { DataDirInUseError, type EmbeddedServer, startEmbeddedPostgres } from "./db/embedded-postgres";
import { applyMigrations } from "./db/migrate";
import { seedDemoIfEmpty } from "./demo/seed-demo";
import { catchUpDataQualityDaily } from "./system-status/data-quality-catch-up";
import { removeStaleUploadDirs } from "./uploads/upload-temp";

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  let embedded: EmbeddedServer | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  /**
   * The product's shutdown order: stop accepting connections; let in-flight requests finish, aborting them
   * after SHUTDOWN_TIMEOUT_MS; close the pool (connections still busy then are cut, so their transactions
   * roll back); stop the embedded PostgreSQL; exit 0.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: shutting down`);
    const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
    if (app) {
      const closed = app.close();
      const abort = setTimeout(() => app?.server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(abort);
    }
    await database?.close(Math.max(0, deadline - Date.now()));
    await embedded?.stop();
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => void shutdown(signal));
  }

  // Folders of uploads a crashed or killed server was receiving.
  const stale = await removeStaleUploadDirs();
  if (stale.length > 0) logger.info(`Removed ${stale.length} temporary folder(s) of interrupted uploads`);
  embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, {
        log: (m) => logger.debug({ postgres: m }),
        warn: (m) => logger.warn(m),
      });
  const url = config.DATABASE_URL ?? embedded!.url;
  database = connectDatabase(url, 10, databaseTimeouts(config), config.HEAVY_WORK_DB_CONNECTIONS);
  await applyMigrations(database);
  if (stopping) return;

  app = await buildApp({ db: database.db, database, config });
  const demo = embedded && config.SEXTANT_DEMO ? await seedDemoIfEmpty(database) : undefined;
  if (stopping) return;
  // an instance upgraded to the daily data-quality store shows its figures at once (issue 20)
  const filled = await catchUpDataQualityDaily(database.db);
  if (filled > 0) logger.info(`Data quality: filled the daily store of ${filled} ship(s)`);
  if (stopping) return;

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = `http://localhost:${config.PORT}`;
  console.log(`\nSextant is running at ${where}`);
  console.log(embedded ? `Database: embedded PostgreSQL in ${config.dataDir}` : "Database: DATABASE_URL");
  if (demo) {
    console.log(`Demo organisation "${demo.organizationName}": sign in at ${where}/login`);
    console.log(`  email:    ${demo.email}\n  password: ${demo.password}\n`);
  }
}

main().catch((err) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
