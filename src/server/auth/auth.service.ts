import { and, eq, ne, sql } from "drizzle-orm";
import type { AddMemberBody, ChangePasswordBody, Member, RegisterBody, Role } from "../../contracts/auth";
import type { PageInfo, PageQuery } from "../../contracts/pagination";
import type { Db } from "../db/client";
import { memberships, organizations, sessions, users } from "../db/schema";
import { ApiError, conflict, forbidden, notFound, TooManyRequests } from "../http/errors";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../http/pagination";
import { assertStrongPassword } from "./password-policy";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import {
  admitAttempt,
  countAttempt,
  recordSuccess,
  type ThrottleKey,
  type ThrottleSettings,
  waitPhrase,
} from "./sign-in-throttle";

/**
 * Counts an attempt at creating accounts (register, add member) against `key`; 429 past the limit. Probing
 * which emails exist through the 409 is thereby as slow as guessing passwords.
 */
export async function throttleSignUp(db: Db, key: ThrottleKey, windowMinutes: number): Promise<void> {
  const wait = await countAttempt(db, [key], windowMinutes);
  if (wait > 0) {
    throw new TooManyRequests(
      `Too many attempts at creating accounts; try again in ${waitPhrase(wait)}`,
      wait,
    );
  }
}

const emailTaken = () =>
  conflict("An account with this email already exists", [
    { field: "email", reason: "is already registered" },
  ]);

async function emailExists(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return rows.length > 0;
}

