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

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });

const voyageBody = (overrides: Record<string, unknown> = {}) => ({
  shipId,
  voyageNumber: "V-001",
  origin: "Rotterdam",
  destination: "Singapore",
  departureDate: "2026-03-01T08:00",
  ...overrides,
});

describe("voyages", () => {
  it("creates a voyage with status 'active' (201), the departure read as UTC", async () => {
    const res = await call("POST", "/api/voyages", voyageBody());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      shipId,
      voyageNumber: "V-001",
      status: "active",
      departureDate: "2026-03-01T08:00:00.000Z",
      arrivalDate: null,
    });
  });

  it("keeps an explicit offset", async () => {
    const res = await call(
      "POST",
      "/api/voyages",
      voyageBody({ voyageNumber: "V-002", departureDate: "2026-03-01T08:00:00+02:00", status: "planned" }),
    );
    expect(res.json()).toMatchObject({ departureDate: "2026-03-01T06:00:00.000Z", status: "planned" });
  });

  it.each([
    ["an unknown status", { status: "sailing" }, "status"],
    ["an impossible date", { departureDate: "2026-02-30" }, "departureDate"],
    ["an arrival before the departure", { arrivalDate: "2026-02-01" }, "arrivalDate"],
    ["a missing origin", { origin: undefined }, "origin"],
    ["a ship id of no ship", { shipId: 999_999 }, "shipId"],
  ])("rejects %s with 400 naming the field", async (_n, overrides, field) => {
    const res = await call("POST", "/api/voyages", voyageBody({ voyageNumber: "V-bad", ...overrides }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("refuses a duplicate voyage number for the same ship (409)", async () => {
    await call("POST", "/api/voyages", voyageBody({ voyageNumber: "V-dup" }));
    expect((await call("POST", "/api/voyages", voyageBody({ voyageNumber: "V-dup" }))).statusCode).toBe(409);
  });

  it("moves a voyage through its statuses, checking dates against the stored ones", async () => {
    const v = (await call("POST", "/api/voyages", voyageBody({ voyageNumber: "V-life" }))).json();
    const bad = await call("PATCH", `/api/voyages/${v.id}`, { arrivalDate: "2026-01-01" });
    expect(bad.statusCode).toBe(400);
    const done = await call("PATCH", `/api/voyages/${v.id}`, {
      status: "completed",
      arrivalDate: "2026-03-20T12:00Z",
    });
    expect(done.json()).toMatchObject({ status: "completed", arrivalDate: "2026-03-20T12:00:00.000Z" });
    const list = await call("GET", `/api/voyages?shipId=${shipId}`);
    expect(list.json().map((x: { id: number }) => x.id)).toContain(v.id);
    expect((await call("DELETE", `/api/voyages/${v.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/voyages/${v.id}`)).statusCode).toBe(404);
  });
});
