import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelData } from "../db/schema";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = (
    await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: shipBody(),
    })
  ).json().id;
});
afterAll(() => t.close());

const dashboard = () => t.app.inject({ url: `/api/dashboard/${shipId}`, headers: { cookie: owner.cookie } });

describe("GET /api/dashboard/:shipId", () => {
  it("answers null for each kind of record while the ship has none (no sample values)", async () => {
    const res = await dashboard();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ship: { id: shipId },
      voyages: [],
      current: { fuel: null, environmental: null, hull: null, auxiliary: null, compliance: null },
    });
  });

  it("shows the latest stored record of each kind", async () => {
    const base = { orgId: owner.orgId, shipId, fuelType: "HFO", fuelGrade: "HFO" };
    await t.db.insert(fuelData).values([
      { ...base, ts: new Date("2026-05-01T12:00Z"), sfoc: 181, fuelConsumptionRate: 30 },
      { ...base, ts: new Date("2026-05-02T12:00Z"), sfoc: 177.5, fuelConsumptionRate: 28.4 },
    ]);
    const fuel = (await dashboard()).json().current.fuel;
    expect(fuel).toMatchObject({
      shipId,
      sfoc: 177.5,
      fuelConsumptionRate: 28.4,
      timestamp: "2026-05-02T12:00:00.000Z",
    });
    expect(fuel).not.toHaveProperty("orgId");
  });

  it("answers 404 for a ship that does not exist", async () => {
    const res = await t.app.inject({ url: "/api/dashboard/987654", headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});
