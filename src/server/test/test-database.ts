import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type Database } from "../db/client";

/** A fresh database cloned from the migrated template; drop it with the returned `drop`. */
export async function createTestDatabase(): Promise<Database & { url: string; drop: () => Promise<void> }> {
  const serverUrl = inject("pgServerUrl");
  const name = `sextant_t_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("pgTemplateDb")}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
