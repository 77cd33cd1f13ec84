/**
 * Direct access to the embedded PostgreSQL of a Sextant started on `dataDir` (the faults suite and
 * bench/upload-fault.bench.ts): a connection beside Sextant's own, to count rows and to see an upload's COPY
 * under way before a fault strikes. Never the machine's PostgreSQL: the port is read from this DATA_DIR's lock
 * file and the password from this DATA_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { waitFor } from "./sextant-process";

/** The embedded server's data directory inside DATA_DIR (where main.ts puts it). */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, "pg");
}

/** A direct connection to the embedded server (port from its lock file, password from DATA_DIR). */
export async function embeddedClient(dataDir: string): Promise<pg.Client> {
  const lock = fs.readFileSync(path.join(embeddedDatabaseDir(dataDir), "postmaster.pid"), "utf8");
  const port = lock.split("\n")[3]!.trim();
  const password = fs.readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  const client = new pg.Client({
    connectionString: `postgres://sextant:${encodeURIComponent(password)}@127.0.0.1:${port}/sextant`,
  });
  client.on("error", () => {});
  await client.connect();
  return client;
}

export async function countRows(dataDir: string, table: string): Promise<number> {
  const client = await embeddedClient(dataDir);
  try {
    return (await client.query<{ n: number }>(`select count(*)::int n from ${table}`)).rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Polls (every 100 ms) until a COPY in the server has processed at least `minRows` rows
 * (pg_stat_progress_copy, PostgreSQL ≥ 14: the upload's COPY into its staging table); returns that count.
 */
export async function copyUnderWay(dataDir: string, minRows = 1, timeoutMs = 30_000): Promise<number> {
  const client = await embeddedClient(dataDir);
  try {
    return await waitFor(
      `a COPY to pass ${minRows} rows`,
      async () => {
        const { rows } = await client.query<{ n: number | null }>(
          "select max(tuples_processed)::int n from pg_stat_progress_copy",
        );
        const n = rows[0]!.n;
        return n !== null && n >= minRows ? n : undefined;
      },
      timeoutMs,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
