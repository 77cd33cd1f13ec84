import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, signInThrottle } from "../db/schema";
import { createTestApp, sessionCookie, type TestUser } from "../test/test-app";
import { purgeAuthRows } from "./purge-job";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ SIGN_UP_MAX_ATTEMPTS: "4" });
});
afterAll(() => t.close());

// Role changes and removals need an elevated session (auth/step-up.ts, tested in step-up.test.ts): the caller
// steps up first (a viewer's or analyst's step-up is refused, and so is their call).
const patchRole = async (caller: TestUser, userId: number, role: string) => {
  await t.stepUp(caller);
  return t.app.inject({
    method: "PATCH",
    url: `/api/org/members/${userId}`,
    headers: { cookie: caller.cookie },
    payload: { role },
  });
};
const remove = async (caller: TestUser, userId: number) => {
  await t.stepUp(caller);
  return t.app.inject({
    method: "DELETE",
    url: `/api/org/members/${userId}`,
    headers: { cookie: caller.cookie },
  });
};
const me = (user: TestUser) => t.app.inject({ url: "/api/auth/user", headers: { cookie: user.cookie } });

describe("changing roles", () => {
  it("lets an owner change a member's role, which takes effect at once", async () => {
    const owner = await t.registerOwner();
    const viewer = await t.addMember(owner, "viewer");
    const res = await patchRole(owner, viewer.userId, "analyst");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: viewer.userId, role: "analyst" });
    expect((await me(viewer)).json().role).toBe("analyst");
  });

  it("refuses to demote the last owner (409 naming userId), allows it when another owner exists", async () => {
    const owner = await t.registerOwner();
    const res = await patchRole(owner, owner.userId, "admin");
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details[0].field).toBe("userId");
    const second = await t.addMember(owner, "owner");
    expect((await patchRole(second, owner.userId, "admin")).statusCode).toBe(200);
    // Now `second` is the last owner.
    expect((await patchRole(second, second.userId, "viewer")).statusCode).toBe(409);
  });

  it("leaves one owner when two owners demote each other at the same time", async () => {
    const a = await t.registerOwner();
    const b = await t.addMember(a, "owner");
    const answers = await Promise.all([patchRole(a, b.userId, "admin"), patchRole(b, a.userId, "admin")]);
    // One wins. The other is refused either as the last owner (409: both read 'owner' before either wrote)
    // or as no longer an owner (403: the first change was committed before the second request was authorised).
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const list = await t.app.inject({
      url: "/api/org/members",
      headers: { cookie: answers[0]!.statusCode === 200 ? a.cookie : b.cookie },
    });
    expect(list.json().filter((m: { role: string }) => m.role === "owner")).toHaveLength(1);
  });

  it("lets an admin manage analysts and viewers but not owners (403)", async () => {
    const owner = await t.registerOwner();
    const admin = await t.addMember(owner, "admin");
    const viewer = await t.addMember(owner, "viewer");
    expect((await patchRole(admin, viewer.userId, "analyst")).statusCode).toBe(200);
    expect((await patchRole(admin, viewer.userId, "owner")).statusCode).toBe(403);
    expect((await patchRole(admin, owner.userId, "viewer")).statusCode).toBe(403);
    expect((await remove(admin, owner.userId)).statusCode).toBe(403);
  });

  it.each(["analyst", "viewer"] as const)("refuses a %s (403)", async (role) => {
    const owner = await t.registerOwner();
    const member = await t.addMember(owner, role);
    expect((await patchRole(member, owner.userId, "viewer")).statusCode).toBe(403);
    expect((await remove(member, owner.userId)).statusCode).toBe(403);
  });

  it("answers 404 for another organisation's member, and 400 naming the field for a bad role or id", async () => {
    const a = await t.registerOwner();
    const b = await t.registerOwner();
    const bViewer = await t.addMember(b, "viewer");
    expect((await patchRole(a, bViewer.userId, "admin")).statusCode).toBe(404);
    expect((await remove(a, bViewer.userId)).statusCode).toBe(404);
    expect((await me(bViewer)).json().role).toBe("viewer");
    const badRole = await patchRole(a, a.userId, "captain");
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.details[0].field).toBe("role");
    const bigId = await patchRole(a, 2 ** 31, "admin");
    expect(bigId.statusCode).toBe(400);
    expect(bigId.json().error.details[0].field).toBe("userId");
  });
});

describe("removing members", () => {
  it("removes a member: their sessions end and their email can be registered again", async () => {
    const owner = await t.registerOwner();
    const analyst = await t.addMember(owner, "analyst");
    expect((await remove(owner, analyst.userId)).statusCode).toBe(204);
    expect((await me(analyst)).statusCode).toBe(401);
    const list = await t.app.inject({ url: "/api/org/members", headers: { cookie: owner.cookie } });
    expect(list.json().map((m: { userId: number }) => m.userId)).toEqual([owner.userId]);
    const again = await t.registerOwner({ email: analyst.email });
    expect(again.email).toBe(analyst.email);
  });

  it("refuses to remove the last owner (409)", async () => {
    const owner = await t.registerOwner();
    expect((await remove(owner, owner.userId)).statusCode).toBe(409);
    expect((await me(owner)).statusCode).toBe(200);
  });
});

