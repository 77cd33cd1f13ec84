/**
 * HTTP ingestion on the simulator's full model (faults on: missing, stuck, outlying and duplicated reports):
 * counts, per-record refusals, a batch sent again stored once, rollups and the write's announcement, and the
 * database connection killed half-way through a request.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestRecordOf, shipBodyOf } from "../../simulator/contract-records";
import type { SeriesRecord, ShipRecord } from "../../simulator/records";
import { collect, smallRun } from "../../simulator/test-helpers";
import { type environmentalData, fuelDaily, fuelData } from "../db/schema";
import type { DataWritten } from "../events/data-written";
import { killLockWaiters } from "../test/kill-lock-waiters";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
const ships = new Map<string, number>();
let fuel: Record<string, unknown>[];
let environmental: Record<string, unknown>[];
const heard: DataWritten[] = [];

const ingest = (user: TestUser, type: string, payload: unknown, contentType = "application/json") =>
  t.app.inject({
    method: "POST",
    url: `/api/ingest/${type}`,
    headers: { cookie: user.cookie, "content-type": contentType },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");

async function rows(table: typeof fuelData | typeof environmentalData) {
  const [r] = await t.db.select({ n: count() }).from(table).where(eq(table.orgId, owner.orgId));
  return r!.n;
}

beforeAll(async () => {
  t = await createTestApp({ INGEST_MAX_RECORDS: "1000" });
  owner = await t.registerOwner();
  const run = collect({ ...smallRun({ ships: 2, days: 10, faults: true }) });
  for (const rec of run.of("ship") as ShipRecord[]) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: shipBodyOf(rec),
    });
    expect(res.statusCode, res.body).toBe(201);
    ships.set(rec.vessel.imoNumber, res.json().id);
  }
  fuel = (run.of("fuel") as SeriesRecord[]).map(ingestRecordOf);
  environmental = (run.of("environmental") as SeriesRecord[]).map(ingestRecordOf);
  t.app.dataWritten.subscribe((e) => {
    heard.push(e);
  });
}, 60_000);
afterAll(() => t.close());

describe("POST /api/ingest/:recordType", () => {
  it("stores a simulated fleet's records (JSON and NDJSON) and a batch sent again adds nothing", async () => {
    expect(fuel.length).toBeGreaterThan(400);
    let accepted = 0;
    for (let i = 0; i < fuel.length; i += 500) {
      const batch = fuel.slice(i, i + 500);
      const res = await ingest(owner, "fuel", batch);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.accepted + body.rejectedRecords).toBe(batch.length);
      expect(body.new + body.updated + body.unchanged).toBe(body.accepted);
      accepted += body.accepted;
    }
    // The faults' duplicated reports are the same key twice: stored once.
    const stored = await rows(fuelData);
    expect(stored).toBeGreaterThan(0.9 * fuel.length);
    expect(stored).toBeLessThanOrEqual(accepted);

    const env = await ingest(
      owner,
      "environmental",
      ndjson(environmental.slice(0, 300)),
      "application/x-ndjson",
    );
    expect(env.statusCode, env.body).toBe(200);
    expect(env.json().accepted).toBeGreaterThan(250);

    const again = await ingest(owner, "fuel", fuel.slice(0, 500));
    expect(again.json()).toMatchObject({ new: 0, updated: 0 });
    expect(await rows(fuelData)).toBe(stored);

    // Rollups follow, and the write is announced per ship.
    const [shipId] = [...ships.values()];
    const [daily] = await t.db
      .select({ n: count() })
      .from(fuelDaily)
      .where(and(eq(fuelDaily.orgId, owner.orgId), eq(fuelDaily.shipId, shipId!)));
    expect(daily!.n).toBeGreaterThan(5);
    await expect
      .poll(() => heard.some((e) => e.shipId === shipId && e.tables.includes("fuel_data")))
      .toBe(true);
  });

  it("refuses bad records one by one and stores the good ones of the same request", async () => {
    const shipId = [...ships.values()][0]!;
    const good = { shipId, timestamp: "2026-02-01T00:00:00Z", sfoc: 180, fuelConsumptionRate: 20 };
    const res = await ingest(owner, "fuel", [
      good,
      "not a record",
      { ...good, timestamp: "2026-02-01T01:00:00Z", colour: "red" },
      { ...good, timestamp: "2026-02-01T02:00:00Z", sfoc: "abc" },
      { ...good, timestamp: undefined },
      { ...good, timestamp: "2026-02-01T03:00:00Z", shipId: 999_999 },
      { ...good, timestamp: "2026-02-01T04:00:00Z", sfoc: { value: 1 } },
      { ...good, timestamp: "2026-02-01T05:00:00Z", sfoc: 5000 },
      { ...good, timestamp: "2026-02-01T06:00:00Z", shipId: undefined, imo: [...ships.keys()][0] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ accepted: 2, new: 2, rejectedRecords: 7 });
    expect(body.rejected).toEqual([
      { index: 1, field: "", reason: "must be an object (one record)" },
      { index: 2, field: "colour", reason: "is not a field of fuel records" },
      { index: 3, field: "sfoc", reason: "must be a number" },
      { index: 4, field: "timestamp", reason: "is required" },
      { index: 5, field: "shipId", reason: "unknown ship" },
      { index: 6, field: "sfoc", reason: "must be a number or text" },
      { index: 7, field: "sfoc", reason: "must be at most 1000 g/kWh" },
    ]);
    const bad = await ingest(owner, "fuel", `${JSON.stringify(good)}\n{oops\n\n`, "application/x-ndjson");
    expect(bad.json()).toMatchObject({
      accepted: 1,
      unchanged: 1,
      rejected: [{ index: 1, field: "", reason: "is not valid JSON" }],
    });
  });

  it("answers 400 for a body that is not an array or an unknown type, 413 above the record limit", async () => {
    expect((await ingest(owner, "fuel", { records: [] })).statusCode).toBe(400);
    expect((await ingest(owner, "weather", [])).statusCode).toBe(400);
    const many = Array.from({ length: 1001 }, () => ({}));
    const res = await ingest(owner, "fuel", many);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("too_many_records");
  });

  it("viewers and strangers cannot ingest; another organisation cannot write our ships", async () => {
    const viewer = await t.addMember(owner, "viewer");
    const shipId = [...ships.values()][0]!;
    const record = { shipId, timestamp: "2026-02-02T00:00:00Z", sfoc: 180 };
    expect((await ingest(viewer, "fuel", [record])).statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: "POST", url: "/api/ingest/fuel", payload: [record] });
    expect(signedOut.statusCode).toBe(401);
    const stranger = await t.registerOwner();
    const before = await rows(fuelData);
    const byId = await ingest(stranger, "fuel", [record]);
    const byImo = await ingest(stranger, "fuel", [
      { ...record, shipId: undefined, imo: [...ships.keys()][0] },
    ]);
    for (const res of [byId, byImo]) expect(res.json()).toMatchObject({ accepted: 0, rejectedRecords: 1 });
    expect(await rows(fuelData)).toBe(before);
    const theirShip = (
      await t.app.inject({
        method: "POST",
        url: "/api/ships",
        headers: { cookie: stranger.cookie },
        payload: shipBody(),
      })
    ).json().id;
    expect((await ingest(stranger, "fuel", [{ ...record, shipId: theirShip }])).json().accepted).toBe(1);
    expect(await rows(fuelData)).toBe(before);
  });

  it("the database connection killed half-way: 503, nothing stored, the next request works", async () => {
    const shipId = [...ships.values()][1]!;
    const batch = Array.from({ length: 50 }, (_, i) => ({
      shipId,
      timestamp: new Date(Date.UTC(2026, 2, 1, i)).toISOString(),
      sfoc: 175,
    }));
    const before = await rows(fuelData);
    // The request stages its rows and waits at the merge for a lock held elsewhere; then its backend is killed.
    const { started: pending } = await killLockWaiters(t.database.url, "fuel_data", () =>
      ingest(owner, "fuel", batch),
    );
    const res = await pending;
    expect(res.statusCode, res.body).toBe(503);
    expect(await rows(fuelData)).toBe(before);
    const retry = await ingest(owner, "fuel", batch);
    expect(retry.json()).toMatchObject({ accepted: 50, new: 50 });
  });
});
