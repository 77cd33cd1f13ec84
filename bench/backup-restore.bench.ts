/**
 * Backup and restore of a ten-year ship: `npx tsx bench/backup-restore.bench.ts [--years 10] [--cadence 1h]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets one simulated ship (full
 * model). Measures (issue 18):
 * - the backup streamed into a discarding sink: time, archive bytes, and this process' peak RSS growth above
 *   the RSS before it (sampled every 20 ms): flat memory means a few MB whatever the rows;
 * - the restore of that archive into a new organisation (staging, checks, id remapping, inserts, rollups
 *   recomputed, analyse — all of it), against `psql \copy` of the same rows (CSV files of each table's rows)
 *   into empty copies of the tables with their indexes. Target: restore at least 1/4 as fast as `\copy`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import { loadConfig } from "../src/server/config";
import { writeBackup } from "../src/server/database-admin/backup";
import { ident, ORG_TABLES } from "../src/server/database-admin/org-tables";
import { restoreBackup } from "../src/server/database-admin/restore";
import { restoreOptions } from "../src/server/database-admin/restore-options";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { type Cadence, FleetSimulation, spanEnding } from "../src/simulator/fleet";

const { values } = parseArgs({
  options: { cadence: { type: "string", default: "1h" }, years: { type: "string", default: "10" } },
});
const cadence = values.cadence as Cadence;
const years = Number(values.years);

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sextant_backupbench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const url = u.toString();
const database = connectDatabase(url, 4);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-backup-bench-"));
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

try {
  await applyMigrations(database);
  const newOrg = async (n: string) =>
    (await database.pool.query("insert into organizations (name) values ($1) returning id", [n])).rows[0]
      .id as number;
  const source = await newOrg("Backup bench");
  const fleet = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier", name: "Backup bench ship" }],
    seed: 5,
    cadence,
    ...spanEnding(Date.now(), years, cadence),
  });
  const load = await loadFleet(database.longPool, source, fleet);
  console.log(
    `one ship, ${years} years at ${cadence}: ${load.inserted.toLocaleString("en")} series rows loaded`,
  );

  // --- backup, streamed, memory sampled
  const archivePath = path.join(dir, "backup.gz");
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const gzip = zlib.createGzip();
  const file = fs.createWriteStream(archivePath);
  const done = pipeline(gzip, file);
  const rows = await writeBackup(database.longPool, source, gzip, new Date());
  gzip.end();
  await done;
  const backupS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const bytes = fs.statSync(archivePath).size;
  console.log(
    `backup: ${rows.toLocaleString("en")} rows in ${backupS.toFixed(1)} s, archive ${mb(bytes)} MB, ` +
      `peak RSS growth ${mb(peak - baseline)} MB (RSS before ${mb(baseline)} MB)`,
  );

  // --- restore into a new organisation
  const target = await newOrg("Restore bench");
  const t1 = performance.now();
  const restored = await restoreBackup(
    database.longPool,
    target,
    archivePath,
    restoreOptions(loadConfig({})),
  );
  const restoreS = (performance.now() - t1) / 1000;
  console.log(
    `restore: ${restored.rows.toLocaleString("en")} rows in ${restoreS.toFixed(1)} s (rollups included)`,
  );

  // --- psql \copy of the same rows into empty copies of the tables (indexes included)
  let copyS = 0;
  for (const t of ORG_TABLES) {
    const csv = path.join(dir, `${t.name}.csv`);
    const cols = t.columns.map((c) => ident(c.name)).join(", ");
    execFileSync("psql", [
      url,
      "-qc",
      `\\copy (select ${cols} from ${ident(t.name)} where org_id = ${source}) to '${csv}' with (format csv)`,
    ]);
    await database.pool.query(
      `create table ${ident(`bench_${t.name}`)} (like ${ident(t.name)} including all)`,
    );
    const t2 = performance.now();
    execFileSync("psql", [
      url,
      "-qc",
      `\\copy ${ident(`bench_${t.name}`)} (${cols}) from '${csv}' with (format csv)`,
    ]);
    copyS += (performance.now() - t2) / 1000;
  }
  console.log(
    `psql \\copy of the same rows: ${copyS.toFixed(1)} s; restore speed ${((copyS / restoreS) * 100).toFixed(0)} % of \\copy (target ≥ 25 %)`,
  );
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
