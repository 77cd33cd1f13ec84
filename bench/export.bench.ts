/**
 * Excel and CSV export of a ten-year ship: `npx tsx bench/export.bench.ts [--years 10] [--keep] [--reuse DB]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets one ship with
 * `--years` of 15-minute simulated data (full model: weather, fouling, drift, noise), loaded with the
 * simulator's COPY loader. The app then listens on a free port and the bench downloads, over real HTTP,
 * `GET /api/exports/:shipId?format=xlsx` and `?format=csv&type=fuel&engine=all` over the whole history,
 * reading the answer as it streams and throwing it away. It prints the rows written (the database's count
 * of the range), the seconds, rows/s, the bytes, and the process's peak RSS growth over its RSS before the
 * export, and the peak of the JavaScript heap (sampled every 50 ms): the export streams, so they must stay
 * flat as the years grow. RSS also grows with V8's lazy collection; run it with
 * `node --expose-gc --max-old-space-size=128 --import tsx bench/export.bench.ts` to prove the bound: an export
 * that held the file would die of heap exhaustion there.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { FleetSimulation, spanEnding } from "../src/simulator/fleet";

const { values } = parseArgs({
  options: {
    years: { type: "string", default: "10" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
  },
});
const YEARS = Number(values.years);
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = values.reuse ?? `sextant_exportbench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!values.reuse) await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const database = connectDatabase(u.toString(), 10);
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** Downloads a URL, discarding the body; peak RSS sampled meanwhile. */
function download(url: string, cookie: string) {
  return new Promise<{ bytes: number; seconds: number; status: number; peakRss: number; peakHeap: number }>(
    (resolve, reject) => {
      let peakRss = process.memoryUsage.rss();
      let peakHeap = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }, 50);
      const t0 = performance.now();
      http
        .get(url, { headers: { cookie } }, (res) => {
          let bytes = 0;
          res.on("data", (c: Buffer) => {
            bytes += c.length;
          });
          res.on("end", () => {
            clearInterval(sampler);
            resolve({
              bytes,
              seconds: (performance.now() - t0) / 1000,
              status: res.statusCode ?? 0,
              peakRss,
              peakHeap,
            });
          });
          res.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

try {
  await applyMigrations(database);
  const app = await buildApp({
    db: database.db,
    database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" }),
  });
  await app.ready();
  const account = { email: "bench@example.com", password: "correct horse battery" };
  const reg = values.reuse
    ? await app.inject({ method: "POST", url: "/api/auth/login", payload: account })
    : await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { ...account, firstName: "B", organizationName: "Bench" },
      });
  const orgId = (reg.json().organization?.id ?? reg.json().user?.organization?.id) as number;
  const cookie = `${reg.cookies[0]!.name}=${reg.cookies[0]!.value}`;
  const now = Date.now();
  if (!values.reuse) {
    const t0 = performance.now();
    const fleet = new FleetSimulation({
      ships: [{ shipType: "bulk_carrier", name: "Decade Bulker" }],
      seed: 42,
      cadence: "15m",
      ...spanEnding(now, YEARS, "15m"),
    });
    const summary = await loadFleet(database.longPool, orgId, fleet);
    console.log(
      `loaded ${summary.inserted.toLocaleString()} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const shipId = (await database.pool.query("select id from ships where org_id = $1", [orgId])).rows[0]
    .id as number;
  const span = await database.pool.query(
    "select min(ts) as f, max(ts) as t from fuel_data where org_id = $1 and ship_id = $2",
    [orgId, shipId],
  );
  const from = (span.rows[0].f as Date).toISOString();
  const to = new Date((span.rows[0].t as Date).getTime() + 1000).toISOString();
  const count = async (table: string) =>
    Number(
      (
        await database.pool.query(
          `select count(*) n from ${table} where org_id = $1 and ship_id = $2 and ts >= $3 and ts < $4`,
          [orgId, shipId, from, to],
        )
      ).rows[0].n,
    );
  const tables = [
    "fuel_data",
    "environmental_data",
    "hull_condition",
    "trim_data",
    "auxiliary_data",
    "compliance_data",
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
  const mainFuel = Number(
    (
      await database.pool.query(
        "select count(*) n from fuel_data where org_id = $1 and ship_id = $2 and ts >= $3 and ts < $4 and consumer = 'main'",
        [orgId, shipId, from, to],
      )
    ).rows[0].n,
  );

  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}/api/exports/${shipId}?range=custom&from=${from}&to=${to}`;
  global.gc?.();
  const cases = [
    {
      label: "xlsx (every sheet, engine=main)",
      url: `${base}&format=xlsx`,
      rows:
        mainFuel +
        counts.environmental_data! +
        counts.hull_condition! +
        counts.trim_data! +
        counts.auxiliary_data! +
        counts.compliance_data!,
    },
    {
      label: "csv fuel (engine=all)",
      url: `${base}&format=csv&type=fuel&engine=all`,
      rows: counts.fuel_data!,
    },
  ];
  for (const c of cases) {
    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    const heapBefore = process.memoryUsage().heapUsed;
    const r = await download(c.url, cookie);
    if (r.status !== 200) throw new Error(`${c.label}: HTTP ${r.status}`);
    console.log(
      `${c.label}: ${c.rows.toLocaleString()} rows, ${mb(r.bytes)} MB in ${r.seconds.toFixed(1)} s = ` +
        `${Math.round(c.rows / r.seconds).toLocaleString()} rows/s; RSS before ${mb(rssBefore)} MB, ` +
        `peak growth ${mb(r.peakRss - rssBefore)} MB; heap before ${mb(heapBefore)} MB, peak ${mb(r.peakHeap)} MB`,
    );
  }
  await app.close();
} finally {
  await database.close();
  if (!values.keep && !values.reuse) await admin.query(`drop database if exists ${name}`);
  else console.log(`kept database ${name}`);
  await admin.end();
}
