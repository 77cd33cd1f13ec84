/**
 * Ingestion benchmark: `npx tsx bench/ingest.bench.ts [--rate 2000] [--seconds 30]`
 *
 * Two Sextant processes (`src/server/main.ts`, as `npm start` runs it) on one scratch PostgreSQL database
 * (TEST_DATABASE_URL, else 127.0.0.1:5432), both subscribed to the MQTT broker (MQTT_BENCH_URL, else
 * 127.0.0.1:1883) in one shared-subscription group. Simulated fleet (5 ships, 15-minute fuel records of both
 * consumers, full model), sent at a steady `rate` records/s for `seconds` each way:
 * - HTTP: batches of 500 records of one ship (`POST /api/ingest/fuel`, an API key), every 250 ms, alternating
 *   between the two processes; the latency is the request's (its answer comes after the commit).
 * - MQTT: messages of 50 records of one ship (`sextant/<org>/<imo>/fuel`, QoS 1); the latency is from the
 *   publish to the moment the message's first record is found in the database (polled every 25 ms), and to
 *   its event on a live stream (`GET /api/ships/:id/live`, Server-Sent Events, real HTTP) open on the
 *   process the message did not necessarily go to: what a browser on Real-time Monitoring sees.
 * Prints the rate achieved (records stored per second over the phase, until the last is stored) and the
 * p50/p99 latencies. Each phase writes into an organisation of its own, so nothing is already stored.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import mqtt from "mqtt";
import pg from "pg";
import { ingestRecordOf, shipBodyOf } from "../src/simulator/contract-records";
import { FleetSimulation, spanFrom } from "../src/simulator/fleet";
import type { SeriesRecord, ShipRecord } from "../src/simulator/records";

const { values } = parseArgs({
  options: {
    rate: { type: "string", default: "2000" },
    seconds: { type: "string", default: "30" },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fmt = (n: number) => Math.round(n).toLocaleString("en");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startServer(port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/server/main.ts")], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEXTANT_DEMO: "off",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return child;
}

async function waitReady(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`server on ${port} did not become ready`);
}

/** A new organisation with the fleet's ships and an ingest key; its id, key and ship ids by IMO. */
async function setUpOrganisation(port: number, ships: ShipRecord[], label: string) {
  const base = `http://127.0.0.1:${port}`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `bench-${label}-${randomBytes(3).toString("hex")}@example.com`,
      password: "benchmark password",
      firstName: "Bench",
      organizationName: `Bench ${label}`,
    }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const orgId = ((await reg.json()) as { organization: { id: number } }).organization.id;
  const shipIds = new Map<string, number>();
  for (const ship of ships) {
    const res = await fetch(`${base}/api/ships`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(shipBodyOf(ship)),
    });
    if (res.status !== 201) throw new Error(`ship: ${res.status} ${await res.text()}`);
    shipIds.set(ship.vessel.imoNumber, ((await res.json()) as { id: number }).id);
  }
  // key management needs the password re-entered (step-up)
  await fetch(`${base}/api/auth/step-up`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ password: "benchmark password" }),
  });
  const keyRes = await fetch(`${base}/api/api-keys`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ name: "bench", scopes: ["ingest"] }),
  });
  const { key } = (await keyRes.json()) as { key: string };
  return { orgId, key, shipIds, cookie };
}

/** Sends `chunks` (of `size` records each) at RATE records/s; answers when the first was due. */
async function paced<T>(chunks: readonly T[], size: number, send: (chunk: T) => void): Promise<number> {
  const start = performance.now();
  let sent = 0;
  while (sent < chunks.length) {
    const due = Math.min(chunks.length, Math.floor(((performance.now() - start) / 1000) * (RATE / size)) + 1);
    for (; sent < due; sent++) send(chunks[sent]!);
    await sleep(5);
  }
  return start;
}

