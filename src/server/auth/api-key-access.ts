/**
 * What an API key may call: the one place that decides it (checked on every request a key authenticates).
 * Deny by default:
 * - never the account, membership and key routes (a leaked key cannot make more keys or see members);
 * - `ingest` scope: the ingestion routes (`/api/ingest/…`) only;
 * - `read` scope: GET (and HEAD) routes only;
 * - a key limited to ships: the route's declared ship scope (auth/ship-scope.ts) says which ship the call is
 *   about, from what the route reads once validated; a route not about one ship (or declaring nothing) is
 *   refused, since it would show the other ships. Ingestion checks each record's ship itself (ingest-run.ts).
 *
 * Two steps, because the ship is known only once the route's schema has validated its parameters and query:
 * `apiKeyRefusal` before anything is read (scopes, methods, routes not about one ship), `shipLimitRefusal`
 * after validation (the ship itself).
 */
import type { ApiKeyGrant } from "../api-keys/api-keys";
import { fleetWide, type ShipScope } from "./ship-scope";

const KEYLESS_PREFIXES = ["/api/auth/", "/api/org/", "/api/api-keys", "/api/login", "/api/logout"];
export const INGEST_PREFIX = "/api/ingest/";

const NOT_ONE_SHIP =
  "This API key is limited to some ships: this route is not about one ship (it answers for the fleet or the organisation)";
const NAME_A_SHIP = "This API key is limited to some ships: name one of them (shipId)";
const OTHER_SHIP = "This API key is not allowed this ship";

/**
 * Why the key may not make this call, or null when it may (a ship-limited key's ship is then checked by
 * `shipLimitRefusal`). `routeUrl` is the matched route's pattern, `shipScope` what that route declares.
 */
export function apiKeyRefusal(
  grant: ApiKeyGrant,
  method: string,
  routeUrl: string | undefined,
  shipScope: ShipScope | undefined,
): string | null {
  if (routeUrl === undefined) return null; // no such route: the 404 says so
  if (KEYLESS_PREFIXES.some((p) => routeUrl.startsWith(p))) {
    return "API keys cannot manage accounts, members or keys: sign in";
  }
  if (routeUrl.startsWith(INGEST_PREFIX)) {
    return grant.scopes.includes("ingest") ? null : "This API key has no ingest scope";
  }
  if (method !== "GET" && method !== "HEAD") {
    return "API keys only read (GET) or ingest (POST /api/ingest/…)";
  }
  if (!grant.scopes.includes("read")) return "This API key has no read scope";
  if (grant.shipIds === null) return null;
  // Undeclared counts as fleet-wide: a route that forgot to say is closed to ship-limited keys.
  return (shipScope ?? fleetWide).kind === "fleet" ? NOT_ONE_SHIP : null;
}

/** Whether some key could make this call at all (the routes that must declare a ship scope). */
export function keyMayCall(method: string, routeUrl: string): boolean {
  const everything: ApiKeyGrant = { id: 0, scopes: ["ingest", "read"], shipIds: null };
  return routeUrl.startsWith("/api/") && apiKeyRefusal(everything, method, routeUrl, undefined) === null;
}

type Values = Record<string, unknown> | undefined;

/**
 * Why a ship-limited key may not make this call, or null when it may: run after the route's schema has
 * validated `params` and `query`, so the ship is the one the route will read. A record addressed by its own
 * id is looked up (`shipOf`, scoped to `orgId`); a missing one is left to the route's 404.
 */
export async function shipLimitRefusal(
  grant: ApiKeyGrant,
  shipScope: ShipScope | undefined,
  orgId: number,
  params: Values,
  query: Values,
): Promise<string | null> {
  if (grant.shipIds === null) return null;
  const allowed = (ship: number) => (grant.shipIds!.includes(ship) ? null : OTHER_SHIP);
  const scope = shipScope ?? fleetWide;
  switch (scope.kind) {
    case "public":
    case "per-record":
      return null;
    case "fleet":
      return NOT_ONE_SHIP;
    case "param":
    case "query": {
      // validated: a number when the route's schema parsed one (a route without a schema reads text: refused)
      const ship = scope.kind === "param" ? params?.[scope.param] : query?.shipId;
      return typeof ship === "number" ? allowed(ship) : NAME_A_SHIP;
    }
    case "resource": {
      const ship = await scope.shipOf(orgId, params ?? {});
      return ship === null ? null : allowed(ship);
    }
  }
}
