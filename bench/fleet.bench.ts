/**
 * The fleet page at fleet size: `npx tsx bench/fleet.bench.ts [--ships 100] [--requests 400] [--concurrency 10]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets `--ships` simulated
 * ships (full model, types cycling, one year of daily noon reports each, their shop tests, sea-trial curves and
 * maintenance events from the ground truth), rollups refreshed. Two Sextant processes (`src/server/main.ts`,
 * DATABASE_URL, jobs on) serve it. Measured through HTTP, requests alternating between the two processes:
 * the first GET /api/fleet (every line computed), then `--requests` at `--concurrency` with the lines stored,
 * then the same while ten ships have just been written to (their lines stale, refresh jobs running).
 * Target (issue 19): p95 < 300 ms for 100 ships.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import * as schema from "../src/server/db/schema";
import { refreshDailyRollup } from "../src/server/rollups/daily-rollup";
import { loadFleet } from "../src/server/simulation/load-fleet";
import { storeBaselines } from "../src/server/simulation/load-simulated-history";
import { FleetSimulation, spanEnding } from "../src/simulator/fleet";

const { values } = parseArgs({
  options: {
    ships: { type: "string", default: "100" },
    requests: { type: "string", default: "400" },
    concurrency: { type: "string", default: "10" },
  },
});
const SHIPS = Number(values.ships);
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const PORTS = [3961, 3962];

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sextant_fleetbench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const url = u.toString();
const database = connectDatabase(url, 10);
const servers: ChildProcess[] = [];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function waitUp(port: number) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

async function measure(cookie: string, label: string) {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORTS[i % 2]}/api/fleet`, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${res.status}`);
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const s = (performance.now() - t0) / 1000;
  console.log(
    `${label}: ${REQUESTS} requests at ${CONCURRENCY} concurrent in ${s.toFixed(1)} s (${(REQUESTS / s).toFixed(0)} req/s): p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms`,
  );
  return pct(times, 95);
}

try {
  await applyMigrations(database);
  for (const port of PORTS) {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        JOBS: "on",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    servers.push(child);
  }
  await Promise.all(PORTS.map(waitUp));
  const reg = await fetch(`http://127.0.0.1:${PORTS[0]}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: "fleet@example.com",
      password: "correct horse battery",
      firstName: "F",
      organizationName: "Bench Fleet",
    }),
  });
  const body = (await reg.json()) as { organization: { id: number } };
  const orgId = body.organization.id;
  const cookie = reg.headers.getSetCookie()[0]!.split(";")[0]!;

  const t0 = performance.now();
  const span = spanEnding(Date.now(), 1, "24h");
  const fleet = new FleetSimulation({ ships: SHIPS, seed: 77, cadence: "24h", ...span });
  const summary = await loadFleet(database.longPool, orgId, fleet);
  await storeBaselines(database.longPool, orgId, fleet, new Date());
  const ids = (await database.pool.query("select id from ships where org_id = $1", [orgId])).rows.map((r) =>
    Number(r.id),
  );
  await refreshDailyRollup(
    drizzle(database.longPool, { schema }),
    orgId,
    ids,
    new Date(span.startMs),
    new Date(span.endMs),
  );
  await database.longPool.query("analyze");
  console.log(
    `${SHIPS} ships, ${summary.inserted.toLocaleString("en")} rows loaded and rolled up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const c0 = performance.now();
  const first = await fetch(`http://127.0.0.1:${PORTS[0]}/api/fleet`, { headers: { cookie } });
  const answer = (await first.json()) as { ships: unknown[]; groups: unknown[] };
  console.log(
    `first GET /api/fleet (every line computed): ${(performance.now() - c0).toFixed(0)} ms, ${answer.ships.length} ships, ${answer.groups.length} sister groups`,
  );

  const warm = await measure(cookie, "lines stored");
  // ten ships written to: their lines go stale and are refreshed by jobs while the page is read
  for (const id of ids.slice(0, 10))
    await fetch(`http://127.0.0.1:${PORTS[1]}/api/fuel-data`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        shipId: id,
        timestamp: new Date().toISOString(),
        sfoc: 180,
        fuelConsumptionRate: 20,
      }),
    });
  const during = await measure(cookie, "ten lines stale, refresh jobs running");
  const ok = warm < 300 && during < 300;
  console.log(`target p95 < 300 ms: ${ok ? "met" : "NOT met"}`);
} finally {
  for (const s of servers) s.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 2000));
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
