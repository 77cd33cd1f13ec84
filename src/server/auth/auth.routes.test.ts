import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { createTestApp, sessionCookie } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: "3" });
});
afterAll(() => t.close());

describe("registration", () => {
  it("creates an organisation with the caller as owner and signs in (201)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "Ada@Example.com",
        password: "0123456789",
        firstName: "Ada",
        organizationName: "Lovelace Shipping",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: "ada@example.com",
      firstName: "Ada",
      role: "owner",
      organization: { name: "Lovelace Shipping", isDemo: false },
    });
    const cookie = res.cookies.find((c) => c.name === "sextant_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(res) } });
    expect(me.json().organization.name).toBe("Lovelace Shipping");
  });

  it("stores an argon2id hash, never the password", async () => {
    const [row] = await t.db.select().from(users).where(sql`email = 'ada@example.com'`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain("0123456789");
  });

  it.each([
    ["a password under 10 characters", { password: "short" }, "password"],
    ["an invalid email", { email: "not-an-email" }, "email"],
    ["a missing organisation name", { organizationName: undefined }, "organizationName"],
    ["an unknown field", { isAdmin: true }, "isAdmin"],
  ])("rejects %s with 400 naming the field", async (_name, overrides, field) => {
    const payload = {
      email: "new@example.com",
      password: "0123456789",
      firstName: "N",
      organizationName: "O",
      ...overrides,
    };
    const res = await t.app.inject({ method: "POST", url: "/api/auth/register", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("refuses a second account with the same email, whatever its case (409)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "ADA@example.com",
        password: "0123456789",
        firstName: "A",
        organizationName: "Other",
      },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and issues a new session each time", async () => {
    const owner = await t.registerOwner();
    const first = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: owner.password },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: sessionCookie(first) },
      payload: { email: owner.email, password: owner.password },
    });
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
    // The session the second sign-in replaced is gone.
    const old = await t.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(first) } });
    expect(old.statusCode).toBe(401);
  });

  it("answers 401 with one generic message for a wrong password and for an unknown email", async () => {
    const owner = await t.registerOwner();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: "wrong password" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "whatever12" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
  });

  it("rate-limits sign-in attempts per account (429), even with the right password", async () => {
    const owner = await t.registerOwner();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: owner.email, password: "wrong password" },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.0.0.99",
      payload: { email: owner.email, password: owner.password },
    });
    expect(locked.statusCode).toBe(429);
  });

  it("rate-limits sign-in attempts per address across accounts (429)", async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.9.9.9",
        payload: { email: `guess${i}@example.com`, password: "wrong password" },
      });
    }
    const owner = await t.registerOwner();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: "10.9.9.9",
      payload: { email: owner.email, password: owner.password },
    });
    expect(res.statusCode).toBe(429);
  });

  it("signs out: the session is deleted and the cookie cleared", async () => {
    const owner = await t.registerOwner();
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: owner.cookie },
    });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("browser navigation: /api/logout ends the session and returns to /, /api/login leads to the sign-in page", async () => {
    const owner = await t.registerOwner();
    const out = await t.app.inject({ url: "/api/logout", headers: { cookie: owner.cookie } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/");
    expect(
      (await t.app.inject({ url: "/api/auth/user", headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({ url: "/api/login" });
    expect(login.headers.location).toBe("/login");
  });

  it("treats an expired session as signed out", async () => {
    const owner = await t.registerOwner();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`user_id = ${owner.userId}`);
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("answers 401 on /api/auth/user without a cookie or with a forged one", async () => {
    expect((await t.app.inject({ url: "/api/auth/user" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/auth/user", headers: { cookie: "sextant_session=forged" } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("members", () => {
  it("lets an owner add members with a role, who then sign in with that role", async () => {
    const owner = await t.registerOwner();
    const analyst = await t.addMember(owner, "analyst");
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: analyst.cookie } });
    expect(me.json()).toMatchObject({ role: "analyst", organization: { id: owner.orgId } });
    const list = await t.app.inject({ url: "/api/org/members", headers: { cookie: owner.cookie } });
    expect(
      list
        .json()
        .map((m: { role: string }) => m.role)
        .sort(),
    ).toEqual(["analyst", "owner"]);
  });

  it.each(["analyst", "viewer"] as const)("refuses a %s adding members (403)", async (role) => {
    const owner = await t.registerOwner();
    const member = await t.addMember(owner, role);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/org/members",
      headers: { cookie: member.cookie },
      payload: { email: `x-${role}@example.com`, password: "0123456789", firstName: "X", role: "viewer" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("lets an admin add analysts but not owners", async () => {
    const owner = await t.registerOwner();
    const admin = await t.addMember(owner, "admin");
    const owner2 = await t.app.inject({
      method: "POST",
      url: "/api/org/members",
      headers: { cookie: admin.cookie },
      payload: { email: "second-owner@example.com", password: "0123456789", firstName: "S", role: "owner" },
    });
    expect(owner2.statusCode).toBe(403);
  });

  it("lists only the caller's organisation's members", async () => {
    const a = await t.registerOwner();
    const b = await t.registerOwner();
    const list = await t.app.inject({ url: "/api/org/members", headers: { cookie: b.cookie } });
    expect(list.json().map((m: { email: string }) => m.email)).toEqual([b.email]);
    expect(list.json().map((m: { email: string }) => m.email)).not.toContain(a.email);
  });
});
