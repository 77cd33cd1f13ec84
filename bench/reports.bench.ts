/**
 * PDF vessel report and statements: `npx tsx bench/reports.bench.ts [--runs 10]`
 *
 * A scratch database (TEST_DATABASE_URL, else 127.0.0.1:5432; created and dropped) gets one bulk carrier with
 * a year and a month of 15-minute simulated data (full model, bench/simulated-ship.ts). Each download is sent
 * `--runs` times through app.inject: the vessel report over the ship-year (custom range of 365 days) and over
 * 'Last 30 Days', each statement as PDF and XLSX, and the fleet workbook. Prints p50 / p95 / max and the PDF
 * size, and checks issue 17's target: a ship-year report in under 2 s.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { loadSimulatedShip } from "./simulated-ship";

const { values } = parseArgs({ options: { runs: { type: "string", default: "10" } } });
const RUNS = Number(values.runs);
const TARGET_MS = 2000;

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sextant_reportbench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const database = connectDatabase(u.toString(), 10);

try {
  await applyMigrations(database);
  const app = await buildApp({
    db: database.db,
    database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" }),
  });
  await app.ready();
  const reg = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: {
      email: "bench@example.com",
      password: "correct horse battery",
      firstName: "B",
      organizationName: "Bench",
    },
  });
  const orgId = reg.json().organization.id as number;
  const cookie = `${reg.cookies[0]!.name}=${reg.cookies[0]!.value}`;
  const now = Date.now();
  const id = await loadSimulatedShip(database, orgId, {
    years: 1 + 31 / 365,
    seed: 11,
    shipName: "Year",
    now,
  });
  const year = new Date(now).getUTCFullYear();
  const yearAgo = new Date(now - 365 * 86_400_000).toISOString();
  const calls: [string, string][] = [
    [
      "vessel report, ship-year",
      `/api/reports/vessel/${id}?range=custom&from=${yearAgo}&to=${new Date(now).toISOString()}&engine=all`,
    ],
    ["vessel report, Last 30 Days", `/api/reports/vessel/${id}?range=30days`],
    ...(["dcs", "mrv", "cii"] as const).flatMap((kind) =>
      (["pdf", "xlsx"] as const).map(
        (format) =>
          [
            `statement ${kind} ${format}`,
            `/api/reports/statements/${id}/${year - 1}?kind=${kind}&format=${format}`,
          ] as [string, string],
      ),
    ),
    ["fleet workbook", `/api/reports/statements/fleet/${year - 1}`],
  ];
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  console.log(`\n${RUNS} downloads per call (app.inject, one at a time), ms p50 / p95 / max, size:`);
  let yearP95 = 0;
  for (const [label, url] of calls) {
    await app.inject({ url, headers: { cookie } }); // warm-up
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url, headers: { cookie } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      bytes = res.rawPayload.length;
    }
    if (label === "vessel report, ship-year") yearP95 = pct(times, 95);
    console.log(
      `${label.padEnd(30)} ${pct(times, 50).toFixed(0).padStart(6)} / ${pct(times, 95).toFixed(0).padStart(6)} / ${Math.max(
        ...times,
      )
        .toFixed(0)
        .padStart(6)}   ${(bytes / 1024).toFixed(0)} KB`,
    );
  }
  console.log(
    `\ntarget: ship-year report p95 < ${TARGET_MS} ms: ${yearP95 < TARGET_MS ? "met" : "MISSED"} (${yearP95.toFixed(0)} ms)`,
  );
  await app.close();
  if (yearP95 >= TARGET_MS) process.exitCode = 1;
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
