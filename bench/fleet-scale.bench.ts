/**
 * The organisation-wide calls as the fleet grows (issue 20 item 7):
 * `npx tsx bench/fleet-scale.bench.ts [--sizes 1,10,50,100] [--years 2] [--cadence 1h] [--requests 30] [--keep]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) fills up with simulated ships
 * (full model, types cycling) loaded with the simulator's COPY loader (rollups refreshed, tables analysed), one
 * batch per size: 1 ship, then 9 more, then 40, then 50. At each size, through `app.inject` (in process, so the
 * figures are the server's own work): the first page of GET /api/ships and GET /api/voyages, GET
 * /api/system-status, and GET /api/fleet (its first call computes new ships' lines for its time budget and
 * serves the rest pending while the job queue computes them: the time until every line is stored is printed), the first page of GET /api/alerts and /api/uploads, and the first ship's
 * dashboard with the answer cache off (a miss: issue 34 item 3 asks it no slower at 1,000 ships than at 3). Each figure is printed with its ratio to the 1-ship figure and to log2 of the size ratio, the
 * database's bytes per ship-year from the sizes before and after each batch, and the series tables' heap and
 * index sizes at the end (docs/decisions/010-series-partitioning.md). Load average printed beside every size.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { FleetSimulation, isCadence, spanEnding } from "../src/simulator/fleet";
import type { SimulatedShipType } from "../src/simulator/vessel";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1,10,50,100" },
    years: { type: "string", default: "2" },
    cadence: { type: "string", default: "1h" },
    requests: { type: "string", default: "30" },
    keep: { type: "boolean", default: false },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const YEARS = Number(values.years);
const REQUESTS = Number(values.requests);
const cadence = values.cadence;
if (!isCadence(cadence)) throw new Error(`--cadence must be one of 24h, 1h, 15m, 1m`);
const TYPES: readonly SimulatedShipType[] = [
  "bulk_carrier",
  "container_ship",
  "tanker",
  "general_cargo_ship",
  "lng_carrier",
];

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sextant_bench_c_fleetscale_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const database = connectDatabase(u.toString(), 10);

const load = () => os.loadavg()[0]!.toFixed(1);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const dbBytes = async () =>
  Number((await database.pool.query("select pg_database_size(current_database()) as b")).rows[0].b);

try {
  await applyMigrations(database);
  const app = await buildApp({
    db: database.db,
    database,
    // the job queue on, as in production: the fleet page's lines past its first call's budget are the jobs'
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "on" }),
  });
  await app.ready();
  await app.jobs.whenRunning();
  // a second app on the same database with the answer cache off (decision 020): a ship's dashboard miss
  const uncached = await buildApp({
    db: database.db,
    database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off", ANSWER_CACHE_MB: "0" }),
  });
  await uncached.ready();
  const reg = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: {
      email: "scale@example.com",
      password: "correct horse battery",
      firstName: "S",
      organizationName: "Scale",
    },
  });
  const orgId = reg.json().organization.id as number;
  const cookie = `${reg.cookies[0]!.name}=${reg.cookies[0]!.value}`;
  const span = spanEnding(Date.now(), YEARS, cadence);

  const time = async (url: string, via = app) => {
    const t0 = performance.now();
    const res = await via.inject({ url, headers: { cookie } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { ms, bytes: res.rawPayload.length };
  };
  const calls = [
    ["ships (first page)", "/api/ships"],
    ["voyages (first page)", "/api/voyages"],
    ["alerts (first page)", "/api/alerts"],
    ["uploads (first page)", "/api/uploads"],
    ["system status", "/api/system-status"],
    ["fleet page", "/api/fleet"],
  ] as const;
  const firstShip = async () =>
    Number(
      (await database.pool.query("select min(id) as id from ships where org_id = $1", [orgId])).rows[0].id,
    );
  const results = new Map<string, { size: number; p50: number; p95: number; bytes: number }[]>();
  const perShipYear: string[] = [];

  let loaded = 0;
  for (const size of SIZES) {
    const before = await dbBytes();
    const t0 = performance.now();
    const specs = Array.from({ length: size - loaded }, (_, i) => ({
      shipType: TYPES[(loaded + i) % TYPES.length]!,
      name: `Scale ${String(loaded + i + 1).padStart(3, "0")}`,
    }));
    const fleet = new FleetSimulation({ ships: specs, seed: 4_000 + size, cadence, ...span });
    const summary = await loadFleet(database.longPool, orgId, fleet);
    const loadS = (performance.now() - t0) / 1000;
    await database.longPool.query("vacuum analyze");
    const grown = (await dbBytes()) - before;
    const bpsy = grown / (specs.length * YEARS);
    perShipYear.push(`${specs.length} ships: ${(bpsy / 1e6).toFixed(1)} MB per ship-year`);
    console.log(
      `\n${size} ships (load average ${load()}): +${specs.length} ships, ${summary.inserted.toLocaleString("en")} rows loaded and rolled up in ${loadS.toFixed(0)} s (${Math.round(summary.inserted / loadS).toLocaleString("en")} rows/s); database +${(grown / 1e6).toFixed(0)} MB = ${(bpsy / 1e6).toFixed(1)} MB per ship-year`,
    );
    loaded = size;
    const first = await time("/api/fleet");
    const firstAnswered = performance.now();
    // lines never stored: served pending by the page while the jobs compute them
    const unstored = async () =>
      Number(
        (
          await database.pool.query(
            `select count(*) as n from ships s where s.org_id = $1
               and not exists (select 1 from fleet_snapshots f where f.org_id = s.org_id and f.ship_id = s.id)`,
            [orgId],
          )
        ).rows[0].n,
      );
    const pendingAtFirst = await unstored();
    while ((await unstored()) > 0) await new Promise((r) => setTimeout(r, 250));
    console.log(
      `  fleet page, first call: ${first.ms.toFixed(0)} ms (${specs.length - pendingAtFirst} of ${specs.length} new lines computed in it${pendingAtFirst > 0 ? `, ${pendingAtFirst} pending` : ""}); every line stored ${((performance.now() - firstAnswered) / 1000).toFixed(1)} s after it answered`,
    );
    const shipCalls = [["dashboard miss (ship 1)", `/api/dashboard/${await firstShip()}`, uncached]] as const;
    for (const [label, url, via] of [...calls.map(([l, u]) => [l, u, app] as const), ...shipCalls]) {
      await time(url, via); // warm
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const r = await time(url, via);
        ms.push(r.ms);
        bytes = r.bytes;
      }
      const row = { size, p50: pct(ms, 50), p95: pct(ms, 95), bytes };
      results.set(label, [...(results.get(label) ?? []), row]);
      console.log(
        `  ${label.padEnd(22)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms  ${(bytes / 1024).toFixed(1)} kB  (load ${load()})`,
      );
    }
  }

  console.log(
    `\nGrowth with fleet size (p50 at N ships / p50 at ${SIZES[0]}; log2(N/${SIZES[0]}) for comparison)`,
  );
  for (const [label, rows] of results) {
    const base = rows[0]!;
    const parts = rows.map(
      (r) =>
        `${r.size}: ${(r.p50 / base.p50).toFixed(2)}× (log2 ${Math.log2(r.size / base.size).toFixed(1)}, ${(r.bytes / 1024).toFixed(0)} kB)`,
    );
    console.log(`  ${label.padEnd(22)} ${parts.join("  ")}`);
  }
  console.log(`\nBytes per ship-year (${cadence} cadence, full model): ${perShipYear.join("; ")}`);
  const tables = await database.pool.query(`
    select c.relname as name, c.reltuples::bigint as rows, pg_table_size(c.oid) as heap, pg_indexes_size(c.oid) as index
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc limit 8`);
  console.log(`Largest tables at ${loaded} ships × ${YEARS} years:`);
  for (const t of tables.rows)
    console.log(
      `  ${String(t.name).padEnd(28)} ${Number(t.rows).toLocaleString("en").padStart(12)} rows  heap ${(Number(t.heap) / 1e6).toFixed(0).padStart(6)} MB  index ${(Number(t.index) / 1e6).toFixed(0).padStart(6)} MB`,
    );
  await uncached.close();
  await app.close();
} finally {
  await database.close();
  if (values.keep) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
