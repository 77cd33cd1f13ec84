/**
 * The newest record kept per ship with its data version: a write through the API shows at once in System
 * Status and the organisation's figure; a delete of the newest record gives the one before back; of two
 * transactions writing one ship, the one that commits second leaves the newest of both (it read after the
 * first's commit); a deleted ship's leftover row counts for nothing; another organisation sees none of it.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip } from "../analysis/test-fixtures";
import { bumpDataVersions } from "../cache/data-version";
import { createTestApp, type TestUser } from "../test/test-app";
import { lastRecordAt } from "./newest-record";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipA: number;
let shipB: number;

const base = Math.floor(Date.now() / 1000) * 1000;
const hoursAgo = (h: number) => new Date(base - h * 3_600_000);

async function postFuel(shipId: number, at: Date) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/fuel-data",
    headers: { cookie: owner.cookie },
    payload: { shipId, timestamp: at.toISOString(), sfoc: 180, fuelConsumptionRate: 20 },
  });
  expect(res.statusCode).toBe(201);
}

const status = async (user: TestUser, query = "") =>
  (await t.app.inject({ url: `/api/system-status${query}`, headers: { cookie: user.cookie } })).json()
    .lastRecordAt as string | null;

/** A transaction that inserts one environmental record and bumps the ship's version, as every write path does. */
async function writeIn(client: import("pg").PoolClient, shipId: number, at: Date) {
  await client.query(
    "insert into environmental_data (org_id, ship_id, ts, wind_speed) values ($1, $2, $3, 5)",
    [owner.orgId, shipId, at],
  );
  await bumpDataVersions(drizzle(client), owner.orgId, [shipId]);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipA = await createShip(t, owner, 0, { name: "Alpha" });
  shipB = await createShip(t, owner, 1, { name: "Bravo" });
  await createShip(t, stranger, 0, { name: "Theirs" });
}, 60_000);
afterAll(() => t.close());

describe("the newest record kept per ship", () => {
  it("is none before any record, then the written one, per ship and for the organisation", async () => {
    expect(await status(owner)).toBeNull();
    await postFuel(shipA, hoursAgo(5));
    await postFuel(shipB, hoursAgo(3));
    expect(await status(owner, `?shipId=${shipA}`)).toBe(hoursAgo(5).toISOString());
    expect(await status(owner)).toBe(hoursAgo(3).toISOString());
    expect(await status(stranger)).toBeNull();
  });

  it("gives the record before back when the newest is deleted", async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query("begin");
      await client.query("delete from fuel_data where org_id = $1 and ship_id = $2 and ts = $3", [
        owner.orgId,
        shipB,
        hoursAgo(3),
      ]);
      await bumpDataVersions(drizzle(client), owner.orgId, [shipB]);
      await client.query("commit");
    } finally {
      client.release();
    }
    expect(await status(owner, `?shipId=${shipB}`)).toBeNull();
    expect(await status(owner)).toBe(hoursAgo(5).toISOString());
  });

  it("leaves the newest of two transactions writing one ship, whichever commits last", async () => {
    const [first, second] = [await t.database.pool.connect(), await t.database.pool.connect()];
    try {
      await first.query("begin");
      await second.query("begin");
      await writeIn(first, shipA, hoursAgo(1));
      // the second waits for the first's lock on the ship's version row; it reads the newest after that commit
      const secondDone = writeIn(second, shipA, hoursAgo(2)).then(() => second.query("commit"));
      await new Promise((r) => setTimeout(r, 300));
      await first.query("commit");
      await secondDone;
    } finally {
      first.release();
      second.release();
    }
    expect(await status(owner, `?shipId=${shipA}`)).toBe(hoursAgo(1).toISOString());
    expect((await lastRecordAt(t.db, owner.orgId, [shipA]))?.toISOString()).toBe(hoursAgo(1).toISOString());
  });

  it("counts nothing of a deleted ship", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/ships/${shipA}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await status(owner)).toBeNull();
  });
});
