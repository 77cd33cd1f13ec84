/**
 * The NMEA UDP listener: datagrams of the sample log become minute records of the configured ship (and a
 * data-written event, so the live tiles move); a minute is stored once it is over, the rest at shutdown; a
 * ship of another organisation is refused at start (no socket).
 */
import dgram from "node:dgram";
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip } from "../analysis/test-fixtures";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { DataWritten } from "../events/data-written";
import { createTestApp, type TestUser } from "../test/test-app";

const SAMPLE = fs.readFileSync(
  new URL("../uploads/fixtures/simulated-voyage.nmea", import.meta.url),
  "latin1",
);

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;

const udpApp = async (orgId: number, ship: number) => {
  const app = await buildApp({
    db: t.db,
    database: t.database,
    config: loadConfig({
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      JOBS: "off",
      NMEA_UDP_PORT: "0",
      NMEA_UDP_ORG_ID: String(orgId),
      NMEA_UDP_SHIP_ID: String(ship),
    }),
  });
  await app.ready();
  return app;
};

async function send(port: number, text: string) {
  const socket = dgram.createSocket("udp4");
  // A gateway sends a few lines per datagram.
  const lines = text.split("\r\n").filter((l) => l !== "");
  for (let i = 0; i < lines.length; i += 7)
    await new Promise<void>((resolve, reject) =>
      socket.send(`${lines.slice(i, i + 7).join("\r\n")}\r\n`, port, "127.0.0.1", (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  socket.close();
}

const count = async (table: string) =>
  Number((await t.db.execute(`select count(*) as n from ${table} where ship_id = ${shipId}`)).rows[0]!.n);

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
  await until(() => t.app.dataWritten.listening, "the listener");
});
afterAll(() => t.close());

describe("NMEA 0183 over UDP", () => {
  it("stores each minute once it is over, the last at shutdown, and announces the write", async () => {
    const heard: DataWritten[] = [];
    const off = t.app.dataWritten.subscribe((e) => {
      heard.push(e);
    });
    const app: FastifyInstance = await udpApp(owner.orgId, shipId);
    const port = app.nmeaUdp!.address()!.port;
    // The first 10 minutes of the sample (2 bursts of 7 sentences a minute, after its 3 foreign lines).
    const lines = SAMPLE.split("\r\n");
    await send(port, lines.slice(0, 3 + 10 * 14).join("\r\n"));
    await until(() => app.nmeaUdp!.reader.counts.used >= 10 * 14 - 2, "the datagrams");
    await app.nmeaUdp!.flush();
    // Minute 10 is not over until a later sentence is heard: 9 stored now.
    expect(await count("environmental_data")).toBe(9);
    expect(await count("fuel_data")).toBe(9);
    expect(app.nmeaUdp!.reader.counts.bad).toMatchObject({ "no-time": 1 });
    await until(() => heard.some((e) => e.shipId === shipId), "the data-written event");
    await app.close();
    expect(await count("environmental_data")).toBe(10);
    expect(app.nmeaUdp!.lost).toBe(0);
    off();
  });

  it("does not listen for a ship of another organisation", async () => {
    const stranger = await t.registerOwner();
    const app = await udpApp(stranger.orgId, shipId);
    expect(app.nmeaUdp!.address()).toBeUndefined();
    await app.close();
  });

  it("needs the organisation and ship with the port", () => {
    expect(() => loadConfig({ NMEA_UDP_PORT: "10110" })).toThrow(
      /NMEA_UDP_ORG_ID: is required with NMEA_UDP_PORT/,
    );
  });
});
