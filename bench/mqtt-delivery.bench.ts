/**
 * MQTT delivery measured (issue 30 items 2 and 3): `npx tsx bench/mqtt-delivery.bench.ts
 * [--burst 10000] [--burst-seconds 2] [--outage 30000] [--outage-seconds 6] [--sextant-kill 10000]`
 *
 * Sextant started as a user starts it (`src/server/main.ts`, embedded PostgreSQL in a fresh DATA_DIR), a
 * Mosquitto of the benchmark's own with a fresh install's defaults (`max_queued_messages 1000`), one ship and
 * an ingest key; every message is one fuel record with a timestamp of its own, so "stored exactly once" is
 * one row per message, counted in the database. Phases:
 * - burst: `--burst` messages in `--burst-seconds`, from four `mosquitto_pub` processes (QoS 1);
 * - outage: `--outage` messages in `--outage-seconds`; a third of the way in, the embedded PostgreSQL is
 *   killed (SIGKILL of the postmaster and its backends; Sextant's supervisor starts it again);
 * - sextant-kill: on a second Mosquitto whose queue is sized as docs/operations/mqtt-broker.md says (`max_queued_messages
 *   100000`: what arrives while Sextant is down waits there), `--sextant-kill` messages in 2 s while the
 *   database is frozen (SIGSTOP), Sextant killed (SIGKILL) half-way and started again on the same DATA_DIR
 *   and client id.
 * Prints, per phase: published, acknowledged by the broker, stored rows, duplicates (rows beyond one per
 * message: none can exist, the series key is unique; counted to show it), redelivered and refused (from
 * /metrics), and the time from the last publish until the last row was stored.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { postmasterPid } from "../src/server/db/data-dir-owner";
import { embeddedClient, embeddedDatabaseDir } from "../src/server/faults/embedded-database";
import {
  call,
  freePort,
  postgresPids,
  type SextantProcess,
  signalAll,
  startSextant,
  waitReady,
} from "../src/server/faults/sextant-process";
import { startMosquitto } from "../src/server/ingest/test-mosquitto";

const { values } = parseArgs({
  options: {
    burst: { type: "string", default: "10000" },
    "burst-seconds": { type: "string", default: "2" },
    outage: { type: "string", default: "30000" },
    "outage-seconds": { type: "string", default: "6" },
    "sextant-kill": { type: "string", default: "10000" },
  },
});
const IMO = "9074729";
const PUBLISHERS = 4;
const METRICS_TOKEN = "bench-metrics-token";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => Math.round(n).toLocaleString("en");

let broker = await startMosquitto();
const brokers = [broker];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-mqtt-bench-"));
const env = {
  DATA_DIR: dataDir,
  MQTT_URL: broker.url,
  MQTT_CLIENT_ID: "sextant-mqtt-bench",
  METRICS_TOKEN,
  JOBS: "off",
};
let sextant: SextantProcess = startSextant(await freePort(), env);
let nextHour = 0;

async function setUp(): Promise<{ orgId: number; key: string }> {
  await waitReady(sextant);
  const password = "correct horse battery";
  const reg = await call(sextant, "/api/auth/register", {
    json: { email: `bench-${Date.now()}@example.com`, password, firstName: "B", organizationName: "Bench" },
  });
  const cookie = reg.setCookie!.split(";")[0]!;
  const orgId = (reg.body as { organization: { id: number } }).organization.id;
  await call(sextant, "/api/auth/step-up", { cookie, json: { password } });
  const ship = await call(sextant, "/api/ships", {
    cookie,
    json: { name: "Bench", imo: IMO, type: "Bulk Carrier" },
  });
  if (ship.status !== 201) throw new Error(`ship: ${ship.status} ${JSON.stringify(ship.body)}`);
  const key = await call(sextant, "/api/api-keys", { cookie, json: { name: "bench", scopes: ["ingest"] } });
  if (key.status !== 201) throw new Error(`key: ${key.status} ${JSON.stringify(key.body)}`);
  return { orgId, key: (key.body as { key: string }).key };
}

/** The organisation's fuel rows and distinct timestamps (retried while the database restarts). */
async function rows(orgId: number): Promise<{ rows: number; distinct: number }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await countRows(orgId);
    } catch (err) {
      if (attempt > 100) throw err;
      await sleep(200);
    }
  }
}

async function countRows(orgId: number): Promise<{ rows: number; distinct: number }> {
  const client = await embeddedClient(dataDir);
  try {
    const { rows: r } = await client.query<{ rows: number; distinct: number }>(
      "select count(*)::int as rows, count(distinct ts)::int as distinct from fuel_data where org_id = $1",
      [orgId],
    );
    return r[0]!;
  } finally {
    await client.end();
  }
}

