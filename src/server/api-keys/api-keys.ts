/**
 * API keys: creation (the key answered once), listing without secrets, revocation, and the lookup that turns a
 * `Bearer` key into the caller of a request (or of an MQTT message).
 *
 * A key is `sxt_<8 hex>_<32 base64url>`: the first part is its visible prefix (stored and listed), the whole
 * is 190 random bits of which only the SHA-256 is stored (a fast hash is enough for a random secret of that
 * size: nothing can be guessed from a leaked table; passwords need argon2 because people choose them).
 *
 * Lookups go through the session cache (auth/session-cache.ts) keyed by the key's digest, so a busy data
 * logger costs no query per request; a revocation deletes the row, whose trigger (migration `api_keys`) makes
 * every process empty its cache, and the revoking process empties its own before answering.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ApiKey, ApiKeyScope, CreatedApiKey } from "../../contracts/api-keys";
import type { PageInfo, PageQuery } from "../../contracts/pagination";
import type { SessionCache } from "../auth/session-cache";
import type { AuthContext } from "../auth/sessions";
import type { Db } from "../db/client";
import { apiKeys, organizations, ships, users } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../http/pagination";

/** What a key may do, carried by `request.auth.apiKey` (absent for a signed-in person). */
export type ApiKeyGrant = { id: number; scopes: readonly ApiKeyScope[]; shipIds: readonly number[] | null };

export const keyDigest = (key: string) => createHash("sha256").update(key).digest("hex");

/** A new key and its visible prefix. */
export function generateApiKey(): { key: string; prefix: string } {
  const prefix = `sxt_${randomBytes(4).toString("hex")}`;
  return { key: `${prefix}_${randomBytes(24).toString("base64url")}`, prefix };
}

export async function createApiKey(
  db: Db,
  auth: Pick<AuthContext, "orgId" | "userId">,
  body: { name: string; scopes: ApiKeyScope[]; shipIds: number[] | null },
): Promise<CreatedApiKey> {
  if (body.shipIds) {
    const found = await db
      .select({ id: ships.id })
      .from(ships)
      .where(and(eq(ships.orgId, auth.orgId), inArray(ships.id, body.shipIds)));
    const known = new Set(found.map((s) => s.id));
    const details = body.shipIds
      .map((id, i) => ({ id, i }))
      .filter(({ id }) => !known.has(id))
      .map(({ i }) => ({ field: `shipIds.${i}`, reason: "is not a ship of your fleet" }));
    if (details.length > 0) throw badRequest(details);
  }
  const { key, prefix } = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      orgId: auth.orgId,
      name: body.name,
      prefix,
      keyHash: keyDigest(key),
      scopes: body.scopes,
      shipIds: body.shipIds,
      createdBy: auth.userId,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key, prefix };
}

const keyOrder: KeysetOrder = { sort: apiKeys.id, id: apiKeys.id, direction: "asc" };

/** A page of the organisation's keys, oldest first (ids follow creation), without secrets. */
export async function listApiKeys(
  db: Db,
  orgId: number,
  query: PageQuery,
): Promise<{ keys: ApiKey[]; page: PageInfo }> {
  const { items, page } = await keysetPage(
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        shipIds: apiKeys.shipIds,
        createdAt: apiKeys.createdAt,
        createdBy: users.email,
        lastUsedAt: apiKeys.lastUsedAt,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.orgId, orgId), afterCursor(keyOrder, query.cursor)))
      .orderBy(...keysetOrderBy(keyOrder))
      .limit(query.limit + 1),
    countWhere(db, apiKeys, eq(apiKeys.orgId, orgId)),
    query,
    (r) => ({ after: r.id, id: r.id }),
  );
  const keys = items.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
  return { keys, page };
}

/** Deletes the organisation's key (404 for a key of another organisation, exactly like a missing one). */
export async function deleteApiKey(db: Db, orgId: number, id: number): Promise<void> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw notFound("API key");
}

/** A cache entry of a key lives at most this long whatever happens (the cache's own TTL is shorter). */
const KEY_ENTRY_MS = 3_600_000;

/**
 * The caller a key stands for, or null (unknown or revoked). The key acts for its organisation with its own
 * grant (`apiKey`): the role is a writer's for an ingest key and a viewer's otherwise, and what the key may
 * call is decided by auth/api-key-access.ts (with each route's declared ship scope), whatever the role.
 */
export async function findApiKey(db: Db, key: string, cache?: SessionCache): Promise<AuthContext | null> {
  if (key.length > 200) return null;
  const digest = keyDigest(key);
  const cached = cache?.lookup(digest);
  if (cached) {
    noteUse(db, digest, cached.apiKey!.id);
    return cached;
  }
  const generation = cache?.generation ?? 0;
  const [row] = await db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      shipIds: apiKeys.shipIds,
      createdBy: apiKeys.createdBy,
      orgName: organizations.name,
      isDemo: organizations.isDemo,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.keyHash, digest))
    .limit(1);
  if (!row) return null;
  const auth: AuthContext = {
    sessionId: `api-key:${row.id}`,
    userId: row.createdBy,
    orgId: row.orgId,
    role: row.scopes.includes("ingest") ? "analyst" : "viewer",
    email: "",
    firstName: row.name,
    lastName: null,
    organization: { id: row.orgId, name: row.orgName, isDemo: row.isDemo },
    elevatedUntil: null, // a key is never elevated: no destructive action through an API key
    apiKey: { id: row.id, scopes: row.scopes, shipIds: row.shipIds },
  };
  cache?.store(digest, auth, new Date(Date.now() + KEY_ENTRY_MS), generation);
  noteUse(db, digest, row.id);
  return auth;
}

/** When this process last wrote each key's `last_used_at`, by key digest. */
const lastWritten = new Map<string, number>();
/** `last_used_at` is written at most once a minute per key and process: use is a fact, not a log. */
export const LAST_USED_RESOLUTION_MS = 60_000;

function noteUse(db: Db, digest: string, id: number): void {
  const now = Date.now();
  if (now - (lastWritten.get(digest) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  lastWritten.set(digest, now);
  if (lastWritten.size > 100_000) lastWritten.clear();
  // Not awaited, and its failure (the database away) only costs the date: the request goes on.
  db.update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiKeys.id, id))
    .catch(() => lastWritten.delete(digest));
}

/** Whether a key may write a ship's data (its ship limit). */
export const grantCoversShip = (grant: ApiKeyGrant, shipId: number) =>
  grant.shipIds === null || grant.shipIds.includes(shipId);
