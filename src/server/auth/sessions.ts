/**
 * Server-side sessions: the cookie holds a random token; the database holds its SHA-256, the user, the
 * organisation and the expiry. A new session (and a new cookie) is issued at every sign-in.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Role } from "../../contracts/auth";
import type { ApiKeyGrant } from "../api-keys/api-keys";
import type { Db } from "../db/client";
import { memberships, organizations, sessions, users } from "../db/schema";
import type { SessionCache } from "./session-cache";

export const SESSION_COOKIE = "sextant_session";

export type AuthContext = {
  sessionId: string;
  userId: number;
  orgId: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string | null;
  organization: { id: number; name: string; isDemo: boolean };
  /** Set when the caller is an API key (api-keys/api-keys.ts): what it may call is its grant's, not the role's. */
  apiKey?: ApiKeyGrant;
  /** Until when this session is elevated by a re-entered password (auth/step-up.ts); null when not. */
  elevatedUntil: Date | null;
};

/** What the database keeps of a bearer token (session cookie, share link): its SHA-256, hex. */
export const digest = (token: string) => createHash("sha256").update(token).digest("hex");
/** A bearer token: 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString("base64url");

export async function createSession(db: Db, userId: number, orgId: number, ttlHours: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await db.insert(sessions).values({ id: digest(token), userId, orgId, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, digest(token)));
}

/**
 * The signed-in user behind a cookie token, or null when it is unknown, expired or its membership is gone; from
 * the session cache when it holds the token (see session-cache.ts for why that is never stale).
 */
export async function findSession(db: Db, token: string, cache?: SessionCache): Promise<AuthContext | null> {
  const id = digest(token);
  const cached = cache?.lookup(id);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      orgId: organizations.id,
      role: memberships.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      orgName: organizations.name,
      isDemo: organizations.isDemo,
      expiresAt: sessions.expiresAt,
      elevatedUntil: sessions.elevatedUntil,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, sessions.orgId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.orgId, sessions.orgId)),
    )
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { orgName, isDemo, expiresAt, ...rest } = row;
  const auth = { ...rest, organization: { id: row.orgId, name: orgName, isDemo } };
  cache?.store(id, auth, expiresAt, generation);
  return auth;
}

/** Deletes expired sessions; answers how many. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return rows.length;
}