async function metric(
  outcome: string,
  name = `sextant_mqtt_messages_total{outcome="${outcome}"}`,
): Promise<number> {
  const res = await fetch(sextant.url("/metrics"), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ").pop()) : Number.NaN;
}

/**
 * Publishes `n` messages over `seconds` through PUBLISHERS `mosquitto_pub -l` processes (QoS 1, MQTT 5: C,
 * so that the publishers' own CPU does not set the rate on a busy machine); `at(i)` runs before message i.
 * Resolves with the messages of the publishers that exited 0 (each has had every message acknowledged).
 */
async function publish(orgId: number, key: string, n: number, seconds: number, at: (i: number) => void) {
  const { port } = new URL(broker.url);
  const topic = `sextant/${orgId}/${IMO}/fuel`;
  const pubs = Array.from({ length: PUBLISHERS }, () => {
    const child = spawn(
      "mosquitto_pub",
      ["-h", "127.0.0.1", "-p", port, "-t", topic, "-q", "1", "-l", "-M", "1000", "-V", "mqttv5"],
      {
        stdio: ["pipe", "ignore", "inherit"],
      },
    );
    return {
      child,
      lines: 0,
      exited: new Promise<number | null>((r) => child.on("exit", (code) => r(code))),
    };
  });
  const start = Date.now();
  for (let i = 0; i < n; i++) {
    at(i);
    nextHour += 1;
    const timestamp = new Date(Date.UTC(2020, 0, 1) + nextHour * 3_600_000).toISOString();
    const pub = pubs[i % PUBLISHERS]!;
    pub.child.stdin!.write(`${JSON.stringify({ key, records: [{ timestamp, sfoc: 170 + (i % 11) }] })}\n`);
    pub.lines += 1;
    if (i % 100 === 99) await sleep(Math.max(0, start + ((i + 1) / n) * seconds * 1000 - Date.now()));
  }
  for (const p of pubs) p.child.stdin!.end();
  const codes = await Promise.all(pubs.map((p) => p.exited));
  const publishedMs = Date.now() - start;
  const acked = pubs.reduce((sum, p, i) => sum + (codes[i] === 0 ? p.lines : 0), 0);
  return { acked, publishedMs };
}

/** Waits until the rows stop growing for 20 s (or reach `expected`); the time from now to the last growth. */
async function drained(orgId: number, expected: number) {
  const start = Date.now();
  let last = await rows(orgId);
  let lastGrowth = Date.now();
  while (last.rows < expected && Date.now() - lastGrowth < 20_000) {
    await sleep(100);
    const now = await rows(orgId).catch(() => last);
    if (now.rows > last.rows) lastGrowth = Date.now();
    last = now;
  }
  return { ...last, drainMs: lastGrowth - start };
}

async function phase(
  name: string,
  n: number,
  seconds: number,
  at: (i: number) => void,
  orgId: number,
  key: string,
) {
  const before = await rows(orgId);
  const [redeliveredBefore, refusedBefore] = [await metric("redelivered"), await metric("refused")];
  const { acked, publishedMs } = await publish(orgId, key, n, seconds, at);
  const after = await drained(orgId, before.rows + n);
  const stored = after.rows - before.rows;
  console.log(
    `${name}: published ${fmt(n)} in ${(publishedMs / 1000).toFixed(1)} s, acknowledged by the broker ${fmt(acked)}, ` +
      `stored ${fmt(stored)}, duplicates ${fmt(after.rows - after.distinct)}, ` +
      `redelivered ${fmt((await metric("redelivered")) - redeliveredBefore)}, ` +
      `refused ${fmt((await metric("refused")) - refusedBefore)}, drained ${(after.drainMs / 1000).toFixed(1)} s after the last publish` +
      `, Sextant's RSS ${fmt((await metric("", "sextant_process_resident_memory_bytes")) / 2 ** 20)} MiB`,
  );
}

try {
  const { orgId, key } = await setUp();
  await sleep(1_000); // the subscription
  await phase("burst", Number(values.burst), Number(values["burst-seconds"]), () => {}, orgId, key);
  const outage = Number(values.outage);
  await phase(
    "postgres killed",
    outage,
    Number(values["outage-seconds"]),
    (i) => {
      if (i === Math.floor(outage / 3))
        signalAll(postgresPids(postmasterPid(embeddedDatabaseDir(dataDir))!), "SIGKILL");
    },
    orgId,
    key,
  );
  if (process.env.BENCH_LOG) fs.writeFileSync(`${process.env.BENCH_LOG}.1`, sextant.output());
  // Sextant killed while it holds messages it cannot write (the database frozen), then started again: on a
  // broker whose queue holds what arrives meanwhile.
  sextant.child.kill("SIGTERM");
  await sextant.exited;
  const sized = await startMosquitto(["max_queued_messages 100000"]);
  brokers.push(sized);
  env.MQTT_URL = sized.url;
  sextant = startSextant(sextant.port, env);
  await waitReady(sextant);
  await sleep(1_000);
  broker = sized;
  const kill = Number(values["sextant-kill"]);
  let frozen: number[] = [];
  const before = await rows(orgId);
  const { acked } = await publish(orgId, key, kill, 2, (i) => {
    if (i === 0) {
      frozen = postgresPids(postmasterPid(embeddedDatabaseDir(dataDir))!);
      signalAll(frozen, "SIGSTOP");
    }
    if (i === Math.floor(kill / 2)) sextant.child.kill("SIGKILL");
  });
  await sextant.exited;
  signalAll(frozen, "SIGKILL"); // a killed Sextant's embedded server is found and ended at the next start
  signalAll(frozen, "SIGCONT");
  sextant = startSextant(sextant.port, env);
  await waitReady(sextant);
  const start = Date.now();
  const after = await drained(orgId, before.rows + kill);
  console.log(
    `sextant killed: published ${fmt(kill)}, acknowledged by the broker ${fmt(acked)}, stored ${fmt(after.rows - before.rows)}, ` +
      `duplicates ${fmt(after.rows - after.distinct)}, redelivered after the restart ${fmt(await metric("redelivered"))}, ` +
      `stored ${((Date.now() - start) / 1000).toFixed(1)} s after the restart was ready`,
  );
  if (process.env.BENCH_LOG) fs.writeFileSync(process.env.BENCH_LOG, sextant.output());
} catch (err) {
  console.error(err);
  console.error(sextant.output().slice(-3000));
  process.exitCode = 1;
} finally {
  if (sextant.child.exitCode === null) {
    sextant.child.kill("SIGTERM");
    await sextant.exited;
  }
  for (const b of brokers) await b.stop();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}
