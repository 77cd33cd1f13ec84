/**
 * Dashboard and Analysis Center latency: `npx tsx bench/dashboard.bench.ts [--requests 200]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets one ship with ten
 * years of 15-minute simulated data (about 350,000 main-engine fuel records, the same number of auxiliary
 * ones, environmental, trim and auxiliary-power series), loaded with the simulator's COPY loader, and one
 * ship with one month of the same data; the daily rollups are refreshed. Then each call of the dashboard
 * page (dashboard with KPIs, each filled section, the sidebar summary) is sent `--requests` times through
 * app.inject for: the ten-year ship over 'Last 30 Days' and over a ten-year custom range, and the one-month
 * ship over 'Last 30 Days', the three interleaved. Prints p50 / p95 per call and checks the targets of issue 6:
 * p95 < 50 ms, and ten-year ≤ 2 × one-month. The ships get their sea-trial curve and maintenance events
 * from the simulator's ground truth, so that the hull sections (issue 14) do their whole work.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { READY_SECTION_IDS } from "../src/contracts/analysis/section-ids";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { loadSimulatedShip } from "./simulated-ship";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
    /** A database kept by an earlier `--keep` run: measure again without loading (minutes saved). */
    reuse: { type: "string" },
    /** Measure only the calls whose name contains this (e.g. `--only trim`). */
    only: { type: "string" },
  },
});
const REQUESTS = Number(values.requests);
const DAY_MS = 86_400_000;

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = values.reuse ?? `sextant_dashbench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!values.reuse) await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const database = connectDatabase(u.toString(), 10);

try {
  await applyMigrations(database);
  const app = await buildApp({
    db: database.db,
    database,
    // the answer cache off (decision 020): the bench measures what a call costs to compute, and its repeated
    // requests of one minute would otherwise be cache hits
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off", ANSWER_CACHE_MB: "0" }),
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

  const loadShip = (years: number, seed: number, shipName: string) =>
    loadSimulatedShip(database, orgId, { years, seed, shipName, now });

  const shipNamed = async (shipName: string) =>
    (await database.pool.query("select id from ships where name = $1", [shipName])).rows[0].id as number;
  const tenYears = values.reuse ? await shipNamed("Decade") : await loadShip(10, 7, "Decade");
  const oneMonth = values.reuse ? await shipNamed("Month") : await loadShip(31 / 365, 8, "Month");

  const calls = (id: number) =>
    [
      ["dashboard", `/api/dashboard/${id}`],
      ...READY_SECTION_IDS.map((s) => [s, `/api/ships/${id}/analysis/${s}`]),
      ["analysis-summary", `/api/ships/${id}/analysis-summary`],
      ["annual figures (this year)", `/api/ships/${id}/annual/${new Date(now).getUTCFullYear()}`],
    ].filter(([call]) => values.only === undefined || call!.includes(values.only));
  const from = new Date(now - 10 * 365 * DAY_MS).toISOString().slice(0, 10);
  const scenarios = [
    ["10 years of data, Last 30 Days", tenYears, "range=30days&engine=main"],
    [
      "10 years of data, 10-year custom",
      tenYears,
      `range=custom&from=${from}&to=${new Date(now).toISOString()}&engine=main`,
    ],
    ["1 month of data, Last 30 Days", oneMonth, "range=30days&engine=main"],
  ] as const;

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  };
  // The scenarios' requests of one call are interleaved (10 years, 10-year range, one month, again…), so
  // that a busy moment of this shared machine falls on all three alike and the ratio compares like with like.
  const results = new Map<string, Map<string, { p50: number; p95: number }>>(
    scenarios.map(([label]) => [label, new Map()]),
  );
  const callNames = calls(tenYears).map(([call]) => call!);
  for (const [c, call] of callNames.entries()) {
    const urls = scenarios.map(([, id, query]) => `${calls(id)[c]![1]}?${query}`);
    for (let i = 0; i < 10; i++) for (const url of urls) await app.inject({ url, headers: { cookie } });
    const times = urls.map(() => [] as number[]);
    for (let i = 0; i < REQUESTS; i++) {
      for (const [k, url] of urls.entries()) {
        const t0 = performance.now();
        const res = await app.inject({ url, headers: { cookie } });
        times[k]!.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
    for (const [k, [label]] of scenarios.entries())
      results.get(label)!.set(call, { p50: pct(times[k]!, 50), p95: pct(times[k]!, 95) });
  }

  console.log(`\n${REQUESTS} requests per call (app.inject, one at a time), milliseconds p50 / p95:`);
  const labels = scenarios.map((s) => s[0]);
  console.log(`${"call".padEnd(28)}${labels.map((l) => l.padStart(34)).join("")}`);
  let failures = 0;
  for (const [call] of calls(tenYears)) {
    const cells = labels.map((l) => {
      const r = results.get(l)!.get(call!)!;
      return `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)}`.padStart(34);
    });
    const month = results.get(labels[2]!)!.get(call!)!.p95;
    const worst = Math.max(...labels.slice(0, 2).map((l) => results.get(l)!.get(call!)!.p95));
    const allP95 = labels.map((l) => results.get(l)!.get(call!)!.p95);
    const ok = allP95.every((p) => p < 50) && worst <= 2 * month;
    if (!ok) failures += 1;
    console.log(
      `${call!.padEnd(28)}${cells.join("")}  ${ok ? "ok" : "MISSES TARGET"} (10y/1m p95 ${(worst / month).toFixed(2)}×)`,
    );
  }
  console.log(
    `\ntargets: p95 < 50 ms and ten-year ≤ 2 × one-month: ${failures === 0 ? "met" : `${failures} call(s) miss`}`,
  );
  await app.close();
} finally {
  await database.close();
  if (values.keep || values.reuse) console.log(`kept database ${name} (again: --reuse ${name})`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
