/**
 * What an API key may call: the one place that decides it (checked on every request a key authenticates,
 * before the body is read). Deny by default:
 * - never the account, membership and key routes (a leaked key cannot make more keys or see members);
 * - `ingest` scope: the ingestion routes (`/api/ingest/…`) only;
 * - `read` scope: GET (and HEAD) routes only;
 * - a key limited to ships reaches a GET route only when the route names one of its ships (`:shipId`,
 *   `/api/ships/:id…` or `?shipId=`): lists across the fleet would show the others. Ingestion checks each
 *   record's ship itself (ingest/ingest-run.ts).
 */
import type { ApiKeyGrant } from "../api-keys/api-keys";

const KEYLESS_PREFIXES = ["/api/auth/", "/api/org/", "/api/api-keys", "/api/login", "/api/logout"];
export const INGEST_PREFIX = "/api/ingest/";

type Values = Record<string, unknown> | undefined;

/** The ship a GET route names, as text, or undefined when the route is not about one ship. */
function namedShip(routeUrl: string, params: Values, query: Values): unknown {
  if (params?.shipId !== undefined) return params.shipId;
  if (routeUrl.startsWith("/api/ships/:id") && params?.id !== undefined) return params.id;
  return query?.shipId;
}

/** Why the key may not make this call, or null when it may. `routeUrl` is the matched route's pattern. */
export function apiKeyRefusal(
  grant: ApiKeyGrant,
  method: string,
  routeUrl: string | undefined,
  params: Values,
  query: Values,
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
  const ship = Number(namedShip(routeUrl, params, query));
  if (!Number.isInteger(ship)) {
    return "This API key is limited to some ships: only calls about one of them (with its ship id) are allowed";
  }
  return grant.shipIds.includes(ship) ? null : "This API key is not allowed this ship";
}
