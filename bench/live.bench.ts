/**
 * Live data benchmark: `npx tsx bench/live.bench.ts [--samples 100]`
 *
 * 1. NMEA 0183 parsing: lines per second of the log reader (domain/nmea) on a simulated day at sea (one ship,
 *    one-minute records, two bursts of seven sentences a minute: 20,160 lines), read 5 times.
 * 2. Write → live event: two Sextant processes on one scratch database (TEST_DATABASE_URL, else
 *    127.0.0.1:5432); a stream open on the first over real HTTP; a fuel record posted to the second; the time
 *    until the first's stream delivers its event (commit, NOTIFY, LISTEN, read, send) — p50/p95/p99.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import pg from "pg";
import { readNmeaLog } from "../src/domain/nmea";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { FleetSimulation } from "../src/simulator/fleet";
import { nmeaLog } from "../src/simulator/nmea-export";

const { values } = parseArgs({ options: { samples: { type: "string", default: "100" } } });
const samples = Number(values.samples);

// 1. Parsing
const fleet = new FleetSimulation({
  ships: 1,
  seed: 11,
  cadence: "1m",
  startMs: Date.UTC(2025, 0, 3),
  endMs: Date.UTC(2025, 0, 5),
});
const text = nmeaLog(
  [...fleet.records()].filter((r) => "ts" in r && r.ts > Date.UTC(2025, 0, 4)),
  fleet.vessels[0]!.imoNumber,
);
const lines = text.split("\r\n").length - 1;
let best = Number.POSITIVE_INFINITY;
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  readNmeaLog(text);
  best = Math.min(best, performance.now() - start);
}
console.log(
  `NMEA parse: ${lines.toLocaleString("en")} lines in ${best.toFixed(0)} ms (best of 5) = ${Math.round((lines / best) * 1000).toLocaleString("en")} lines/s`,
);

// 2. Write → event
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = `sextant_livebench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${scratch}`);
const u = new URL(serverUrl);
u.pathname = `/${scratch}`;
const database = connectDatabase(u.toString(), 10);
await applyMigrations(database);
const config = loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" });
const a = await buildApp({ db: database.db, database, config });
const b = await buildApp({ db: database.db, database, config });
await a.listen({ port: 0, host: "127.0.0.1" });
await b.ready();
const reg = await a.inject({
  method: "POST",
  url: "/api/auth/register",
  payload: {
    email: "bench@example.com",
    password: "correct horse battery",
    firstName: "B",
    organizationName: "Bench",
  },
});
const cookie = reg.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const ship = await a.inject({
  method: "POST",
  url: "/api/ships",
  headers: { cookie },
  payload: { name: "Bench", imo: "9074729", type: "Bulk Carrier", deadweight: 50_000, enginePower: 9_000 },
});
const shipId = ship.json().id as number;
while (!a.dataWritten.listening || !b.dataWritten.listening) await new Promise((r) => setTimeout(r, 20));

const waiting = new Map<string, (ms: number) => void>();
const { port } = a.server.address() as AddressInfo;
const req = http.get(
  { host: "127.0.0.1", port, path: `/api/ships/${shipId}/live`, headers: { cookie } },
  (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      for (const m of chunk.matchAll(/data: (\{.*\})/g)) {
        const ts = JSON.parse(m[1]!).ts as string;
        waiting.get(ts)?.(performance.now());
      }
    });
  },
);
await new Promise((r) => setTimeout(r, 300));
const latencies: number[] = [];
const t0 = Date.now() - samples * 60_000;
for (let i = 0; i < samples; i++) {
  const ts = new Date(t0 + i * 60_000).toISOString();
  const arrived = new Promise<number>((resolve) => waiting.set(ts, resolve));
  const sent = performance.now();
  const res = await b.inject({
    method: "POST",
    url: "/api/fuel-data",
    headers: { cookie },
    payload: { shipId, timestamp: ts, speedOverGround: 10 + (i % 7) },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  latencies.push((await arrived) - sent);
}
latencies.sort((x, y) => x - y);
const q = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!.toFixed(1);
console.log(
  `POST on process B → event on process A's stream, ${samples} records: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
);
req.destroy();
await a.close();
await b.close();
await database.close();
await admin.query(`drop database if exists ${scratch} with (force)`);
await admin.end();
