import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
});
afterAll(() => t.close());

const call = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe("ships", () => {
  it("a ship without an IMO number or with a wrong-kind field: 400 naming each field in plain words", async () => {
    const { imo: _imo, ...noImo } = shipBody({ name: "Nimo" });
    const res = await call(owner, "POST", "/api/ships", { ...noImo, deadweight: "heavy" });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; reason: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { field: "imo", reason: "is required" },
        { field: "deadweight", reason: "must be a number" },
      ]),
    );
    for (const d of details) expect(d.reason).not.toMatch(/expected|received|invalid input/i);
  });

  it("creates a ship (201) with the specification's fields and the analytics' particulars", async () => {
    const res = await call(owner, "POST", "/api/ships", {
      ...shipBody({ imo: "IMO 9176187", name: "Ceres" }),
      grossTonnage: 30_000,
      designSpeed: 14.5,
      length: 190,
      beam: 32.2,
      designDraught: 12.5,
      yearBuilt: 2012,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Ceres",
      imo: "9176187",
      type: "bulk_carrier",
      typeLabel: "Bulk Carrier",
      deadweight: 50_000,
      enginePower: 9_000,
      grossTonnage: 30_000,
      yearBuilt: 2012,
    });
    const list = await call(owner, "GET", "/api/ships");
    expect(list.json().map((s: { name: string }) => s.name)).toContain("Ceres");
  });

  it.each([
    ["a wrong IMO check digit", { imo: "9176188" }, "imo"],
    ["an IMO number of 6 digits", { imo: "917618" }, "imo"],
    ["an unknown ship type", { type: "Pirate Ship" }, "type"],
    ["a missing name", { name: "" }, "name"],
    ["a negative deadweight", { deadweight: -1 }, "deadweight"],
    ["a deadweight sent as text", { deadweight: "lots" }, "deadweight"],
    ["an unknown field", { colour: "blue" }, "colour"],
  ])("rejects %s with 400 naming the field, and writes nothing", async (_n, overrides, field) => {
    const before = (await call(owner, "GET", "/api/ships")).json().length;
    const res = await call(
      owner,
      "POST",
      "/api/ships",
      shipBody({ imo: "9321483", name: "Rejected", ...overrides }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await call(owner, "GET", "/api/ships")).json().length).toBe(before);
  });

  it("refuses a second ship with the same IMO number in the fleet (409)", async () => {
    await call(owner, "POST", "/api/ships", shipBody({ imo: "9428712", name: "First" }));
    const res = await call(owner, "POST", "/api/ships", shipBody({ imo: "9428712", name: "Second" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details[0].field).toBe("imo");
  });

  it("lets another organisation register the same IMO number in its own fleet", async () => {
    const res = await call(stranger, "POST", "/api/ships", shipBody({ imo: "9428712", name: "First" }));
    expect(res.statusCode).toBe(201);
  });

  it("updates only the fields sent, and deletes", async () => {
    const created = (
      await call(owner, "POST", "/api/ships", shipBody({ imo: "9555034", name: "Patchy" }))
    ).json();
    const patched = await call(owner, "PATCH", `/api/ships/${created.id}`, { deadweight: 61_000 });
    expect(patched.json()).toMatchObject({ name: "Patchy", deadweight: 61_000, enginePower: 9_000 });
    expect((await call(owner, "DELETE", `/api/ships/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/ships/${created.id}`)).statusCode).toBe(404);
  });

  it("answers 401 when signed out", async () => {
    expect((await t.app.inject({ url: "/api/ships" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/ships", payload: shipBody() })).statusCode).toBe(
      401,
    );
  });
});

describe("roles", () => {
  it("lets a viewer read but not create, change or delete ships (403)", async () => {
    const ship = (
      await call(owner, "POST", "/api/ships", shipBody({ imo: "9312456", name: "Viewed" }))
    ).json();
    const viewer = await t.addMember(owner, "viewer");
    expect((await call(viewer, "GET", `/api/ships/${ship.id}`)).statusCode).toBe(200);
    expect(
      (await call(viewer, "POST", "/api/ships", shipBody({ imo: "9074729", name: "V" }))).statusCode,
    ).toBe(403);
    expect((await call(viewer, "PATCH", `/api/ships/${ship.id}`, { deadweight: 1 })).statusCode).toBe(403);
    expect((await call(viewer, "DELETE", `/api/ships/${ship.id}`)).statusCode).toBe(403);
    expect((await call(owner, "GET", `/api/ships/${ship.id}`)).json().deadweight).toBe(50_000);
  });

  it("lets an analyst write fleet data", async () => {
    const analyst = await t.addMember(owner, "analyst");
    const res = await call(analyst, "POST", "/api/ships", shipBody({ imo: "9074729", name: "Analysed" }));
    expect(res.statusCode).toBe(201);
  });
});
