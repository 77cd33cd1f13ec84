import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READY_SECTION_IDS } from "../../contracts/analysis/section-ids";
import { createShip, SHOP_TEST } from "../analysis/test-fixtures";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let analyst: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let shipId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  analyst = await t.addMember(owner, "analyst");
  viewer = await t.addMember(owner, "viewer");
  stranger = await t.registerOwner();
  shipId = await createShip(t, owner);
});
afterAll(() => t.close());

const call = (user: TestUser, method: "GET" | "PUT" | "PATCH", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });

describe("settings: fuel prices, EEOI target, ship baselines", () => {
  it("starts with no prices (the specification's 600 only as the initial price) and no EEOI target", async () => {
    expect((await call(viewer, "GET", "/api/settings/fuel-prices")).json()).toEqual({
      currency: "USD",
      prices: [],
      initialPricePerTonne: 600,
      usingInitialPrice: true,
    });
    expect((await call(viewer, "GET", "/api/settings/eeoi-target")).json()).toEqual({ eeoiTarget: null });
  });

  it("analysts replace the dated price table; viewers get 403; duplicates and bad dates 400", async () => {
    const body = {
      currency: "EUR",
      prices: [
        { fuelType: "MGO", pricePerTonne: 900, validFrom: "2025-01-01" },
        { fuelType: "HFO", pricePerTonne: 520, validFrom: "2025-01-01" },
      ],
    };
    expect((await call(viewer, "PUT", "/api/settings/fuel-prices", body)).statusCode).toBe(403);
    const res = await call(analyst, "PUT", "/api/settings/fuel-prices", body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: "EUR", usingInitialPrice: false });
    expect(res.json().prices.map((p: { fuelType: string }) => p.fuelType)).toEqual(["HFO", "MGO"]);
    const dup = await call(analyst, "PUT", "/api/settings/fuel-prices", {
      prices: [body.prices[0], body.prices[0]],
    });
    expect(dup.statusCode).toBe(400);
    const badDate = await call(analyst, "PUT", "/api/settings/fuel-prices", {
      prices: [{ fuelType: "HFO", pricePerTonne: 1, validFrom: "1/1/2025" }],
    });
    expect(badDate.statusCode).toBe(400);
    // another organisation sees its own (empty) table
    expect((await call(stranger, "GET", "/api/settings/fuel-prices")).json().prices).toEqual([]);
  });

  it("EEOI target: set, cleared, viewers 403, non-positive 400", async () => {
    expect((await call(viewer, "PUT", "/api/settings/eeoi-target", { eeoiTarget: 9 })).statusCode).toBe(403);
    expect((await call(analyst, "PUT", "/api/settings/eeoi-target", { eeoiTarget: 9.5 })).json()).toEqual({
      eeoiTarget: 9.5,
    });
    expect((await call(analyst, "PUT", "/api/settings/eeoi-target", { eeoiTarget: 0 })).statusCode).toBe(400);
    expect((await call(owner, "PUT", "/api/settings/eeoi-target", { eeoiTarget: null })).json()).toEqual({
      eeoiTarget: null,
    });
  });

  it("ship baseline: analysts set the curves and it is 'Current'; viewers 403", async () => {
    const url = `/api/ships/${shipId}/baseline`;
    expect((await call(viewer, "GET", url)).json()).toMatchObject({
      shopTestSfoc: null,
      baselineStatus: null,
    });
    expect((await call(viewer, "PATCH", url, { referenceDisplacementT: 1 })).statusCode).toBe(403);
    const res = await call(analyst, "PATCH", url, {
      shopTestSfoc: [...SHOP_TEST].reverse(),
      speedPowerCurve: [
        { speedKn: 12, powerKw: 5000 },
        { speedKn: 14, powerKw: 8000 },
      ],
      referenceDisplacementT: 60_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shopTestSfoc: SHOP_TEST,
      referenceDisplacementT: 60_000,
      baselineStatus: "Current",
    });
    expect((await call(analyst, "PATCH", url, { shopTestSfoc: [SHOP_TEST[0]] })).statusCode).toBe(400);
  });
});

describe("tenant isolation on every analysis route: another organisation's ship answers 404", () => {
  const routes = () => [
    ["GET", `/api/dashboard/${shipId}`],
    ["GET", `/api/ships/${shipId}/analysis-summary`],
    ["GET", `/api/ships/${shipId}/baseline`],
    ["GET", `/api/system-status?shipId=${shipId}`],
    ...READY_SECTION_IDS.map((s) => ["GET", `/api/ships/${shipId}/analysis/${s}`]),
    ["GET", `/api/ships/${shipId}/analysis/hull-hull-condition`],
  ];
  it("reads", async () => {
    for (const [method, url] of routes()) {
      const res = await call(stranger, method as "GET", url!);
      expect(res.statusCode, url).toBe(404);
      expect((await call(owner, method as "GET", url!)).statusCode, url).toBe(200);
    }
  });
  it("the baseline write", async () => {
    const res = await call(stranger, "PATCH", `/api/ships/${shipId}/baseline`, { referenceDisplacementT: 5 });
    expect(res.statusCode).toBe(404);
  });
  it("signed out: 401", async () => {
    for (const [, url] of routes()) expect((await t.app.inject({ url: url! })).statusCode).toBe(401);
  });
});
