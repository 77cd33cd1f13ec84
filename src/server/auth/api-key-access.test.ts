import { describe, expect, it } from "vitest";
import type { ApiKeyGrant } from "../api-keys/api-keys";
import { apiKeyRefusal } from "./api-key-access";

const read: ApiKeyGrant = { id: 1, scopes: ["read"], shipIds: null };
const ingest: ApiKeyGrant = { id: 2, scopes: ["ingest"], shipIds: null };
const limited: ApiKeyGrant = { id: 3, scopes: ["ingest", "read"], shipIds: [7] };

describe("apiKeyRefusal", () => {
  it("lets a read key GET and HEAD, nothing else", () => {
    expect(apiKeyRefusal(read, "GET", "/api/ships", {}, {})).toBeNull();
    expect(apiKeyRefusal(read, "HEAD", "/api/ships/:id", { id: "3" }, {})).toBeNull();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(apiKeyRefusal(read, method, "/api/ships/:id", { id: "3" }, {}), method).toMatch(/only read/);
    expect(apiKeyRefusal(read, "POST", "/api/ingest/:recordType", {}, {})).toMatch(/no ingest scope/);
  });

  it("lets an ingest key reach the ingestion routes only", () => {
    expect(apiKeyRefusal(ingest, "POST", "/api/ingest/:recordType", {}, {})).toBeNull();
    expect(apiKeyRefusal(ingest, "GET", "/api/ships", {}, {})).toMatch(/no read scope/);
    expect(apiKeyRefusal(ingest, "POST", "/api/fuel-data", {}, {})).toMatch(/only read/);
  });

  it("never lets a key near accounts, members or keys", () => {
    for (const url of [
      "/api/auth/user",
      "/api/org/members",
      "/api/api-keys",
      "/api/api-keys/:id",
      "/api/logout",
    ])
      expect(apiKeyRefusal(limited, "GET", url, {}, {}), url).toMatch(/sign in/);
  });

  it("limits a ship-limited key to routes that name one of its ships", () => {
    expect(apiKeyRefusal(limited, "GET", "/api/ships/:id/analysis/:section", { id: "7" }, {})).toBeNull();
    expect(apiKeyRefusal(limited, "GET", "/api/dashboard/:shipId", { shipId: "7" }, {})).toBeNull();
    expect(apiKeyRefusal(limited, "GET", "/api/fuel-data", {}, { shipId: "7" })).toBeNull();
    expect(apiKeyRefusal(limited, "GET", "/api/ships/:id", { id: "8" }, {})).toMatch(/not allowed this ship/);
    expect(apiKeyRefusal(limited, "GET", "/api/fuel-data", {}, { shipId: "7.5" })).toMatch(/limited/);
    expect(apiKeyRefusal(limited, "GET", "/api/voyages/:id", { id: "7" }, {})).toMatch(/limited/);
    expect(apiKeyRefusal(limited, "GET", "/api/ships", {}, {})).toMatch(/limited/);
  });

  it("leaves an unknown route to the 404", () => {
    expect(apiKeyRefusal(read, "DELETE", undefined, {}, {})).toBeNull();
  });
});