function report(name: string, records: number, startMs: number, endMs: number, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const seconds = (endMs - startMs) / 1000;
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (${os.cpus().length} cores)`,
  );
  console.log(
    `${name}: ${fmt(records)} records stored in ${seconds.toFixed(1)} s = ${fmt(records / seconds)} records/s ` +
      `(target ${fmt(RATE)}); latency p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (${sorted.length} samples)`,
  );
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const mqttUrl = process.env.MQTT_BENCH_URL ?? "mqtt://127.0.0.1:1883";
  const dbName = `sextant_bench_ingest_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const children: ChildProcess[] = [];
  const checker = new pg.Client({ connectionString: url.toString() });
  const cleanup = async () => {
    for (const c of children) c.kill("SIGTERM");
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))),
    );
    await checker.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
  const deadline = setTimeout(
    () => {
      console.error("deadline passed: stopping");
      void cleanup().finally(() => process.exit(2));
    },
    (SECONDS * 2 + 300) * 1000,
  );
  deadline.unref();
  try {
    const total = RATE * SECONDS;
    const fleet = new FleetSimulation({
      ships: 5,
      seed: 19,
      cadence: "15m",
      ...spanFrom(Date.UTC(2025, 0, 1), (Math.ceil(total / (5 * 96)) + 2) / 365, "15m"),
    });
    const ships: ShipRecord[] = [];
    const byShip = new Map<string, Record<string, unknown>[]>();
    for (const rec of fleet.records()) {
      if (rec.kind === "ship") ships.push(rec);
      else if (rec.kind === "fuel") {
        const r = ingestRecordOf(rec as SeriesRecord);
        const list = byShip.get(r.imo as string) ?? [];
        list.push(r);
        byShip.set(r.imo as string, list);
      }
    }
    // The fleet's records in full chunks of one ship each (a ship's logger sends its own), ships interleaved.
    const lists = [...byShip.values()];
    const inChunks = (size: number) => {
      const out: Record<string, unknown>[][] = [];
      for (let i = 0; out.length * size < total; i += size) {
        const full = lists.map((l) => l.slice(i, i + size)).filter((c) => c.length === size);
        if (full.length === 0) throw new Error("the simulated span is too short for the rate and duration");
        out.push(...full);
      }
      return out.slice(0, Math.ceil(total / size));
    };
    const mqttChunks = inChunks(50);
    const httpChunks = inChunks(500);
    const records = mqttChunks.flat();
    console.log(`simulated ${fmt(records.length)} fuel records of ${ships.length} ships`);

    const ports = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: url.toString(),
      MQTT_URL: mqttUrl,
      MQTT_SHARE_GROUP: `bench-${process.pid}`,
      // Sessions are persistent (decision record 013): the broker forgets this run's within a minute.
      MQTT_SESSION_EXPIRY_S: "60",
    };
    // The first applies the migrations; the second starts on the migrated database.
    children.push(startServer(ports[0]!, env));
    await waitReady(ports[0]!);
    children.push(startServer(ports[1]!, env));
    await waitReady(ports[1]!);
    await sleep(1_000); // both subscriptions in place
    await checker.connect();

    // HTTP: batches of 500, alternating processes, as many in flight as the servers' pace makes.
    {
      const org = await setUpOrganisation(ports[0]!, ships, "http");
      const latencies: number[] = [];
      let stored = 0;
      let inFlight = 0;
      let maxInFlight = 0;
      let lastDone = 0;
      const requests: Promise<void>[] = [];
      let n = 0;
      const start = await paced(httpChunks, 500, (chunk) => {
        const port = ports[n++ % 2]!;
        const t0 = performance.now();
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        requests.push(
          fetch(`http://127.0.0.1:${port}/api/ingest/fuel`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${org.key}` },
            body: JSON.stringify(chunk),
          }).then(async (res) => {
            const body = (await res.json()) as { accepted: number };
            if (res.status !== 200) throw new Error(`ingest: ${res.status} ${JSON.stringify(body)}`);
            stored += body.accepted;
            inFlight -= 1;
            lastDone = performance.now();
            latencies.push(lastDone - t0);
          }),
        );
      });
      await Promise.all(requests);
      report(
        `HTTP (2 processes, batches of 500; at most ${maxInFlight} in flight)`,
        stored,
        start,
        lastDone,
        latencies,
      );
    }

    // MQTT: messages of 50 records of one ship, published at the rate; stored = first record found.
    {
      const org = await setUpOrganisation(ports[1]!, ships, "mqtt");
      const publisher = await mqtt.connectAsync(mqttUrl, { protocolVersion: 5 });
      const pending = new Map<number, { shipId: number; ts: string; consumer: string; t0: number }>();
      const latencies: number[] = [];
      // One live stream per ship on the first process; a message's first record's event ends its wait.
      const toBrowser: number[] = [];
      const awaitingEvent = new Map<string, number>();
      const eventKey = (shipId: number, ts: string, consumer: string) =>
        `${shipId}|${new Date(ts).toISOString()}|${consumer}`;
      const streams = [...org.shipIds.values()].map((shipId) => {
        const controller = new AbortController();
        void fetch(`http://127.0.0.1:${ports[0]}/api/ships/${shipId}/live`, {
          headers: { cookie: org.cookie },
          signal: controller.signal,
        })
          .then(async (res) => {
            const decoder = new TextDecoder();
            let buffered = "";
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
              buffered += decoder.decode(chunk, { stream: true });
              const lines = buffered.split("\n");
              buffered = lines.pop()!;
              for (const line of lines) {
                if (!line.startsWith("data: ")) continue;
                const e = JSON.parse(line.slice(6)) as { ts: string; consumer?: string };
                const k = eventKey(shipId, e.ts, e.consumer ?? "main");
                const t0 = awaitingEvent.get(k);
                if (t0 === undefined) continue;
                awaitingEvent.delete(k);
                toBrowser.push(performance.now() - t0);
              }
            }
          })
          .catch(() => undefined);
        return controller;
      });
      await sleep(500);
      let found = 0;
      let lastFound = 0;
      let polling = true;
      const poll = (async () => {
        while (polling || pending.size > 0) {
          const entries = [...pending.entries()];
          if (entries.length > 0) {
            const { rows } = await checker.query<{ i: number }>(
              `select p.i from unnest($2::int[], $3::int[], $4::timestamptz[], $5::text[]) p(i, ship, ts, consumer)
               where exists (select 1 from fuel_data f where f.org_id = $1 and f.ship_id = p.ship
                             and f.consumer = p.consumer and f.ts = p.ts)`,
              [
                org.orgId,
                entries.map(([i]) => i),
                entries.map(([, e]) => e.shipId),
                entries.map(([, e]) => e.ts),
                entries.map(([, e]) => e.consumer),
              ],
            );
            const now = performance.now();
            for (const { i } of rows) {
              const e = pending.get(i)!;
              pending.delete(i);
              latencies.push(now - e.t0);
              found += 1;
              lastFound = now;
            }
          }
          await sleep(25);
        }
      })();
      let m = 0;
      const start = await paced(mqttChunks, 50, (batch) => {
        const imo = batch[0]!.imo as string;
        const i = m++;
        pending.set(i, {
          shipId: org.shipIds.get(imo)!,
          ts: batch[0]!.timestamp as string,
          consumer: (batch[0]!.consumer as string) ?? "main",
          t0: performance.now(),
        });
        const first = pending.get(i)!;
        awaitingEvent.set(eventKey(first.shipId, first.ts, first.consumer), first.t0);
        void publisher.publishAsync(
          `sextant/${org.orgId}/${imo}/fuel`,
          JSON.stringify({ key: org.key, records: batch }),
          { qos: 1 },
        );
      });
      const waitUntil = performance.now() + 60_000;
      while (pending.size > 0 && performance.now() < waitUntil) await sleep(50);
      polling = false;
      if (pending.size > 0) {
        console.error(`  ${pending.size} messages not stored after 60 s`);
        pending.clear();
      }
      await poll;
      await publisher.endAsync();
      const { rows } = await checker.query<{ n: number }>(
        "select count(*)::int as n from fuel_data where org_id = $1",
        [org.orgId],
      );
      report(
        `MQTT (2 processes, messages of 50; ${found} of ${m} messages timed)`,
        rows[0]!.n,
        start,
        lastFound,
        latencies,
      );
      await sleep(1_000);
      for (const c of streams) c.abort();
      const sorted = [...toBrowser].sort((x, y) => x - y);
      console.log(
        `MQTT publish → live event on a stream of the first process (${sorted.length} of ${m} messages; ${awaitingEvent.size} events not seen): ` +
          `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
      );
    }
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
