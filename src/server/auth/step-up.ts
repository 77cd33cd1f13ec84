/**
 * Step-up access (PRODUCT.md D3, issue 18 item 1): an owner or admin re-enters their own password at /admin (or
 * in the web's prompt, web/lib/step-up-prompt.tsx), which elevates *that* session for `STEP_UP_MINUTES`.
 * What destroys data or would outlive a stolen session adds `requireElevatedSession` to its route: member
 * removal and role change, adding an owner or admin, API keys, the backup, cleanup, restore, the audit trail
 * and instance health (issue 30 finding 6: otherwise a stolen session makes itself a permanent owner):
 *
 *   app.delete("/api/…", { onRequest: adminsOnly, preHandler: requireElevatedSession, … }, handler)
 *
 * The elevation lives in the session row (`sessions.elevated_until`), never in the browser. Writing it fires the
 * sessions trigger's NOTIFY, which empties every process's session cache, and the auth routes empty this
 * process's cache before answering (auth/session-cache.ts): the next request sees the elevation at once.
 * The password check is throttled with the sign-in's counters (sign-in-throttle.ts), so a stolen session
 * cannot guess the password faster than a stranger at the sign-in form.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { ADMIN_ROLES, STEP_UP_WRONG_PASSWORD } from "../../contracts/auth";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { ApiError } from "../http/errors";
import { requireAuth, requireRole } from "./guards";
import { verifyPassword } from "./passwords";
import type { AuthContext } from "./sessions";
import { admitAttempt, recordSuccess, type ThrottleSettings } from "./sign-in-throttle";

/** Whether the session is elevated at `now`. */
export function isElevated(auth: Pick<AuthContext, "elevatedUntil">, now = new Date()): boolean {
  return auth.elevatedUntil !== null && auth.elevatedUntil.getTime() > now.getTime();
}

export const stepUpRequired = () =>
  new ApiError(
    403,
    "step_up_required",
    "This action needs your password again: unlock the admin panel (POST /api/auth/step-up)",
  );

/** Route hook: 401 signed out, 403 `step_up_required` when the session is not elevated (or no longer). */
export const requireElevatedSession = async (request: FastifyRequest) => {
  if (!isElevated(requireAuth(request))) throw stepUpRequired();
};

/**
 * Verifies the caller's password (owners and admins only; throttled like a sign-in) and elevates the session
 * for `minutes`; answers the new end of the elevation. A wrong password is a 400 naming the field.
 */
export async function elevateSession(
  db: Db,
  request: FastifyRequest,
  password: string,
  throttle: ThrottleSettings,
  minutes: number,
): Promise<Date> {
  const auth = requireRole(request, ADMIN_ROLES);
  await admitAttempt(db, auth.email, request.ip, throttle);
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
  if (!row || !(await verifyPassword(row.hash, password))) {
    throw new ApiError(400, "invalid_password", STEP_UP_WRONG_PASSWORD, [
      { field: "password", reason: "is not your password" },
    ]);
  }
  await recordSuccess(db, auth.email, request.ip);
  const [updated] = await db
    .update(sessions)
    .set({ elevatedUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(eq(sessions.id, auth.sessionId))
    .returning({ elevatedUntil: sessions.elevatedUntil });
  return updated!.elevatedUntil!;
}

/** Ends the session's elevation (the admin panel's Logout); the session itself stays signed in. */
export async function endElevation(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ elevatedUntil: null }).where(eq(sessions.id, sessionId));
}
