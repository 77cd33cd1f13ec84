/**
 * Deferred rollups (decision record 019): a deferred write commits its records and what it owes the rollups;
 * the catch-up recomputes exactly what a write that refreshes in its own transaction would have; two
 * catch-ups of one ship at once do the work once; a catch-up killed half-way leaves its rows owed and the
 * next one completes; the sweep finds what a dead process left.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataWritten } from "../events/data-written";
import { ingestRecords } from "../ingest/ingest-batch";
import { inIngestTransaction } from "../ingest/ingest-transaction";
import { killLockWaiters } from "../test/kill-lock-waiters";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { refreshDailyRollup } from "./daily-rollup";
import { catchUpOneShip, mergeOwedSpans, PendingRollups } from "./pending-rollups";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
let otherShipId: number;

const post = (url: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie: owner.cookie }, payload });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = (await post("/api/ships", shipBody())).json().id;
  otherShipId = (await post("/api/ships", shipBody({ name: "Two", imo: "9312456" }))).json().id;
});
afterAll(() => t.close());

/** Hourly main-engine records of a day, with a fuel rate that changes every hour. */
function dayOfFuel(day: string, rate = 30) {
  return Array.from({ length: 24 }, (_, h) => ({
    record: {
      shipId,
      timestamp: `${day}T${String(h).padStart(2, "0")}:00:00Z`,
      fuelConsumptionRate: rate + h / 10,
      speedThroughWater: 13 + (h % 3) / 10,
      enginePower: 7_000,
      sfoc: 178,
    },
  }));
}

const deferredWrite = (items: ReturnType<typeof dayOfFuel>, ship = shipId) =>
  inIngestTransaction(
    t.database.pool,
    owner.orgId,
    (run) =>
      ingestRecords(
        run,
        "fuel",
        items.map((i) => ({ record: { ...i.record, shipId: ship } })),
      ),
    "deferred",
  );

async function owed(ship = shipId): Promise<number> {
  const { rows } = await t.db.execute(
    sql`select count(*)::int as n from rollup_pending where org_id = ${owner.orgId} and ship_id = ${ship}`,
  );
  return rows[0]!.n as number;
}

/** The ship's daily fuel rollup rows, as sorted JSON with numbers to 9 significant digits. */
async function fuelDaily(ship = shipId): Promise<string[]> {
  const { rows } = await t.db.execute(
    sql`select to_jsonb(x) as r from fuel_daily x where org_id = ${owner.orgId} and ship_id = ${ship}`,
  );
  return rows
    .map((row) => JSON.stringify(row.r, (_, v) => (typeof v === "number" ? Number(v.toPrecision(9)) : v)))
    .sort();
}

/** What a full recompute from the raw records gives (the truth any catch-up must equal). */
async function recomputed(ship = shipId): Promise<string[]> {
  await refreshDailyRollup(t.db, owner.orgId, [ship], new Date("2000-01-01"), new Date("2100-01-01"));
  return fuelDaily(ship);
}

describe("mergeOwedSpans", () => {
  it("covers every owed span, and nothing for no rows", () => {
    const d = (s: string) => new Date(s);
    expect(mergeOwedSpans([])).toBeUndefined();
    expect(
      mergeOwedSpans([
        { from_ts: d("2026-03-02T00:00:00Z"), to_ts: d("2026-03-02T06:00:00Z") },
        { from_ts: d("2026-02-27T10:00:00Z"), to_ts: d("2026-02-27T11:00:00Z") },
      ]),
    ).toEqual({ from: Date.parse("2026-02-27T10:00:00Z"), to: Date.parse("2026-03-02T06:00:00Z") });
  });
});

describe("a deferred write and its catch-up", () => {
  it("commits the records and what they owe, announces them as pending, then catches up to the truth", async () => {
    const heard: DataWritten[] = [];
    const stop = t.app.dataWritten.subscribe((e) => void heard.push(e), { rollupsPending: true });
    const quiet: DataWritten[] = [];
    const stopQuiet = t.app.dataWritten.subscribe((e) => void quiet.push(e));
    // The app's own catch-up would race this test's; it is closed here and the catch-up called by hand.
    await t.app.pendingRollups.close();

    const result = await deferredWrite(dayOfFuel("2026-03-01"));
    expect(result.accepted).toBe(24);
    expect(await owed()).toBe(1);
    expect(await fuelDaily()).toEqual([]); // not yet: the rollups are owed
    await expect.poll(() => heard.some((e) => e.shipId === shipId && e.rollupsPending)).toBe(true);
    // A subscriber that reads figures does not hear the write before its rollups.
    expect(quiet.filter((e) => e.shipId === shipId)).toEqual([]);

    // a second write, later, and a correction of an hour of the first: one catch-up for all
    await deferredWrite(dayOfFuel("2026-03-02", 28));
    await deferredWrite(dayOfFuel("2026-03-01", 31).slice(5, 6));
    expect(await owed()).toBe(3);
    expect(await catchUpOneShip(t.database.pool, owner.orgId, shipId)).toBe(true);
    expect(await owed()).toBe(0);
    const caughtUp = await fuelDaily();
    expect(caughtUp.length).toBeGreaterThanOrEqual(2);
    expect(caughtUp).toEqual(await recomputed());
    await expect.poll(() => quiet.some((e) => e.shipId === shipId && e.rollupsCaughtUp)).toBe(true);
    expect(await catchUpOneShip(t.database.pool, owner.orgId, shipId)).toBe(false);
    stop();
    stopQuiet();
  });

  it("two catch-ups of one ship at once: the rows are taken once, the rollups are right", async () => {
    await deferredWrite(dayOfFuel("2026-03-05", 25));
    await deferredWrite(dayOfFuel("2026-03-06", 26));
    const both = await Promise.all([
      catchUpOneShip(t.database.pool, owner.orgId, shipId),
      catchUpOneShip(t.database.pool, owner.orgId, shipId),
    ]);
    expect(both.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await owed()).toBe(0);
    const caughtUp = await fuelDaily();
    expect(caughtUp).toEqual(await recomputed());
  });

  it("a catch-up killed half-way leaves its rows owed; the next one completes", async () => {
    await deferredWrite(dayOfFuel("2026-03-10", 22), otherShipId);
    const { started, killed } = await killLockWaiters(t.database.url, "fuel_daily", () =>
      catchUpOneShip(t.database.pool, owner.orgId, otherShipId).then(
        () => "completed",
        (err: Error) => err.message,
      ),
    );
    expect(killed).toBe(1);
    expect(await started).not.toBe("completed");
    expect(await owed(otherShipId)).toBe(1);
    expect(await fuelDaily(otherShipId)).toEqual([]);
    expect(await catchUpOneShip(t.database.pool, owner.orgId, otherShipId)).toBe(true);
    expect(await owed(otherShipId)).toBe(0);
    expect(await fuelDaily(otherShipId)).toEqual(await recomputed(otherShipId));
  });

  it("the sweep catches up what a process that died left owed", async () => {
    const sweeper = new PendingRollups(t.database.pool, t.app.log);
    // a dead process's write: records and owed row committed, no one told
    await deferredWrite(dayOfFuel("2026-03-12", 24), otherShipId);
    expect(await owed(otherShipId)).toBe(1);
    await sweeper.sweep();
    expect(await owed(otherShipId)).toBe(0);
    expect(await fuelDaily(otherShipId)).toEqual(await recomputed(otherShipId));
    await sweeper.close();
  });
});
