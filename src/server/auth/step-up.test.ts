import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STEP_UP_WRONG_PASSWORD } from "../../contracts/auth";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;

const call = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const stepUp = (user: TestUser, password = user.password, remoteAddress = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/step-up",
    headers: { cookie: user.cookie },
    payload: { password },
    remoteAddress,
  });

beforeAll(async () => {
  t = await createTestApp({ STEP_UP_MINUTES: "15", SIGN_IN_MAX_FAILURES: "3" });
  owner = await t.registerOwner();
});
afterAll(() => t.close());

describe("step-up", () => {
  it("elevates this session for STEP_UP_MINUTES with the right password, at once (session cache)", async () => {
    expect((await call(owner, "GET", "/api/auth/step-up")).json()).toEqual({ elevatedUntil: null });
    const before = Date.now();
    const res = await stepUp(owner);
    expect(res.statusCode).toBe(200);
    const until = Date.parse(res.json().elevatedUntil);
    expect(until - before).toBeGreaterThan(14.9 * 60_000);
    expect(until - before).toBeLessThan(15.1 * 60_000);
    expect((await call(owner, "GET", "/api/auth/step-up")).json().elevatedUntil).toBe(
      res.json().elevatedUntil,
    );
  });

  it("answers the locked view's message for a wrong password and elevates nothing", async () => {
    const other = await t.registerOwner();
    const res = await stepUp(other, "not my password at all", "10.99.0.1");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid_password", message: STEP_UP_WRONG_PASSWORD });
    expect(res.json().error.details).toEqual([{ field: "password", reason: "is not your password" }]);
    expect((await call(other, "GET", "/api/auth/step-up")).json()).toEqual({ elevatedUntil: null });
  });

  it("is throttled like a sign-in (429 past the limit, even with the right password)", async () => {
    const other = await t.registerOwner();
    for (let i = 0; i < 3; i++) {
      expect((await stepUp(other, "wrong password here", "10.99.0.2")).statusCode).toBe(400);
    }
    expect((await stepUp(other, other.password, "10.99.0.2")).statusCode).toBe(429);
  });

  it("elevates only the session that stepped up; ending it (Logout) takes it away at once", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: owner.password },
    });
    const second = { ...owner, cookie: `sextant_session=${login.cookies[0]!.value}` };
    expect((await call(second, "GET", "/api/auth/step-up")).json()).toEqual({ elevatedUntil: null });
    expect((await stepUp(second)).statusCode).toBe(200);
    expect((await call(second, "GET", "/api/audit")).statusCode).toBe(200);
    expect((await call(second, "DELETE", "/api/auth/step-up")).json()).toEqual({ elevatedUntil: null });
    const locked = await call(second, "GET", "/api/audit");
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe("step_up_required");
  });

  it("an elevation that ran out no longer counts", async () => {
    const other = await t.registerOwner();
    expect((await stepUp(other)).statusCode).toBe(200);
    await t.db.execute(sql`update sessions set elevated_until = now() - interval '1 second'
      where user_id = ${other.userId}`);
    const res = await call(other, "GET", "/api/audit");
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("step_up_required");
  });

  it("member removal and role change need an elevated session; viewers and analysts get 403", async () => {
    const boss = await t.registerOwner();
    const viewer = await t.addMember(boss, "viewer");
    const analyst = await t.addMember(boss, "analyst");
    const target = `/api/org/members/${viewer.userId}`;
    const notElevated = await call(boss, "PATCH", target, { role: "analyst" });
    expect(notElevated.statusCode).toBe(403);
    expect(notElevated.json().error.code).toBe("step_up_required");
    expect((await call(boss, "DELETE", target)).json().error.code).toBe("step_up_required");
    for (const user of [viewer, analyst]) {
      expect((await stepUp(user)).statusCode).toBe(403);
      expect((await call(user, "GET", "/api/audit")).statusCode).toBe(403);
      expect((await call(user, "DELETE", `/api/org/members/${boss.userId}`)).statusCode).toBe(403);
    }
    expect((await stepUp(boss)).statusCode).toBe(200);
    expect((await call(boss, "PATCH", target, { role: "analyst" })).statusCode).toBe(200);
    expect((await call(boss, "DELETE", target)).statusCode).toBe(204);
  });

  // Issue 30 finding 6: a stolen session must not make itself a permanent owner, or carry everything away.
  describe("what a stolen session would keep needs the password again", () => {
    const newMember = (role: string, overrides: object = {}) => ({
      email: `m-${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "lighthouse keeper 42",
      firstName: "M",
      role,
      ...overrides,
    });

    it.each(["owner", "admin"])(
      "adding an %s: 403 step_up_required, then 201 once stepped up",
      async (role) => {
        const boss = await t.registerOwner();
        const refused = await call(boss, "POST", "/api/org/members", newMember(role));
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe("step_up_required");
        expect((await call(boss, "GET", "/api/org/members")).json()).toHaveLength(1);
        expect((await stepUp(boss)).statusCode).toBe(200);
        const added = await call(boss, "POST", "/api/org/members", newMember(role));
        expect(added.statusCode).toBe(201);
        expect(added.json().role).toBe(role);
      },
    );

    it.each(["analyst", "viewer"])("adding a member with the role %s needs no step-up", async (role) => {
      const boss = await t.registerOwner();
      expect((await call(boss, "POST", "/api/org/members", newMember(role))).statusCode).toBe(201);
    });

    it("a bad body is a 400 naming the field before the step-up is asked", async () => {
      const boss = await t.registerOwner();
      const res = await call(boss, "POST", "/api/org/members", newMember("owner", { email: "nope" }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain("email");
    });

    it("an admin stepped up still cannot add an owner (403 forbidden: the role rule stands)", async () => {
      const boss = await t.registerOwner();
      const admin = await t.addMember(boss, "admin");
      expect((await stepUp(admin)).statusCode).toBe(200);
      const res = await call(admin, "POST", "/api/org/members", newMember("owner"));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("forbidden");
    });

    it.each(["owner", "admin"])("promoting a member to %s needs it", async (role) => {
      const boss = await t.registerOwner();
      const viewer = await t.addMember(boss, "viewer");
      const url = `/api/org/members/${viewer.userId}`;
      expect((await call(boss, "PATCH", url, { role })).json().error.code).toBe("step_up_required");
      expect((await stepUp(boss)).statusCode).toBe(200);
      expect((await call(boss, "PATCH", url, { role })).json().role).toBe(role);
    });

    it("creating and revoking an API key, and taking a backup, need it", async () => {
      const boss = await t.registerOwner();
      const key = { name: "logger", scopes: ["ingest"] };
      for (const [method, url, payload] of [
        ["POST", "/api/api-keys", key],
        ["DELETE", "/api/api-keys/1", undefined],
        ["GET", "/api/database/backup", undefined],
      ] as const) {
        const res = await call(boss, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe("step_up_required");
      }
      expect((await stepUp(boss)).statusCode).toBe(200);
      const created = await call(boss, "POST", "/api/api-keys", key);
      expect(created.statusCode).toBe(201);
      expect((await call(boss, "DELETE", `/api/api-keys/${created.json().id}`)).statusCode).toBe(204);
      const backup = await call(boss, "GET", "/api/database/backup");
      expect(backup.statusCode).toBe(200);
      expect(backup.headers["content-type"]).toBe("application/gzip");
    });
  });

  it("signed out: 401", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/step-up", payload: { password: "x" } });
    expect(res.statusCode).toBe(401);
  });
});
