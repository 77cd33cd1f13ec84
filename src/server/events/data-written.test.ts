/**
 * Every committed write announces itself once per ship, with its tables and span, to every process on the
 * database; a write that rolls back announces nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { type DataWritten, parseDataWritten } from "./data-written";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
const heard: DataWritten[] = [];

const call = (method: "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });

async function until(condition: () => boolean, what: string, ms = 5_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = (await call("POST", "/api/ships", shipBody())).json().id;
  t.app.dataWritten.subscribe((event) => {
    heard.push(event);
  });
  await until(() => t.app.dataWritten.listening, "the listener");
});
afterAll(() => t.close());

describe("data-written notifications", () => {
  it("a record announces its ship, table and time once committed", async () => {
    heard.length = 0;
    const ts = "2026-03-01T12:00:00.000Z";
    const res = await call("POST", "/api/fuel-data", {
      shipId,
      timestamp: ts,
      sfoc: 180,
      fuelConsumptionRate: 20,
    });
    expect(res.statusCode).toBe(201);
    await until(() => heard.length === 1, "the notification");
    expect(heard[0]).toEqual({ orgId: owner.orgId, shipId, from: ts, to: ts, tables: ["fuel_data"] });
  });

  it("a refused write announces nothing", async () => {
    heard.length = 0;
    const res = await call("POST", "/api/fuel-data", { shipId, voyageId: 999_999, sfoc: 180 });
    expect(res.statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([]);
  });

  it("a maintenance event announces itself, and so does its deletion", async () => {
    heard.length = 0;
    const created = await call("POST", "/api/maintenance-events", {
      shipId,
      type: "hull_cleaning",
      date: "2026-02-01",
    });
    expect(created.statusCode).toBe(201);
    await until(() => heard.length === 1, "the creation");
    expect(heard[0]).toMatchObject({
      shipId,
      tables: ["maintenance_events"],
      from: "2026-02-01T00:00:00.000Z",
    });
    expect((await call("DELETE", `/api/maintenance-events/${created.json().id}`)).statusCode).toBe(204);
    await until(() => heard.length === 2, "the deletion");
  });

  it("a change to the ship's particulars or baselines announces the ship", async () => {
    heard.length = 0;
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/ships/${shipId}`,
      headers: { cookie: owner.cookie },
      payload: { deadweight: 81_000 },
    });
    expect(patch.statusCode).toBe(200);
    await until(() => heard.length === 1, "the ship's change");
    expect(heard[0]).toMatchObject({ orgId: owner.orgId, shipId, tables: ["ships"] });
  });

  it("ignores a payload that is not an event", () => {
    expect(parseDataWritten("not json")).toBeUndefined();
    expect(parseDataWritten(JSON.stringify({ orgId: 1 }))).toBeUndefined();
  });
});
