import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "./test/test-app";

// A second organisation tries to read, change and delete the first one's ships and voyages: every attempt
// answers 404, exactly like a ship or voyage that does not exist, and nothing changes.
let t: Awaited<ReturnType<typeof createTestApp>>;
let first: TestUser;
let second: TestUser;
let shipId: number;
let voyageId: number;
beforeAll(async () => {
  t = await createTestApp();
  first = await t.registerOwner();
  second = await t.registerOwner();
  shipId = (
    await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: first.cookie },
      payload: shipBody(),
    })
  ).json().id;
  voyageId = (
    await t.app.inject({
      method: "POST",
      url: "/api/voyages",
      headers: { cookie: first.cookie },
      payload: { shipId, voyageNumber: "T-1", origin: "A", destination: "B", departureDate: "2026-01-01" },
    })
  ).json().id;
});
afterAll(() => t.close());

const as = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe("tenancy", () => {
  it.each([
    ["GET", () => `/api/ships/${shipId}`, undefined],
    ["PATCH", () => `/api/ships/${shipId}`, { name: "Stolen" }],
    ["DELETE", () => `/api/ships/${shipId}`, undefined],
    ["GET", () => `/api/dashboard/${shipId}`, undefined],
    ["GET", () => `/api/voyages/${voyageId}`, undefined],
    ["PATCH", () => `/api/voyages/${voyageId}`, { status: "cancelled" }],
    ["DELETE", () => `/api/voyages/${voyageId}`, undefined],
  ] as const)("%s %s of another organisation answers 404", async (method, url, payload) => {
    const res = await as(second, method, url(), payload);
    expect(res.statusCode).toBe(404);
    const missing = await as(second, method, url().replace(/\d+$/, "999999"), payload);
    expect(res.json()).toEqual({ error: { ...missing.json().error, message: res.json().error.message } });
  });

  it("does not list another organisation's ships or voyages", async () => {
    expect((await as(second, "GET", "/api/ships")).json()).toEqual([]);
    expect((await as(second, "GET", "/api/voyages")).json()).toEqual([]);
    expect((await as(second, "GET", `/api/voyages?shipId=${shipId}`)).json()).toEqual([]);
  });

  it("refuses a voyage on another organisation's ship as an unknown ship", async () => {
    const res = await as(second, "POST", "/api/voyages", {
      shipId,
      voyageNumber: "X-1",
      origin: "A",
      destination: "B",
      departureDate: "2026-01-01",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: "shipId", reason: "is not a ship of your fleet" }]);
  });

  it("left the first organisation's ship and voyage untouched", async () => {
    expect((await as(first, "GET", `/api/ships/${shipId}`)).json().name).toBe("Test Vessel");
    expect((await as(first, "GET", `/api/voyages/${voyageId}`)).json().status).toBe("active");
  });
});
