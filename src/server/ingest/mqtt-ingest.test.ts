/**
 * MQTT ingestion through the real Mosquitto (scripts/test.sh starts one when none answers), with two Sextant
 * processes on one database in one shared-subscription group: every message is ingested once. Keys of
 * another organisation, of the wrong scope or revoked, and foreign topics are refused and never stored; the
 * database connection killed during a flush loses nothing.
 */
import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestRecordOf, shipBodyOf } from "../../simulator/contract-records";
import type { SeriesRecord, ShipRecord } from "../../simulator/records";
import { collect, smallRun } from "../../simulator/test-helpers";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { fuelData } from "../db/schema";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import { killLockWaiters } from "../test/kill-lock-waiters";
import { createTestApp, type TestUser } from "../test/test-app";
import type { MqttIngestStats } from "./mqtt-ingest";
import { parseTopic } from "./mqtt-message";

const MQTT_URL = process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883";
const skipReason = process.env.SEXTANT_SKIP_MQTT;
const runId = randomBytes(4).toString("hex");
const env = {
  MQTT_URL,
  // A group of this file's own: other test files' processes must not take our messages.
  MQTT_SHARE_GROUP: `test-${runId}`,
  MQTT_CLIENT_ID: `test-${runId}-a`,
  MQTT_BATCH_MS: "50",
  // The machine's broker keeps a closed test's session this long, not a week.
  MQTT_SESSION_EXPIRY_S: "120",
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let other: FastifyInstance;
let owner: TestUser;
let stranger: TestUser;
let publisher: MqttClient;
const imos: string[] = [];
const shipIds: number[] = [];
let fuelByImo: Map<string, Record<string, unknown>[]>;

const call = (user: TestUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function key(user: TestUser, body: object): Promise<{ id: number; key: string }> {
  const res = await call(user, "POST", "/api/api-keys", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function fuelRows(): Promise<number> {
  const [r] = await t.db.select({ n: count() }).from(fuelData).where(eq(fuelData.orgId, owner.orgId));
  return r!.n;
}

async function owedRollups(): Promise<number> {
  const { rows } = await t.db.execute(
    sql`select count(*)::int as n from rollup_pending where org_id = ${owner.orgId}`,
  );
  return rows[0]!.n as number;
}

/** The organisation's daily fuel rollup, rows as sorted JSON with numbers to 9 significant digits. */
async function fuelDaily(): Promise<string[]> {
  const { rows } = await t.db.execute(
    sql`select to_jsonb(x) as r from fuel_daily x where org_id = ${owner.orgId}`,
  );
  return rows
    .map((row) => JSON.stringify(row.r, (_, v) => (typeof v === "number" ? Number(v.toPrecision(9)) : v)))
    .sort();
}

/** Both processes' counters added. */
function stats(): MqttIngestStats {
  const a = t.app.mqttIngest!.stats;
  const b = other.mqttIngest!.stats;
  return Object.fromEntries(
    Object.keys(a).map((k) => [k, a[k as keyof MqttIngestStats] + b[k as keyof MqttIngestStats]]),
  ) as MqttIngestStats;
}

const publish = (topic: string, message: unknown) =>
  publisher.publishAsync(topic, typeof message === "string" ? message : JSON.stringify(message), { qos: 1 });

async function until(condition: () => boolean, what: string, ms = 10_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function canReach(url: string): Promise<boolean> {
  const probe = mqtt.connect(url, { connectTimeout: 2_000, reconnectPeriod: 0 });
  const ok = await new Promise<boolean>((resolve) => {
    probe.once("connect", () => resolve(true));
    probe.once("error", () => resolve(false));
    probe.once("close", () => resolve(false));
  });
  probe.end(true);
  return ok;
}

describe("topics", () => {
  it("reads sextant/<orgId>/<imo>/<recordType> and nothing else", () => {
    expect(parseTopic("sextant/12/9074729/fuel")).toEqual({ orgId: 12, imo: "9074729", kind: "fuel" });
    expect(parseTopic("sextant/12/IMO9074729/environmental")?.imo).toBe("9074729");
    for (const bad of [
      "sextant/12/9074729",
      "other/12/9074729/fuel",
      "sextant/0/9074729/fuel",
      "sextant/1/123/fuel",
    ])
      expect(parseTopic(bad), bad).toBeNull();
    expect(parseTopic("sextant/1/9074729/weather")).toBeNull();
    expect(parseTopic("sextant/99999999999/9074729/fuel")).toBeNull();
  });
});

describe.skipIf(skipReason !== undefined)(`through Mosquitto ${skipReason ?? ""}`, () => {
  beforeAll(async () => {
    if (!(await canReach(MQTT_URL))) {
      throw new Error(`no MQTT broker answers at ${MQTT_URL}: start Mosquitto (npm test starts it)`);
    }
    t = await createTestApp(env);
    other = await buildApp({
      db: t.db,
      database: t.database,
      config: loadConfig({
        LOG_LEVEL: "silent",
        NODE_ENV: "test",
        JOBS: "off",
        ...env,
        MQTT_CLIENT_ID: `test-${runId}-b`,
      }),
    });
    await other.ready();
    owner = await t.registerOwner();
    stranger = await t.registerOwner();
    for (const u of [owner, stranger]) await t.stepUp(u); // key management needs the password re-entered
    const run = collect(smallRun({ ships: 2, days: 4 }));
    for (const rec of run.of("ship") as ShipRecord[]) {
      const res = await call(owner, "POST", "/api/ships", shipBodyOf(rec));
      expect(res.statusCode, res.body).toBe(201);
      imos.push(rec.vessel.imoNumber);
      shipIds.push(res.json().id);
    }
    fuelByImo = new Map(imos.map((imo) => [imo, []]));
    for (const rec of run.of("fuel") as SeriesRecord[]) {
      const record = ingestRecordOf(rec);
      fuelByImo.get(record.imo as string)!.push(record);
    }
    publisher = await mqtt.connectAsync(MQTT_URL, { protocolVersion: 5 });
    await until(() => t.app.mqttIngest!.ready && other.mqttIngest!.ready, "both subscriptions");
  }, 60_000);
  afterAll(async () => {
    await publisher?.endAsync();
    await other?.close();
    await t?.close();
  });

  it("two processes ingest a simulated fleet's messages once; sent again, nothing is added", async () => {
    const { key: ingestKey } = await key(owner, { name: "fleet logger", scopes: ["ingest"] });
    let messages = 0;
    let records = 0;
    for (const [imo, list] of fuelByImo) {
      for (let i = 0; i < list.length; i += 20) {
        await publish(`sextant/${owner.orgId}/${imo}/fuel`, {
          key: ingestKey,
          records: list.slice(i, i + 20),
        });
        messages += 1;
        records += list.slice(i, i + 20).length;
      }
    }
    await expect.poll(fuelRows, { timeout: 20_000 }).toBe(records);
    await expect.poll(() => stats().accepted, { timeout: 5_000 }).toBe(messages);
    // The shared subscription spread the messages over both processes, each message to one of them.
    expect(t.app.mqttIngest!.stats.accepted).toBeGreaterThan(0);
    expect(other.mqttIngest!.stats.accepted).toBeGreaterThan(0);
    expect(stats().recordsAccepted).toBe(records);
    // The flushes deferred the rollups (decision record 019): they are caught up, nothing left owed, and
    // equal to a recompute of the whole span from the raw records.
    await expect.poll(owedRollups, { timeout: 20_000 }).toBe(0);
    const caughtUp = await fuelDaily();
    for (const shipId of shipIds)
      await refreshDailyRollup(t.db, owner.orgId, [shipId], new Date("2000-01-01"), new Date("2100-01-01"));
    expect(caughtUp.length).toBeGreaterThan(0);
    expect(await fuelDaily()).toEqual(caughtUp);

    const [imo, list] = [...fuelByImo][0]!;
    await publish(`sextant/${owner.orgId}/${imo}/fuel`, { key: ingestKey, records: list.slice(0, 20) });
    await expect.poll(() => stats().accepted, { timeout: 5_000 }).toBe(messages + 1);
    await expect.poll(() => stats().recordsAccepted, { timeout: 5_000 }).toBe(records + 20);
    expect(await fuelRows()).toBe(records);
  });

  it("refuses foreign keys and topics, read keys, revoked keys and bad messages; stores none of them", async () => {
    const before = await fuelRows();
    const refusedBefore = stats().refused;
    const imo = imos[0]!;
    const record = { timestamp: "2026-03-01T00:00:00Z", sfoc: 180 };
    const theirs = await key(stranger, { name: "theirs", scopes: ["ingest"] });
    const ours = await key(owner, { name: "ours", scopes: ["ingest"] });
    const reader = await key(owner, { name: "reader", scopes: ["read"] });
    const revoked = await key(owner, { name: "revoked", scopes: ["ingest"] });
    expect((await call(owner, "DELETE", `/api/api-keys/${revoked.id}`)).statusCode).toBe(204);
    const refused: [string, unknown][] = [
      [`sextant/${owner.orgId}/${imo}/fuel`, { key: theirs.key, records: [record] }], // another org's key
      [`sextant/${stranger.orgId}/${imo}/fuel`, { key: ours.key, records: [record] }], // another org's topic
      [`sextant/${owner.orgId}/${imo}/fuel`, { key: reader.key, records: [record] }],
      [`sextant/${owner.orgId}/${imo}/fuel`, { key: revoked.key, records: [record] }],
      [`sextant/${owner.orgId}/${imo}/fuel`, { key: "sxt_00000000_guess", records: [record] }],
      [`sextant/${owner.orgId}/${imo}/fuel`, "{not json"],
      [`sextant/${owner.orgId}/${imo}/fuel`, { records: [record] }],
      [`sextant/${owner.orgId}/${imo}/weather`, { key: ours.key, records: [record] }],
    ];
    for (const [topic, message] of refused) await publish(topic, message);
    await expect.poll(() => stats().refused - refusedBefore, { timeout: 10_000 }).toBe(refused.length);
    expect(await fuelRows()).toBe(before);
  });

  it("refuses records of another ship than the topic's, or of a ship the key may not write", async () => {
    const before = await fuelRows();
    const rejectedBefore = stats().recordsRejected;
    const oneShip = await key(owner, { name: "ship 0", scopes: ["ingest"], shipIds: [shipIds[0]] });
    const record = { timestamp: "2026-03-02T00:00:00Z", sfoc: 180 };
    await publish(`sextant/${owner.orgId}/${imos[1]}/fuel`, { key: oneShip.key, records: [record] });
    await publish(`sextant/${owner.orgId}/${imos[0]}/fuel`, {
      key: oneShip.key,
      records: [{ ...record, imo: imos[1] }, record],
    });
    await expect.poll(() => stats().recordsRejected - rejectedBefore, { timeout: 10_000 }).toBe(2);
    await expect.poll(fuelRows, { timeout: 5_000 }).toBe(before + 1);
  });

  it("the database connection killed during a flush: the batch is kept, retried and stored once", async () => {
    const { key: ingestKey } = await key(owner, { name: "retry", scopes: ["ingest"] });
    const before = await fuelRows();
    const records = Array.from({ length: 30 }, (_, i) => ({
      timestamp: new Date(Date.UTC(2026, 3, 1, i)).toISOString(),
      sfoc: 176,
    }));
    // The flush stages its rows and waits at the merge for a lock held elsewhere; then its backend is killed.
    const { killed } = await killLockWaiters(t.database.url, "fuel_data", () =>
      publish(`sextant/${owner.orgId}/${imos[1]}/fuel`, { key: ingestKey, records }),
    );
    expect(killed).toBeGreaterThan(0);
    await expect.poll(fuelRows, { timeout: 15_000 }).toBe(before + 30);
    expect(stats().failedBatches).toBe(0);
  });
});

describe.skipIf(skipReason !== undefined)(`shutdown ${skipReason ?? ""}`, () => {
  it("a process closed while it holds a batch writes it before it ends", async () => {
    // A database and a group of its own, and a batch interval longer than the test: only close() can write it.
    const alone = await createTestApp({
      ...env,
      MQTT_SHARE_GROUP: `${env.MQTT_SHARE_GROUP}-alone`,
      MQTT_CLIENT_ID: `test-${runId}-alone`,
      MQTT_BATCH_MS: "600000",
    });
    try {
      const user = await alone.registerOwner();
      await alone.stepUp(user);
      const ship = await alone.app.inject({
        method: "POST",
        url: "/api/ships",
        headers: { cookie: user.cookie },
        payload: { name: "Alone", imo: "9074729", type: "Bulk Carrier" },
      });
      expect(ship.statusCode, ship.body).toBe(201);
      const created = await alone.app.inject({
        method: "POST",
        url: "/api/api-keys",
        headers: { cookie: user.cookie },
        payload: { name: "k", scopes: ["ingest"] },
      });
      await until(() => alone.app.mqttIngest!.ready, "the subscription");
      const client = await mqtt.connectAsync(MQTT_URL, { protocolVersion: 5 });
      await client.publishAsync(
        `sextant/${user.orgId}/9074729/fuel`,
        JSON.stringify({
          key: created.json().key,
          records: [{ timestamp: "2026-05-01T00:00:00Z", sfoc: 177 }],
        }),
        { qos: 1 },
      );
      await client.endAsync();
      // Held, not acknowledged: the broker would send it again if the process died now.
      await until(() => alone.app.mqttIngest!.stats.held === 1, "the message");
      const count = async () =>
        (await alone.database.pool.query("select count(*)::int as n from fuel_data")).rows[0].n as number;
      expect(await count()).toBe(0);
      await alone.app.close();
      expect(await count()).toBe(1);
      expect(alone.app.mqttIngest!.stats).toMatchObject({ stored: 1, held: 0 });
    } finally {
      await alone.close().catch(() => {});
    }
  });
});
