/**
 * Fleet simulator benchmark: `npx tsx bench/simulator.bench.ts [--rows 1000000] [--no-db]`
 *
 * 1. Generation: rows per second and peak RSS for generating N rows (records only, then records formatted as
 *    CSV), at 1/4 N and N, to show that memory stays flat whatever the size.
 * 2. Load: rows per second of the COPY loader into PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432; a
 *    scratch database is created and dropped), and the time the demo seeding takes (3 ships × 2 years hourly).
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { seedDemoIfEmpty } from "../src/server/demo/seed-demo";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { csvLine } from "../src/simulator/csv";
import { FleetSimulation, spanFrom } from "../src/simulator/fleet";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "1000000" }, "no-db": { type: "boolean", default: false } },
});
const target = Number(values.rows);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/** A 15-minute fleet run sized to give about `rows` rows (≈ 5 rows per ship-quarter-hour). */
function fleetFor(rows: number, seed = 1) {
  const ships = 4;
  const years = rows / (ships * 35_040 * 4.85);
  return new FleetSimulation({
    ships,
    seed,
    cadence: "15m",
    ...spanFrom(Date.UTC(2023, 0, 1), years, "15m"),
  });
}

function generate(rows: number, format: boolean) {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const t0 = performance.now();
  let n = 0;
  let bytes = 0;
  for (const r of fleetFor(rows).records()) {
    n++;
    if (format) bytes += csvLine(r).length;
    if ((n & 0xffff) === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const s = (performance.now() - t0) / 1000;
  return { n, s, peak, bytes };
}

console.log(`Node ${process.version}, ${process.arch}`);
for (const format of [false, true]) {
  for (const rows of [Math.round(target / 4), target]) {
    const r = generate(rows, format);
    console.log(
      `${format ? "generate + CSV" : "generate      "} ${r.n.toLocaleString("en").padStart(11)} rows in ${r.s.toFixed(2)} s = ${Math.round(r.n / r.s).toLocaleString("en")} rows/s, peak RSS ${mb(r.peak)}${format ? `, ${mb(r.bytes)} of CSV` : ""}`,
    );
  }
}

async function databaseUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return undefined;
  }
}

async function withScratchDatabase<T>(
  serverUrl: string,
  fn: (db: ReturnType<typeof connectDatabase>) => Promise<T>,
): Promise<T> {
  const name = `sextant_simbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const db = connectDatabase(u.toString(), 10);
  try {
    await applyMigrations(db);
    return await fn(db);
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (!values["no-db"]) {
  const url = await databaseUrl();
  if (!url) console.log("load: no PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432; skipped");
  else {
    await withScratchDatabase(url, async (db) => {
      const t0 = performance.now();
      const seeded = await seedDemoIfEmpty(db);
      const s = (performance.now() - t0) / 1000;
      const counts = await db.pool.query<{ n: number }>(
        `select (select count(*) from fuel_data) + (select count(*) from environmental_data) + (select count(*) from hull_condition)
              + (select count(*) from trim_data) + (select count(*) from auxiliary_data) + (select count(*) from compliance_data) as n`,
      );
      console.log(
        `demo seeding (3 ships × 2 years hourly, org + user + ships + history): ${s.toFixed(2)} s, ${Number(counts.rows[0]!.n).toLocaleString("en")} rows${seeded ? "" : " (skipped: not empty)"}`,
      );
      const org = (
        await db.pool.query<{ id: number }>("insert into organizations (name) values ('bench') returning id")
      ).rows[0]!.id;
      const rows = Math.min(target, 1_000_000);
      const first = await loadFleet(db.pool, org, fleetFor(rows, 2));
      console.log(
        `load (COPY → staging → insert): ${first.staged.toLocaleString("en")} rows in ${first.seconds.toFixed(2)} s = ${Math.round(first.staged / first.seconds).toLocaleString("en")} rows/s (generate + COPY ${first.copySeconds.toFixed(2)} s, insert from staging ${(first.seconds - first.copySeconds).toFixed(2)} s)`,
      );
      const again = await loadFleet(db.pool, org, fleetFor(rows, 2));
      console.log(
        `re-load of the same run: ${again.inserted} new rows in ${again.seconds.toFixed(2)} s (idempotent)`,
      );
    });
  }
}
