/**
 * A listening Sextant on a scratch database for the upload benchmarks: the database (on TEST_DATABASE_URL's
 * server, else 127.0.0.1:5432) and a temporary folder are created, and removed when the work ends, fails,
 * passes its deadline or is interrupted (Ctrl-C).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { IMOS } from "./upload-files";

export type BenchServer = {
  /** The scratch database's URL. */
  url: URL;
  /** A temporary folder for the benchmark's files. */
  dir: string;
  app: FastifyInstance;
  port: number;
  /** Registers an owner of a new organisation with the four ships of the upload files; its cookie. */
  register: (name: string) => Promise<string>;
};

export async function withBenchServer(
  name: string,
  deadlineMs: number,
  work: (server: BenchServer) => Promise<void>,
): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `sextant_bench_${name.replaceAll("-", "_")}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sextant-bench-${name}-`));
  const database = connectDatabase(url.toString(), 10);
  let app: FastifyInstance | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      await app?.close().catch(() => {});
      await database.close().catch(() => {});
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  // Stops by itself: past the deadline or on Ctrl-C the database and the files are removed and it exits.
  const abort = (why: string) => {
    console.error(`\n${why}: stopping and cleaning up`);
    void cleanup().finally(() => process.exit(2));
  };
  const deadline = setTimeout(() => abort(`deadline of ${deadlineMs / 1000} s passed`), deadlineMs);
  deadline.unref();
  process.once("SIGINT", () => abort("interrupted"));
  try {
    await applyMigrations(database);
    const config = loadConfig({
      LOG_LEVEL: "warn",
      UPLOAD_MAX_BYTES: String(1 << 30),
      DATABASE_URL: url.toString(),
    });
    const started = await buildApp({ db: database.db, database, config });
    app = started;
    await started.listen({ port: 0, host: "127.0.0.1" });
    const port = (started.server.address() as { port: number }).port;
    const register = async (org: string) => {
      const reg = await started.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          email: `${org.toLowerCase()}@example.com`,
          password: "benchmark password",
          firstName: "Bench",
          organizationName: org,
        },
      });
      const cookie = reg.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      for (const [i, imo] of IMOS.entries()) {
        await started.inject({
          method: "POST",
          url: "/api/ships",
          headers: { cookie },
          payload: {
            name: `Bench ${i + 1}`,
            imo,
            type: "Bulk Carrier",
            deadweight: 80_000,
            enginePower: 10_000,
          },
        });
      }
      return cookie;
    };
    await work({ url, dir, app: started, port, register });
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}
