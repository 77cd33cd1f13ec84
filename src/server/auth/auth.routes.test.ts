import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { createTestApp, sessionCookie } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Low limits make the throttle's edges quick to reach; sign-in-throttle.routes.test.ts runs the defaults.
  t = await createTestApp({
    SIGN_IN_MAX_FAILURES: "3",
    SIGN_IN_ACCOUNT_MAX_FAILURES: "6",
    SIGN_IN_ADDRESS_MAX_FAILURES: "3",
    SIGN_IN_SLOWDOWN_SECONDS: "1",
  });
});
afterAll(() => t.close());

describe("registration", () => {
  it("creates an organisation with the caller as owner and signs in (201)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: "Ada@Example.com",
        password: "lighthouse keeper 42",
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
    expect(row!.passwordHash).not.toContain("lighthouse keeper 42");
  });

  it.each([
    ["a password under 10 characters", { password: "short" }, "password"],
    ["an invalid email", { email: "not-an-email" }, "email"],
    ["a missing organisation name", { organizationName: undefined }, "organizationName"],
    ["an unknown field", { isAdmin: true }, "isAdmin"],
  ])("rejects %s with 400 naming the field", async (_name, overrides, field) => {
    const payload = {
      email: "new@example.com",
      password: "lighthouse keeper 42",
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
        password: "lighthouse keeper 42",
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

  const login = (email: string, password: string, remoteAddress: string, headers = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress,
      headers,
      payload: { email, password },
    });

  it("rate-limits one address guessing one account (429), and the owner still signs in from elsewhere", async () => {
    const owner = await t.registerOwner();
    for (let i = 0; i < 3; i++) {
      expect((await login(owner.email, "wrong password", "10.0.1.1")).statusCode).toBe(401);
    }
    // The guesser is stopped, even with the right password, and told when to try again…
    const stopped = await login(owner.email, owner.password, "10.0.1.1");
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(0);
    // …but cannot lock the owner out: another address signs in.
    expect((await login(owner.email, owner.password, "10.0.1.2")).statusCode).toBe(200);
  });

  it("slows an account guessed from many addresses, but does not lock the owner out", async () => {
    const owner = await t.registerOwner();
    // SIGN_IN_ACCOUNT_MAX_FAILURES is 6 in this file: 6 addresses, one guess each.
    for (let i = 0; i < 6; i++) {
      expect((await login(owner.email, "wrong password", `10.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    // Slowed: checked at once when no turn is taken, else after at most SIGN_IN_SLOWDOWN_SECONDS.
    expect((await login(owner.email, "wrong password", "10.0.2.7")).statusCode).toBe(401);
    const started = Date.now();
    expect((await login(owner.email, owner.password, "10.0.2.99")).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500); // waited for its turn, 1 s after the last
  });

  it("counts parallel guesses atomically: 40 at once verify no more than the limit", async () => {
    const owner = await t.registerOwner();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(owner.email, "wrong password", "10.0.3.1")),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(37);
  });

  it("does not let a client pick its address with X-Forwarded-For (TRUST_PROXY off by default)", async () => {
    // Guesses at one account from one socket, each claiming another address: the pair limit holds.
    const owner = await t.registerOwner();
    for (let i = 0; i < 3; i++) {
      const res = await login(owner.email, "wrong password", "10.0.4.1", {
        "x-forwarded-for": `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await login(owner.email, owner.password, "10.0.4.1", { "x-forwarded-for": "198.51.100.77" });
    expect(res.statusCode).toBe(429);
  });

  it("follows X-Forwarded-For only from the proxies TRUST_PROXY names", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "10.0.7.1" });
    try {
      const guessVia = (remoteAddress: string) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress,
          headers: { "x-forwarded-for": "203.0.113.9" },
          payload: { email: "nobody@example.com", password: "wrong password" },
        });
      const counted = async () =>
        (await proxied.db.execute<{ key: string }>(sql`select key from sign_in_throttle`)).rows.map(
          (r) => r.key,
        );
      await guessVia("10.0.7.1"); // the trusted proxy: the client is the forwarded address
      expect(await counted()).toContain("address:203.0.113.9");
      await guessVia("10.0.7.2"); // anyone else: the socket's address, whatever the header says
      expect(await counted()).toContain("address:10.0.7.2");
    } finally {
      await proxied.close();
    }
  });

  it("gives a successful sign-in's attempt back: the owner's own sign-ins never add up to a lock", async () => {
    const owner = await t.registerOwner();
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.email, owner.password, "10.0.5.1")).statusCode).toBe(200);
    }
  });

  it("answers 400, not 500, to a 3 KB email", async () => {
    const res = await login(`${"a".repeat(3000)}@example.com`, "whatever password", "10.0.6.1");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("email");
  });

  it("slows an address guessing across accounts, without locking its other accounts out", async () => {
    // SIGN_IN_ADDRESS_MAX_FAILURES is 3 in this file.
    for (let i = 0; i < 3; i++) {
      expect((await login(`guess${i}@example.com`, "wrong password", "10.9.9.9")).statusCode).toBe(401);
    }
    // Parallel guesses at more accounts: one checked at once, one after its turn, the rest told to retry.
    const more = await Promise.all(
      [3, 4, 5, 6, 7, 8].map((i) => login(`guess${i}@example.com`, "wrong password", "10.9.9.9")),
    );
    expect(more.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(2);
    expect(more.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(4);
    const owner = await t.registerOwner();
    expect((await login(owner.email, owner.password, "10.9.9.9")).statusCode).toBe(200);
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

  it("browser navigation: GET /api/logout changes nothing; its form posts to /api/logout, which signs out", async () => {
    const owner = await t.registerOwner();
    const page = await t.app.inject({ url: "/api/logout", headers: { cookie: owner.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/api/logout">');
    const me = () => t.app.inject({ url: "/api/auth/user", headers: { cookie: owner.cookie } });
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/");
    expect((await me()).statusCode).toBe(401);
    const login = await t.app.inject({ url: "/api/login" });
    expect(login.headers.location).toBe("/login");
  });

  it("refuses the sign-out form posted from another site or from Origin: null (403)", async () => {
    const owner = await t.registerOwner();
    for (const origin of ["https://evil.example", "null"]) {
      const out = await t.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: owner.cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      expect(out.statusCode).toBe(403);
    }
    const me = await t.app.inject({ url: "/api/auth/user", headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(200);
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
      payload: {
        email: `x-${role}@example.com`,
        password: "lighthouse keeper 42",
        firstName: "X",
        role: "viewer",
      },
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
      payload: {
        email: "second-owner@example.com",
        password: "lighthouse keeper 42",
        firstName: "S",
        role: "owner",
      },
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
