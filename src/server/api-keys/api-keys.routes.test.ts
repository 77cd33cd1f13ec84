import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { keyMayCall } from "../auth/api-key-access";
import type { RouteShipScope } from "../auth/auth.routes";
import { loadConfig } from "../config";
import { apiKeys } from "../db/schema";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let otherShipId: number;
let strangerShipId: number;

const withCookie = (user: TestUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const withKey = (key: string, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function createKey(user: TestUser, body: object): Promise<{ id: number; key: string; prefix: string }> {
  const res = await withCookie(user, "POST", "/api/api-keys", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  // key management needs the password re-entered (step-up, issue 18)
  for (const u of [owner, stranger]) expect((await t.stepUp(u)).statusCode).toBe(200);
  shipId = (await withCookie(owner, "POST", "/api/ships", shipBody())).json().id;
  otherShipId = (
    await withCookie(owner, "POST", "/api/ships", shipBody({ name: "Two", imo: "9312456" }))
  ).json().id;
  strangerShipId = (await withCookie(stranger, "POST", "/api/ships", shipBody())).json().id;
});
afterAll(() => t.close());

describe("creating and listing keys", () => {
  it("answers the key once, stores only its SHA-256 with the visible prefix, lists no secret", async () => {
    const created = await createKey(owner, { name: "Logger", scopes: ["read", "ingest", "read"] });
    expect(created.prefix).toMatch(/^sxt_[0-9a-f]{8}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row!.scopes).toEqual(["ingest", "read"]);
    const list = await withCookie(owner, "GET", "/api/api-keys");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    const listed = list.json().find((k: { id: number }) => k.id === created.id);
    expect(listed).toMatchObject({ name: "Logger", prefix: created.prefix, shipIds: null, lastUsedAt: null });
    expect(listed.createdBy).toBe(owner.email);
  });

  it("records the last use", async () => {
    const { id, key } = await createKey(owner, { name: "Reader", scopes: ["read"] });
    expect((await withKey(key, "GET", "/api/ships")).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const list = (await withCookie(owner, "GET", "/api/api-keys")).json();
        return list.find((k: { id: number }) => k.id === id).lastUsedAt;
      })
      .not.toBeNull();
  });

  it("refuses bad bodies with the field, and another organisation's ships", async () => {
    const bad = await withCookie(owner, "POST", "/api/api-keys", { name: "", scopes: ["write"] });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["name", "scopes.0"]));
    const foreign = await withCookie(owner, "POST", "/api/api-keys", {
      name: "x",
      scopes: ["read"],
      shipIds: [shipId, strangerShipId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([
      { field: "shipIds.1", reason: "is not a ship of your fleet" },
    ]);
  });

  it("is for owners and admins only", async () => {
    const admin = await t.addMember(owner, "admin");
    expect(
      (await withCookie(admin, "POST", "/api/api-keys", { name: "a", scopes: ["read"] })).json().error.code,
    ).toBe("step_up_required");
    await t.stepUp(admin);
    expect(
      (await withCookie(admin, "POST", "/api/api-keys", { name: "a", scopes: ["read"] })).statusCode,
    ).toBe(201);
    for (const role of ["analyst", "viewer"] as const) {
      const member = await t.addMember(owner, role);
      expect((await withCookie(member, "GET", "/api/api-keys")).statusCode).toBe(403);
      expect(
        (await withCookie(member, "POST", "/api/api-keys", { name: "a", scopes: ["read"] })).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/api-keys" })).statusCode).toBe(401);
  });
});

describe("what a key may call", () => {
  it("a read key reads GET routes and changes nothing", async () => {
    const { key } = await createKey(owner, { name: "r", scopes: ["read"] });
    const ships = await withKey(key, "GET", "/api/ships");
    expect(ships.statusCode).toBe(200);
    expect(
      ships
        .json()
        .map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([shipId, otherShipId].sort());
    expect((await withKey(key, "GET", `/api/dashboard/${shipId}`)).statusCode).toBe(200);
    const post = await withKey(key, "POST", "/api/ships", shipBody({ name: "Three", imo: "9074729" }));
    expect(post.statusCode).toBe(403);
    expect((await withKey(key, "DELETE", `/api/ships/${shipId}`)).statusCode).toBe(403);
    const ingest = await withKey(key, "POST", "/api/ingest/fuel", []);
    expect(ingest.statusCode).toBe(403);
    expect(ingest.json().error.message).toMatch(/no ingest scope/);
  });

  it("an ingest key ingests and reads nothing", async () => {
    const { key } = await createKey(owner, { name: "i", scopes: ["ingest"] });
    expect((await withKey(key, "GET", "/api/ships")).statusCode).toBe(403);
    expect((await withKey(key, "POST", "/api/fuel-data", { shipId, sfoc: 180 })).statusCode).toBe(403);
    const ingest = await withKey(key, "POST", "/api/ingest/fuel", [
      { shipId, timestamp: "2026-01-01T00:00:00Z", sfoc: 180 },
    ]);
    expect(ingest.statusCode, ingest.body).toBe(200);
    expect(ingest.json().accepted).toBe(1);
  });

  it("no key reaches accounts, members or keys", async () => {
    const { key } = await createKey(owner, { name: "both", scopes: ["ingest", "read"] });
    for (const url of ["/api/auth/user", "/api/org/members", "/api/api-keys"]) {
      expect((await withKey(key, "GET", url)).statusCode, url).toBe(403);
    }
    expect((await withKey(key, "POST", "/api/api-keys", { name: "more", scopes: ["read"] })).statusCode).toBe(
      403,
    );
  });

  it("a key limited to a ship reaches that ship only", async () => {
    const { key } = await createKey(owner, {
      name: "one ship",
      scopes: ["read", "ingest"],
      shipIds: [shipId],
    });
    expect((await withKey(key, "GET", `/api/ships/${shipId}`)).statusCode).toBe(200);
    expect((await withKey(key, "GET", `/api/dashboard/${shipId}`)).statusCode).toBe(200);
    expect((await withKey(key, "GET", `/api/fuel-data?shipId=${shipId}`)).statusCode).toBe(200);
    expect((await withKey(key, "GET", `/api/ships/${otherShipId}`)).statusCode).toBe(403);
    expect((await withKey(key, "GET", `/api/dashboard/${otherShipId}`)).statusCode).toBe(403);
    expect((await withKey(key, "GET", `/api/fuel-data?shipId=${otherShipId}`)).statusCode).toBe(403);
    // Lists across the fleet would show the other ship.
    expect((await withKey(key, "GET", "/api/ships")).statusCode).toBe(403);
    expect((await withKey(key, "GET", "/api/fuel-data")).statusCode).toBe(403);
    const ingest = await withKey(key, "POST", "/api/ingest/fuel", [
      { shipId, timestamp: "2026-01-02T00:00:00Z", sfoc: 181 },
      { shipId: otherShipId, timestamp: "2026-01-02T00:00:00Z", sfoc: 182 },
    ]);
    expect(ingest.statusCode).toBe(200);
    expect(ingest.json()).toMatchObject({
      accepted: 1,
      rejectedRecords: 1,
      rejected: [{ index: 1, field: "shipId", reason: "is not a ship this API key may write" }],
    });
  });

  it("a revoked key stops at once, also when it was just used (cached)", async () => {
    const { id, key } = await createKey(owner, { name: "soon gone", scopes: ["read"] });
    expect((await withKey(key, "GET", "/api/ships")).statusCode).toBe(200);
    expect((await withKey(key, "GET", "/api/ships")).statusCode).toBe(200);
    expect((await withCookie(owner, "DELETE", `/api/api-keys/${id}`)).statusCode).toBe(204);
    expect((await withKey(key, "GET", "/api/ships")).statusCode).toBe(401);
    const list = (await withCookie(owner, "GET", "/api/api-keys")).json();
    expect(list.some((k: { id: number }) => k.id === id)).toBe(false);
  });

  it("an unknown or malformed key is signed out, even with a valid cookie beside it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/ships",
      headers: { authorization: "Bearer sxt_00000000_nope", cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect((await withKey("", "GET", "/api/ships")).statusCode).toBe(401);
    const basic = await t.app.inject({
      method: "GET",
      url: "/api/ships",
      headers: { authorization: "Basic eDp5" },
    });
    expect(basic.statusCode).toBe(401);
  });
});

describe("a ship-limited key's ship is what the route reads, never the raw query (issue 30, finding 4)", () => {
  let key: string;
  let otherVoyageId: number;
  let otherEventId: number;
  beforeAll(async () => {
    ({ key } = await createKey(owner, { name: "ship one", scopes: ["read"], shipIds: [shipId] }));
    const voyage = await withCookie(owner, "POST", "/api/voyages", {
      shipId: otherShipId,
      voyageNumber: "V-2",
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2026-01-01T00:00:00Z",
    });
    expect(voyage.statusCode, voyage.body).toBe(201);
    otherVoyageId = voyage.json().id;
    const event = await withCookie(owner, "POST", "/api/maintenance-events", {
      shipId: otherShipId,
      type: "hull-cleaning",
      date: "2026-01-05T00:00:00Z",
    });
    expect(event.statusCode, event.body).toBe(201);
    otherEventId = event.json().id;
  });

  it("a resource read by its own id is checked against its own ship, whatever ?shipId= says", async () => {
    for (const url of [`/api/voyages/${otherVoyageId}`, `/api/maintenance-events/${otherEventId}`]) {
      for (const suffix of ["", `?shipId=${shipId}`]) {
        const res = await withKey(key, "GET", url + suffix);
        expect(res.statusCode, url + suffix).toBe(403);
        expect(res.json().error.message).toMatch(/not allowed this ship/);
      }
    }
  });

  it("its own ship's resources by id still answer", async () => {
    const voyage = await withCookie(owner, "POST", "/api/voyages", {
      shipId,
      voyageNumber: "V-1",
      origin: "Hamburg",
      destination: "Oslo",
      departureDate: "2026-01-01T00:00:00Z",
    });
    const res = await withKey(key, "GET", `/api/voyages/${voyage.json().id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipId).toBe(shipId);
    // a missing voyage is the route's 404, as for anyone
    expect((await withKey(key, "GET", "/api/voyages/999999999")).statusCode).toBe(404);
  });

  it.each([
    "/api/reports/statements/fleet/2025",
    "/api/database/stats",
    "/api/database/integrity",
    "/api/alerts/email-preferences",
    "/api/noon-mappings",
    "/api/settings/fuel-prices",
    "/api/settings/eua-price",
    "/api/reports/schedule",
    "/api/alerts/counts",
    "/api/uploads",
  ])("%s is not about one ship: refused, also with ?shipId= of the key's ship", async (url) => {
    for (const suffix of ["", `?shipId=${shipId}`]) {
      const res = await withKey(key, "GET", url + suffix);
      expect(res.statusCode, url + suffix).toBe(403);
      expect(res.json().error.message).toMatch(/limited to some ships/);
    }
  });

  it("routes that take a ship keep answering for the key's ship and refuse the others", async () => {
    for (const url of [
      `/api/voyages?shipId=${shipId}`,
      `/api/maintenance-events?shipId=${shipId}`,
      `/api/alerts?shipId=${shipId}`,
      `/api/system-status?shipId=${shipId}`,
      `/api/ships/${shipId}/baseline`,
      `/api/ships/${shipId}/report-checks`,
      "/api/docs/json", // public: the key narrows nothing
    ])
      expect((await withKey(key, "GET", url)).statusCode, url).toBe(200);
    for (const url of [
      `/api/voyages?shipId=${otherShipId}`,
      `/api/maintenance-events?shipId=${otherShipId}`,
      `/api/ships/${otherShipId}/baseline`,
    ])
      expect((await withKey(key, "GET", url)).statusCode, url).toBe(403);
    // the ship is the one the schema parsed: two of them are a 400, never the first one's answer
    const two = await withKey(key, "GET", `/api/fuel-data?shipId=${shipId}&shipId=${otherShipId}`);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.details[0].field).toBe("shipId");
    // without a ship the list is the fleet's
    expect((await withKey(key, "GET", "/api/voyages")).statusCode).toBe(403);
    expect((await withKey(key, "GET", "/api/system-status")).statusCode).toBe(403);
  });

  it("an unlimited key and a signed-in person are unaffected", async () => {
    const { key: unlimited } = await createKey(owner, { name: "all ships", scopes: ["read"] });
    for (const url of [`/api/voyages/${otherVoyageId}`, "/api/noon-mappings", "/api/settings/fuel-prices"]) {
      expect((await withKey(unlimited, "GET", url)).statusCode, url).toBe(200);
      expect((await withCookie(owner, "GET", url)).statusCode, url).toBe(200);
    }
  });
});

describe("every route a key may call declares how its ship is found", () => {
  const reachable = () => t.app.routeShipScopes.filter((r) => keyMayCall(r.method, r.url));
  const name = (r: RouteShipScope) => `${r.method} ${r.url}`;

  it("no route is left to the default (a new route must say, in its config)", () => {
    expect(t.app.routeShipScopes.length).toBeGreaterThan(100);
    expect(reachable().length).toBeGreaterThan(50);
    expect(
      reachable()
        .filter((r) => r.shipScope === undefined)
        .map(name),
    ).toEqual([]);
    // plugins' routes are walked too (swagger-ui's, declared in app.ts)
    expect(reachable().find((r) => r.url === "/api/docs/json")?.shipScope?.kind).toBe("public");
  });

  it("a declared parameter or ?shipId= is one the route's schema validates", () => {
    const fields = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    for (const r of reachable()) {
      const scope = r.shipScope;
      if (scope?.kind === "param") {
        expect(r.url, name(r)).toContain(`:${scope.param}`);
        expect(fields(r.params), name(r)).toContain(scope.param);
      }
      if (scope?.kind === "query") expect(fields(r.querystring), name(r)).toContain("shipId");
      if (scope?.kind === "resource") expect(fields(r.params), name(r)).toContain("id");
      if (scope?.kind === "per-record") expect(r.url, name(r)).toMatch(/^\/api\/ingest\//);
    }
  });

  it("every route not about one ship refuses a ship-limited key, whatever the query names", async () => {
    const { key } = await createKey(owner, { name: "walker", scopes: ["read", "ingest"], shipIds: [shipId] });
    const fleetRoutes = reachable().filter((r) => r.method === "GET" && r.shipScope?.kind === "fleet");
    expect(fleetRoutes.length).toBeGreaterThan(20);
    for (const r of fleetRoutes) {
      const url = `${r.url.replace(/:\w+/g, String(shipId))}?shipId=${shipId}`;
      const res = await withKey(key, "GET", url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().error.message, url).toMatch(/not about one ship/);
    }
  });
});

describe("another organisation", () => {
  it("its key never reaches our data, and it cannot revoke or list our keys", async () => {
    const ours = await createKey(owner, { name: "ours", scopes: ["read"] });
    const theirs = await createKey(stranger, { name: "theirs", scopes: ["read", "ingest"] });
    expect((await withKey(theirs.key, "GET", `/api/ships/${shipId}`)).statusCode).toBe(404);
    expect((await withKey(theirs.key, "GET", `/api/dashboard/${shipId}`)).statusCode).toBe(404);
    const ships = (await withKey(theirs.key, "GET", "/api/ships")).json();
    expect(ships.map((s: { id: number }) => s.id)).toEqual([strangerShipId]);
    const ingest = await withKey(theirs.key, "POST", "/api/ingest/fuel", [
      { shipId, timestamp: "2026-01-03T00:00:00Z", sfoc: 180 },
    ]);
    expect(ingest.json()).toMatchObject({ accepted: 0, rejectedRecords: 1 });
    expect(ingest.json().rejected[0]).toMatchObject({ index: 0, field: "shipId" });
    expect((await withCookie(stranger, "DELETE", `/api/api-keys/${ours.id}`)).statusCode).toBe(404);
    const list = (await withCookie(stranger, "GET", "/api/api-keys")).json();
    expect(list.map((k: { id: number }) => k.id)).toEqual([theirs.id]);
    expect((await withKey(ours.key, "GET", "/api/ships")).statusCode).toBe(200);
  });
});

describe("two processes on one database", () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({
      db: t.db,
      database: t.database,
      config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" }),
    });
    await other.ready();
    for (let i = 0; i < 500 && !(t.app.sessionCache.active && other.sessionCache.active); i++)
      await new Promise((r) => setTimeout(r, 10));
  });
  afterAll(() => other.close());

  it("a key revoked in one process is refused by the other, which had it cached", async () => {
    const { id, key } = await createKey(owner, { name: "two processes", scopes: ["read"] });
    const there = () =>
      other.inject({ method: "GET", url: "/api/ships", headers: { authorization: `Bearer ${key}` } });
    expect((await there()).statusCode).toBe(200);
    expect((await there()).statusCode).toBe(200);
    expect(other.sessionCache.size).toBeGreaterThan(0);
    expect((await withCookie(owner, "DELETE", `/api/api-keys/${id}`)).statusCode).toBe(204);
    await expect.poll(async () => (await there()).statusCode, { timeout: 5_000 }).toBe(401);
  });
});
