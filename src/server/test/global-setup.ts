/**
 * Vitest global setup for the server project: finds a real PostgreSQL — TEST_DATABASE_URL when set, else the
 * server on 127.0.0.1:5432 when one answers, else an embedded server started here — and migrates a template
 * database once. Each test file then clones the template into a database of its own (see test-database.ts),
 * so files run in parallel without seeing each other's rows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplateDb: string;
  }
}

const LOCAL_URL = "postgres://postgres@127.0.0.1:5432/postgres";

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmpDir: string | undefined;
  if (!serverUrl) {
    if (await answers(LOCAL_URL)) serverUrl = LOCAL_URL;
    else {
      tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-test-pg-"));
      const embedded = await startEmbeddedPostgres(tmpDir);
      serverUrl = embedded.url;
      stopEmbedded = embedded.stop;
    }
  }

  const template = `sextant_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = connectDatabase(withDatabase(serverUrl, template), 1);
  await applyMigrations(database);
  await database.close();

  project.provide("pgServerUrl", serverUrl);
  project.provide("pgTemplateDb", template);

  return async () => {
    await admin.query(`drop database if exists ${template}`).catch(() => {});
    await admin.end();
    await stopEmbedded?.();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
