/**
 * The live stream over real HTTP: a record written through another process (a second app on the same
 * database) reaches a connected client; Last-Event-ID resumes; heartbeats; the per-organisation cap; another
 * organisation and a signed-out caller are refused; app.close() ends open streams instead of hanging. And the
 * snapshot section: fresh series active, a late one stale against its own cadence.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip } from "../analysis/test-fixtures";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { environmentalData, fuelData } from "../db/schema";
import { TcpProxy } from "../faults/tcp-proxy";
import { createTestApp, type TestUser } from "../test/test-app";

type Stream = {
  status: number;
  events: { id?: string; event?: string; data?: string }[];
  comments: string[];
  ended: Promise<void>;
  close: () => void;
};

function openStream(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<Stream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers }, (res) => {
      let buffer = "";
      let endedResolve: () => void = () => {};
      const stream: Stream = {
        status: res.statusCode ?? 0,
        events: [],
        comments: [],
        ended: new Promise((r) => {
          endedResolve = r;
        }),
        close: () => req.destroy(),
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf("\n\n");
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const e: Stream["events"][number] = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments.push(line);
            else if (line.startsWith("id: ")) e.id = line.slice(4);
            else if (line.startsWith("event: ")) e.event = line.slice(7);
            else if (line.startsWith("data: ")) e.data = line.slice(6);
          }
          if (e.event) stream.events.push(e);
          at = buffer.indexOf("\n\n");
        }
      });
      res.on("end", () => endedResolve());
      res.on("close", () => endedResolve());
      resolve(stream);
    });
    req.on("error", reject);
  });
}

async function until(condition: () => boolean, what: string, ms = 5_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let other: FastifyInstance;
let owner: TestUser;
let shipId: number;

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_SECONDS: "0.2" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  other = await buildApp({
    db: t.db,
    database: t.database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off", LIVE_MAX_STREAMS_PER_ORG: "1" }),
  });
  await other.listen({ port: 0, host: "127.0.0.1" });
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
  await until(() => t.app.dataWritten.listening && other.dataWritten.listening, "both listeners");
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe("GET /api/ships/:id/live", () => {
  it("delivers a record written by another process, with heartbeats", async () => {
    const s = await openStream(t.app, `/api/ships/${shipId}/live`, { cookie: owner.cookie });
    expect(s.status).toBe(200);
    const ts = new Date(Date.now() - 60_000).toISOString();
    const res = await other.inject({
      method: "POST",
      url: "/api/fuel-data",
      headers: { cookie: owner.cookie },
      payload: { shipId, timestamp: ts, speedOverGround: 12.4, fuelConsumptionRate: 28.1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    await until(() => s.events.length === 1, "the record's event");
    expect(s.events[0]!.id).toBe(String(Date.parse(ts)));
    expect(JSON.parse(s.events[0]!.data!)).toEqual({
      kind: "fuel",
      ts,
      consumer: "main",
      values: { sog: 12.4, fuelRate: 28.1 },
    });
    await until(() => s.comments.includes(": heartbeat"), "a heartbeat");
    s.close();
  });

  it("resumes after Last-Event-ID with the records written since", async () => {
    const before = Date.now() - 30 * 60_000;
    await t.db.insert(environmentalData).values({
      orgId: owner.orgId,
      shipId,
      ts: new Date(before + 60_000),
      windSpeed: 17,
      heading: 90,
    });
    const s = await openStream(t.app, `/api/ships/${shipId}/live`, {
      cookie: owner.cookie,
      "last-event-id": String(before),
    });
    await until(
      () => s.events.some((e) => JSON.parse(e.data!).kind === "environmental"),
      "the missed record",
    );
    const env = s.events.find((e) => JSON.parse(e.data!).kind === "environmental")!;
    expect(JSON.parse(env.data!).values).toEqual({ windSpeed: 17, heading: 90 });
    s.close();
  });

  it("refuses another organisation, a signed-out caller, and streams over the organisation's cap", async () => {
    const stranger = await t.registerOwner();
    const foreign = await t.app.inject({
      url: `/api/ships/${shipId}/live`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/ships/${shipId}/live` })).statusCode).toBe(401);
    const first = await openStream(other, `/api/ships/${shipId}/live`, { cookie: owner.cookie });
    expect(first.status).toBe(200);
    const second = await openStream(other, `/api/ships/${shipId}/live`, { cookie: owner.cookie });
    expect(second.status).toBe(429);
    // Another organisation's cap is its own.
    const theirShip = await createShip(t, stranger, 1);
    const theirs = await openStream(other, `/api/ships/${theirShip}/live`, { cookie: stranger.cookie });
    expect(theirs.status).toBe(200);
    // A write of another organisation's ship never reaches this stream.
    await other.inject({
      method: "POST",
      url: "/api/fuel-data",
      headers: { cookie: stranger.cookie },
      payload: { shipId: theirShip, speedOverGround: 3 },
    });
    await until(() => theirs.events.length === 1, "their own record");
    expect(first.events).toEqual([]);
    first.close();
    theirs.close();
    await first.ended;
  });

  it("app.close() ends open streams instead of waiting for the browser", async () => {
    const third = await buildApp({
      db: t.db,
      database: t.database,
      config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" }),
    });
    await third.listen({ port: 0, host: "127.0.0.1" });
    const s = await openStream(third, `/api/ships/${shipId}/live`, { cookie: owner.cookie });
    expect(s.status).toBe(200);
    const started = Date.now();
    await third.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("a database outage under an open stream", () => {
  it("keeps the stream open and the process up, then sends what was written while it was cut", async () => {
    const url = new URL(t.database.url);
    const proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const database = connectDatabase(url.toString(), 4, {
      connectMs: 1_000,
      statementMs: 2_000,
      longStatementMs: 5_000,
    });
    const cut = await buildApp({
      db: database.db,
      database: { ...database, url: url.toString() },
      config: loadConfig({
        LOG_LEVEL: "silent",
        NODE_ENV: "test",
        JOBS: "off",
        LIVE_HEARTBEAT_SECONDS: "0.2",
      }),
    });
    await cut.listen({ port: 0, host: "127.0.0.1" });
    try {
      await until(() => cut.dataWritten.listening, "the listener through the proxy");
      const s = await openStream(cut, `/api/ships/${shipId}/live`, { cookie: owner.cookie });
      expect(s.status).toBe(200);
      proxy.cut();
      await until(() => !cut.dataWritten.listening, "the cut to be noticed");
      // Written (by the first process, straight to the database) while this process cannot hear.
      const ts = new Date().toISOString();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/fuel-data",
        headers: { cookie: owner.cookie },
        payload: { shipId, timestamp: ts, speedOverGround: 9.9 },
      });
      expect(res.statusCode).toBe(201);
      const beats = s.comments.length;
      await until(() => s.comments.length > beats + 2, "heartbeats during the outage");
      expect((await cut.inject({ url: "/api/health" })).statusCode).toBe(200);
      proxy.restore();
      await until(
        () => s.events.some((e) => JSON.parse(e.data!).ts === ts),
        "the record written during the outage",
        15_000,
      );
      s.close();
    } finally {
      await cut.close();
      await database.close();
      await proxy.close();
    }
  }, 30_000);
});

describe("Real-time Monitoring snapshot", () => {
  it("shows the latest value per series, active when on time, stale against its own cadence", async () => {
    const ship = await createShip(t, owner, 2);
    const now = Date.now();
    const MIN = 60_000;
    // Speed over ground every minute up to a minute ago (on time); wind every 15 min, last one 2 h ago (late).
    await t.db.insert(fuelData).values(
      Array.from({ length: 30 }, (_, i) => ({
        orgId: owner.orgId,
        shipId: ship,
        ts: new Date(now - (30 - i) * MIN),
        fuelGrade: "HFO",
        speedOverGround: 12 + (i % 5) / 10,
      })),
    );
    await t.db.insert(environmentalData).values(
      Array.from({ length: 20 }, (_, i) => ({
        orgId: owner.orgId,
        shipId: ship,
        ts: new Date(now - 2 * 3_600_000 - (20 - i) * 15 * MIN),
        windSpeed: 15 + (i % 4),
      })),
    );
    const res = await t.app.inject({
      url: `/api/ships/${ship}/analysis/environment-real-time-monitoring`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const tile = (key: string) => body.tiles.find((x: { key: string }) => x.key === key);
    expect(body.tiles.map((x: { key: string }) => x.key)).toEqual(["sog", "windSpeed"]);
    expect(tile("sog")).toMatchObject({ value: 12.4, status: "active", stale: false, cadenceSeconds: 60 });
    expect(tile("windSpeed")).toMatchObject({ stale: true, status: "warning", cadenceSeconds: 900 });
    expect(tile("windSpeed").reasons[0]).toMatch(/^Late: last 2 h ago, usually every 15 min/);
    expect(tile("sog").sparkline.v.length).toBeGreaterThan(0);
    // Another organisation sees none of it.
    const stranger = await t.registerOwner();
    const foreign = await t.app.inject({
      url: `/api/ships/${ship}/analysis/environment-real-time-monitoring`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
