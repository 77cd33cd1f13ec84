import { describe, expect, it } from "vitest";
import type { ApiKeyGrant } from "../api-keys/api-keys";
import { apiKeyRefusal, keyMayCall, shipLimitRefusal } from "./api-key-access";
import {
  fleetWide,
  publicRoute,
  type ShipScope,
  shipFromParam,
  shipFromQuery,
  shipPerRecord,
} from "./ship-scope";

const read: ApiKeyGrant = { id: 1, scopes: ["read"], shipIds: null };
const ingest: ApiKeyGrant = { id: 2, scopes: ["ingest"], shipIds: null };
const limited: ApiKeyGrant = { id: 3, scopes: ["ingest", "read"], shipIds: [7] };
/** A record of ship 7 (id 1) and one of ship 8 (id 2); any other id is none of the organisation's. */
const record: ShipScope = {
  kind: "resource",
  shipOf: async (orgId, params) =>
    orgId !== 1 ? null : (({ 1: 7, 2: 8 } as Record<number, number>)[Number(params.id)] ?? null),
};

describe("apiKeyRefusal", () => {
  it("lets a read key GET and HEAD, nothing else", () => {
    expect(apiKeyRefusal(read, "GET", "/api/ships", fleetWide)).toBeNull();
    expect(apiKeyRefusal(read, "HEAD", "/api/ships/:id", shipFromParam("id"))).toBeNull();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(apiKeyRefusal(read, method, "/api/ships/:id", shipFromParam("id")), method).toMatch(/only read/);
    expect(apiKeyRefusal(read, "POST", "/api/ingest/:recordType", shipPerRecord)).toMatch(/no ingest scope/);
  });

  it("lets an ingest key reach the ingestion routes only", () => {
    expect(apiKeyRefusal(ingest, "POST", "/api/ingest/:recordType", shipPerRecord)).toBeNull();
    expect(apiKeyRefusal(ingest, "GET", "/api/ships", fleetWide)).toMatch(/no read scope/);
    expect(apiKeyRefusal(ingest, "POST", "/api/fuel-data", undefined)).toMatch(/only read/);
  });

  it("never lets a key near accounts, members or keys", () => {
    for (const url of [
      "/api/auth/user",
      "/api/org/members",
      "/api/api-keys",
      "/api/api-keys/:id",
      "/api/logout",
    ])
      expect(apiKeyRefusal(limited, "GET", url, publicRoute), url).toMatch(/sign in/);
  });

  it("refuses a ship-limited key at once on routes not about one ship, and on routes that declare nothing", () => {
    expect(apiKeyRefusal(limited, "GET", "/api/ships", fleetWide)).toMatch(/not about one ship/);
    expect(apiKeyRefusal(limited, "GET", "/api/new-route", undefined)).toMatch(/not about one ship/);
    expect(apiKeyRefusal(read, "GET", "/api/new-route", undefined)).toBeNull(); // unlimited: unaffected
    for (const scope of [shipFromParam("id"), shipFromQuery, record, publicRoute])
      expect(apiKeyRefusal(limited, "GET", "/api/x", scope), scope.kind).toBeNull(); // decided after validation
  });

  it("leaves an unknown route to the 404", () => {
    expect(apiKeyRefusal(read, "DELETE", undefined, undefined)).toBeNull();
  });
});

describe("shipLimitRefusal (after validation: the ship the route reads)", () => {
  it.each([
    ["the parameter names the key's ship", shipFromParam("shipId"), { shipId: 7 }, {}, null],
    ["the parameter names another ship", shipFromParam("shipId"), { shipId: 8 }, {}, /not allowed this ship/],
    [
      "another parameter than the declared one is not read",
      shipFromParam("shipId"),
      { id: 7 },
      {},
      /name one/,
    ],
    ["an unvalidated (text) parameter is refused", shipFromParam("id"), { id: "7" }, {}, /name one/],
    ["the validated ?shipId= is the key's ship", shipFromQuery, {}, { shipId: 7 }, null],
    ["the validated ?shipId= is another ship", shipFromQuery, {}, { shipId: 8 }, /not allowed this ship/],
    ["a list without ?shipId= is the fleet's", shipFromQuery, {}, {}, /name one/],
    ["a record of the key's ship", record, { id: 1 }, {}, null],
    [
      "a record of another ship, whatever the query says",
      record,
      { id: 2 },
      { shipId: 7 },
      /not allowed this ship/,
    ],
    ["a record that does not exist is the route's 404", record, { id: 3 }, {}, null],
    [
      "a route not about one ship, whatever the query says",
      fleetWide,
      {},
      { shipId: 7 },
      /not about one ship/,
    ],
    [
      "a route that declares nothing, whatever the query says",
      undefined,
      { shipId: 7 },
      { shipId: 7 },
      /not about one ship/,
    ],
    ["a public route", publicRoute, {}, {}, null],
    ["ingestion checks each record itself", shipPerRecord, {}, {}, null],
  ] as const)("%s", async (_rule, scope, params, query, expected) => {
    const refusal = await shipLimitRefusal(limited, scope, 1, params, query);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });

  it("looks the record up in the key's organisation", async () => {
    expect(await shipLimitRefusal(limited, record, 2, { id: 2 }, {})).toBeNull(); // none there: the route's 404
  });

  it("leaves an unlimited key alone", async () => {
    expect(await shipLimitRefusal(read, fleetWide, 1, {}, {})).toBeNull();
    expect(await shipLimitRefusal(read, undefined, 1, {}, {})).toBeNull();
  });
});

describe("keyMayCall (the routes that must declare a ship scope)", () => {
  it.each([
    ["GET", "/api/ships", true],
    ["HEAD", "/api/ships/:id", true],
    ["POST", "/api/ingest/:recordType", true],
    ["POST", "/api/ships", false],
    ["GET", "/api/api-keys", false],
    ["GET", "/api/auth/user", false],
    ["GET", "/metrics", false],
    ["GET", "/embed/:token", false],
  ] as const)("%s %s: %s", (method, url, expected) => {
    expect(keyMayCall(method, url)).toBe(expected);
  });
});