describe("password and sessions", () => {
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

  it("changes the password after checking the current one, and ends the user's other sessions", async () => {
    const owner = await t.registerOwner();
    const other = { ...owner, cookie: sessionCookie(await signIn(owner.email, owner.password)) };
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: owner.cookie },
      payload: { currentPassword: owner.password, newPassword: "quartermaster tide chart" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 1 });
    expect((await me(owner)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(401);
    expect((await signIn(owner.email, "quartermaster tide chart")).statusCode).toBe(200);
  });

  it("refuses a wrong current password and a guessable new one (400 naming the field)", async () => {
    const owner = await t.registerOwner();
    const change = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/auth/password", headers: { cookie: owner.cookie }, payload });
    const wrong = await change({
      currentPassword: "not my password",
      newPassword: "quartermaster tide chart",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].field).toBe("currentPassword");
    const weak = await change({ currentPassword: owner.password, newPassword: "password12" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details[0].field).toBe("newPassword");
    const unauth = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: "x", newPassword: "quartermaster tide chart" },
    });
    expect(unauth.statusCode).toBe(401);
  });

  it("signs out the user's other sessions, keeping this one", async () => {
    const owner = await t.registerOwner();
    const others = [
      sessionCookie(await signIn(owner.email, owner.password)),
      sessionCookie(await signIn(owner.email, owner.password)),
    ];
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: { cookie: owner.cookie },
    });
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await me(owner)).statusCode).toBe(200);
    for (const cookie of others) expect((await me({ ...owner, cookie })).statusCode).toBe(401);
  });

  it("purges expired sessions, ended throttle windows and forgotten known addresses", async () => {
    const owner = await t.registerOwner();
    await t.db.execute(
      sql`update ${sessions} set expires_at = now() - interval '1 hour' where user_id = ${owner.userId}`,
    );
    const day = 86_400_000;
    await t.db.insert(signInThrottle).values([
      { key: "pair:old", failures: 3, windowStartedAt: new Date(0) },
      // a window that ended but whose queued turn is still ahead stays until the turn passes
      {
        key: "account:queued",
        failures: 30,
        windowStartedAt: new Date(0),
        nextTurnAt: new Date(Date.now() + day),
      },
      { key: "known:10.0.0.1:kept", windowStartedAt: new Date(Date.now() - 29 * day) },
      { key: "known:10.0.0.1:forgotten", windowStartedAt: new Date(Date.now() - 31 * day) },
    ]);
    const removed = await purgeAuthRows(t.db, {
      pairMaxFailures: 10,
      accountMaxFailures: 20,
      addressMaxFailures: 30,
      windowMinutes: 15,
      slowdownSeconds: 3,
      knownAddressDays: 30,
    });
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.throttleRows).toBeGreaterThanOrEqual(2);
    const left = await t.db.execute(
      sql`select count(*)::int as n from ${sessions} where user_id = ${owner.userId}`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
    const keys = (await t.db.select({ key: signInThrottle.key }).from(signInThrottle)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(["account:queued", "known:10.0.0.1:kept"]));
    expect(keys).not.toContain("pair:old");
    expect(keys).not.toContain("known:10.0.0.1:forgotten");
  });
});

describe("guessable passwords and account creation", () => {
  it.each([
    ["ten spaces", "          "],
    ["a sequence", "1234567890"],
    ["a common password", "password12"],
  ])("refuses %s at registration (400 naming password)", async (_name, password) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.20.0.1",
      payload: { email: "weak@example.com", password, firstName: "W", organizationName: "Weak" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("password");
  });

  it("refuses a guessable password when adding a member", async () => {
    const owner = await t.registerOwner();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/org/members",
      headers: { cookie: owner.cookie },
      payload: { email: "m@example.com", password: "1234567890", firstName: "M", role: "viewer" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("password");
  });

  it("throttles registrations per address (429)", async () => {
    const register = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: "10.21.0.1",
        payload: {
          email: `burst${i}@example.com`,
          password: "lighthouse keeper 42",
          firstName: "B",
          organizationName: `Burst ${i}`,
        },
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await register(i)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });

  it("answers a taken email after the same password hashing as a new one", async () => {
    const owner = await t.registerOwner();
    const time = async (email: string, remoteAddress: string) => {
      const start = performance.now();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress,
        payload: { email, password: "lighthouse keeper 42", firstName: "T", organizationName: "T" },
      });
      return { ms: performance.now() - start, status: res.statusCode };
    };
    // five pairs, interleaved, compared by their medians: one pair on a busy machine can differ threefold
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const a = await time(owner.email, `10.22.${i}.1`);
      const b = await time(`fresh-${i}-${Date.now()}@example.com`, `10.22.${i}.2`);
      expect(a.status).toBe(409);
      expect(b.status).toBe(201);
      taken.push(a.ms);
      fresh.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2]!;
    // Both paths run argon2id (tens of ms); the taken one used to answer before hashing (about 1 ms).
    expect(median(taken)).toBeGreaterThan(median(fresh) / 3);
  });
});
