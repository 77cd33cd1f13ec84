/** Starts Sextant: configuration, PostgreSQL (embedded or DATABASE_URL), migrations, demo, HTTP. */
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { connectDatabase } from "./db/client";
import { DataDirInUseError, startEmbeddedPostgres } from "./db/embedded-postgres";
import { applyMigrations } from "./db/migrate";
import { seedDemoIfEmpty } from "./demo/seed-demo";
import { removeStaleUploadDirs } from "./uploads/upload-temp";

async function main() {
  const config = loadConfig();
  // Folders of uploads a crashed or killed server was receiving.
  const stale = await removeStaleUploadDirs();
  if (stale.length > 0) console.log(`Removed ${stale.length} temporary folder(s) of interrupted uploads`);
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.dataDir);
  const url = config.DATABASE_URL ?? embedded!.url;
  const database = connectDatabase(url);
  await applyMigrations(database);

  const app = await buildApp({ db: database.db, database, config });
  const demo = embedded && config.SEXTANT_DEMO ? await seedDemoIfEmpty(database.db) : undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: shutting down`);
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

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