/** Creates the organisation with the caller as its owner, in one transaction. */
export async function registerOwner(db: Db, input: RegisterBody): Promise<{ userId: number; orgId: number }> {
  assertStrongPassword(input.password, [
    input.email,
    input.firstName,
    input.lastName ?? "",
    input.organizationName,
  ]);
  // Hash before looking the email up: a taken email answers after the same work as a new one.
  const passwordHash = await hashPassword(input.password);
  if (await emailExists(db, input.email)) throw emailTaken();
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: input.organizationName }).returning();
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw emailTaken(); // lost a race with a concurrent registration of the same email
    await tx.insert(memberships).values({ orgId: org!.id, userId: user.id, role: "owner" });
    return { userId: user.id, orgId: org!.id };
  });
}

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Checks credentials under the sign-in throttle (sign-in-rules.ts). Unknown email and wrong password answer
 * the same message after the same work, so the answer does not reveal which accounts exist; an unknown email is
 * throttled like a real one for the same reason.
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  address: string,
  throttle: ThrottleSettings,
): Promise<{ userId: number; orgId: number }> {
  // Counted before the (slow) verification, atomically: parallel guesses cannot overrun the limit.
  await admitAttempt(db, email, address, throttle);
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, orgId: memberships.orgId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`)
    .orderBy(memberships.createdAt)
    .limit(1);
  const user = rows[0];
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
  await recordSuccess(db, email, address);
  return { userId: user.id, orgId: user.orgId };
}

const memberOrder: KeysetOrder = { sort: users.email, id: users.id, direction: "asc" };

/** A page of the organisation's members, by email. */
export async function listMembers(
  db: Db,
  orgId: number,
  query: PageQuery,
): Promise<{ members: Member[]; page: PageInfo }> {
  const list = db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), afterCursor(memberOrder, query.cursor)))
    .orderBy(...keysetOrderBy(memberOrder))
    .limit(query.limit + 1);
  const { items, page } = await keysetPage(
    list,
    countWhere(db, memberships, eq(memberships.orgId, orgId)),
    query,
    (r) => ({ after: r.email, id: r.userId }),
  );
  return { members: items, page };
}

/** Adds a new user to the organisation with a role. Only an owner may create another owner. */
export async function addMember(
  db: Db,
  orgId: number,
  callerRole: Role,
  input: AddMemberBody,
): Promise<Member> {
  if (input.role === "owner" && callerRole !== "owner") {
    throw new ApiError(403, "forbidden", "Only an owner can add another owner");
  }
  assertStrongPassword(input.password, [input.email, input.firstName, input.lastName ?? ""]);
  const passwordHash = await hashPassword(input.password);
  if (await emailExists(db, input.email)) throw emailTaken();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw emailTaken();
    await tx.insert(memberships).values({ orgId, userId: user.id, role: input.role });
    return {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: input.role,
    };
  });
}

const ownersOnly = () => forbidden("Only an owner can change or remove an owner, or make one");
const lastOwner = () =>
  conflict("The organisation's last owner cannot be removed or demoted", [
    { field: "userId", reason: "is the last owner; make another member owner first" },
  ]);

/**
 * Locks the organisation's memberships for the rest of the transaction and answers the target's current role
 * (404 when the user is not a member: another organisation's user looks missing) and the number of owners.
 * The lock makes two owners demoting each other at once leave one owner, never none.
 */
async function lockMembers(tx: Db, orgId: number, userId: number) {
  const rows = await tx.execute<{ user_id: number; role: Role }>(sql`
    select user_id, role from ${memberships} where org_id = ${orgId} order by user_id for update`);
  const target = rows.rows.find((r) => r.user_id === userId);
  if (!target) throw notFound("Member");
  return { role: target.role, owners: rows.rows.filter((r) => r.role === "owner").length };
}

/**
 * Changes a member's role (answers the member as they were and as they are). Owners and admins manage members;
 * only an owner touches owners. Runs in a transaction of its own, or in the caller's (an audited write).
 */
export async function changeRole(db: Db, orgId: number, callerRole: Role, userId: number, role: Role) {
  return db.transaction(async (tx) => {
    const current = await lockMembers(tx, orgId, userId);
    if ((current.role === "owner" || role === "owner") && callerRole !== "owner") throw ownersOnly();
    if (current.role === "owner" && role !== "owner" && current.owners <= 1) throw lastOwner();
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
    const [row] = await tx
      .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return {
      result: { ...row!, role } satisfies Member,
      before: { ...row!, role: current.role } satisfies Member,
    };
  });
}

/**
 * Removes a member from the organisation and ends their sessions in it; a user left in no organisation is
 * deleted (their email can be registered again).
 */
export async function removeMember(db: Db, orgId: number, callerRole: Role, userId: number): Promise<Member> {
  return db.transaction(async (tx) => {
    const current = await lockMembers(tx, orgId, userId);
    const [removed] = await tx
      .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    if (current.role === "owner" && callerRole !== "owner") throw ownersOnly();
    if (current.role === "owner" && current.owners <= 1) throw lastOwner();
    await tx.delete(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
    await tx.delete(sessions).where(and(eq(sessions.orgId, orgId), eq(sessions.userId, userId)));
    await tx.execute(sql`
      delete from ${users} where id = ${userId}
        and not exists (select 1 from ${memberships} where user_id = ${userId})`);
    return { ...removed!, role: current.role };
  });
}

/** Ends every session of the user except `keepSessionId`; answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Changes the signed-in user's password after checking the current one (throttled like a sign-in, so a
 * stolen session cannot guess it), then ends the user's other sessions.
 */
export async function changePassword(
  db: Db,
  auth: { userId: number; sessionId: string; email: string; firstName: string; lastName: string | null },
  input: ChangePasswordBody,
  address: string,
  throttle: ThrottleSettings,
): Promise<number> {
  await admitAttempt(db, auth.email, address, throttle);
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
  if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
    throw new ApiError(400, "invalid_request", "The current password is not right", [
      { field: "currentPassword", reason: "is not your current password" },
    ]);
  }
  await recordSuccess(db, auth.email, address);
  assertStrongPassword(input.newPassword, [auth.email, auth.firstName, auth.lastName ?? ""], "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash }).where(eq(users.id, auth.userId));
  return revokeOtherSessions(db, auth.userId, auth.sessionId);
}
