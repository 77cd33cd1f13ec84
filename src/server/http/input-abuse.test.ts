/**
 * Inputs that used to answer 500 (issue 12, item 12) and the HTTP rules of item 13: each is a 400 naming the
 * field in the API's own error shape, or the documented status.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  const ship = await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie: owner.cookie },
    payload: shipBody(),
  });
  shipId = ship.json().id;
});
afterAll(() => t.close());

type Req = { method?: "GET" | "POST" | "PUT" | "PATCH"; url: string; payload?: object; headers?: object };
const call = ({ method = "GET", url, payload, headers = {} }: Req) =>
  t.app.inject({ method, url, payload, headers: { cookie: owner.cookie, ...headers } });
const fieldsOf = (res: { json: () => { error: { details?: { field: string }[] } } }) =>
  (res.json().error.details ?? []).map((d) => d.field);

describe("input that used to answer 500 answers 400 naming the field", () => {
  const cases: [string, () => Req, string][] = [
    [
      "a NUL byte in a body text",
      () => ({ method: "POST", url: "/api/ships", payload: shipBody({ name: "Ne\u0000ptune" }) }),
      "name",
    ],
    ["a NUL byte in a query", () => ({ url: `/api/dashboard/${shipId}?range=cus%00tom` }), "range"],
    ["an id above 2³¹−1 in the path", () => ({ url: "/api/ships/2147483648" }), "id"],
    [
      "an id above 2³¹−1 in a body",
      () => ({ method: "POST", url: "/api/fuel-data", payload: { shipId: 2 ** 31, sfoc: 180 } }),
      "shipId",
    ],
    [
      "year 0000",
      () => ({
        method: "POST",
        url: "/api/voyages",
        payload: { shipId, voyageNumber: "V0", origin: "A", destination: "B", departureDate: "0000-01-01" },
      }),
      "departureDate",
    ],
    [
      "9999-12-31 with an offset (year 10000 in UTC)",
      () => ({
        method: "POST",
        url: "/api/voyages",
        payload: {
          shipId,
          voyageNumber: "V9",
          origin: "A",
          destination: "B",
          departureDate: "9999-12-31T23:00:00-05:00",
        },
      }),
      "departureDate",
    ],
    [
      "from=0001-01-01",
      () => ({ url: `/api/dashboard/${shipId}?range=custom&from=0001-01-01&to=2026-01-01` }),
      "from",
    ],
    [
      "a fuel price valid from 2025-02-30",
      () => ({
        method: "PUT",
        url: "/api/settings/fuel-prices",
        payload: { prices: [{ fuelType: "HFO", pricePerTonne: 600, validFrom: "2025-02-30" }] },
      }),
      "prices.0.validFrom",
    ],
    [
      "a fuel price for an unknown fuel type",
      () => ({
        method: "PUT",
        url: "/api/settings/fuel-prices",
        payload: { prices: [{ fuelType: "Unobtainium", pricePerTonne: 600, validFrom: "2025-02-01" }] },
      }),
      "prices.0.fuelType",
    ],
    [
      "a record dated far in the future",
      () => ({
        method: "POST",
        url: "/api/fuel-data",
        payload: { shipId, sfoc: 180, timestamp: "9999-01-01" },
      }),
      "timestamp",
    ],
    [
      "a record dated next year",
      () => ({
        method: "POST",
        url: "/api/fuel-data",
        payload: { shipId, sfoc: 180, timestamp: new Date(Date.now() + 366 * 86_400_000).toISOString() },
      }),
      "timestamp",
    ],
    [
      "a malformed Origin header",
      () => ({ method: "POST", url: "/api/ships", payload: shipBody(), headers: { origin: "http://[" } }),
      "Origin header",
    ],
  ];
  it.each(cases)("%s", async (_name, request, field) => {
    const res = await call(request());
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });

  it("answers a malformed URL escape in the API's error shape (400), not Fastify's", async () => {
    const res = await call({ url: "/api/ships/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: "malformed_request" } });
  });

  it("answers a body nested 5000 levels deep with 400, signed out too (no stack overflow)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: `${"[".repeat(5000)}${"]".repeat(5000)}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers calculator inputs whose results overflow without a 500", async () => {
    const res = await call({
      method: "POST",
      url: "/api/calculate-hull-performance",
      payload: { currentPower: 1e308, baselinePower: 1e-300, currentSfoc: 1e308, baselineSfoc: 1e-300 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("HTTP", () => {
  it("marks API answers Cache-Control: no-store, errors too", async () => {
    expect((await call({ url: "/api/auth/user" })).headers["cache-control"]).toBe("no-store");
    const signedOut = await t.app.inject({ url: "/api/ships" });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a mutating call with Origin: null (403)", async () => {
    const res = await call({
      method: "POST",
      url: "/api/ships",
      payload: shipBody(),
      headers: { origin: "null" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts a mutating call from its own origin", async () => {
    const res = await call({
      method: "POST",
      url: "/api/ships",
      payload: shipBody({ name: "Own Origin", imo: "9312456" }),
      headers: { origin: "http://localhost:80", host: "localhost:80" },
    });
    expect(res.statusCode).toBe(201);
  });
});
