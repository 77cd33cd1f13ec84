import { eq, sql } from "drizzle-orm";
import type { AddMemberBody, Member, RegisterBody, Role } from "../../contracts/auth";
import type { Db } from "../db/client";
import { memberships, organizations, users } from "../db/schema";
import { ApiError, conflict } from "../http/errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import { clearFailures, recordFailure, secondsLocked, type ThrottleSettings } from "./sign-in-throttle";

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
  if (await emailExists(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
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
 * Checks credentials with per-account and per-address throttling. Unknown email and wrong password answer
 * the same message after the same work, so the answer does not reveal which accounts exist.
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  address: string,
  throttle: ThrottleSettings,
): Promise<{ userId: number; orgId: number }> {
  const keys = [`account:${email}`, `address:${address}`];
  const wait = await secondsLocked(db, keys, throttle);
  if (wait > 0) {
    throw new ApiError(
      429,
      "too_many_requests",
      `Too many failed sign-in attempts; try again in ${Math.ceil(wait / 60)} minutes`,
    );
  }
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, orgId: memberships.orgId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(sql`lower(${users.email}) = ${email}`)
    .orderBy(memberships.createdAt)
    .limit(1);
  const user = rows[0];
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await recordFailure(db, keys, throttle);
    throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
  }
  await clearFailures(db, keys[0]!);
  return { userId: user.id, orgId: user.orgId };
}

export async function listMembers(db: Db, orgId: number): Promise<Member[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, orgId))
    .orderBy(users.email);
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
  if (await emailExists(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
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
