/**
 * The session cache never serves an ended session (issue 20): this process's changes are immediate, another
 * process's arrive by NOTIFY, and without its listening connection the cache is off.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestApp, type TestUser } from "../test/test-app";
import { SessionCache } from "./session-cache";
import type { AuthContext } from "./sessions";

const auth: AuthContext = {
  sessionId: "s",
  userId: 1,
  orgId: 1,
  role: "owner",
  email: "a@example.com",
  firstName: "A",
  lastName: null,
  organization: { id: 1, name: "O", isDemo: false },
  elevatedUntil: null,
};

describe("SessionCache", () => {
  it("serves nothing while its listener is down", () => {
    const cache = new SessionCache();
    cache.store("d", auth, new Date(Date.now() + 60_000), cache.generation);
    expect(cache.lookup("d")).toBeUndefined();
    cache.setListening(true);
    cache.store("d", auth, new Date(Date.now() + 60_000), cache.generation);
    expect(cache.lookup("d")).toEqual(auth);
    cache.setListening(false);
    expect(cache.lookup("d")).toBeUndefined();
  });

  it("does not store what a lookup read before an invalidation", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const generation = cache.generation;
    cache.invalidate(); // the session ended while the lookup was reading it
    cache.store("d", auth, new Date(Date.now() + 60_000), generation);
    expect(cache.lookup("d")).toBeUndefined();
  });

  it("forgets an entry when its session expires or after its time to live", () => {
    const cache = new SessionCache(1_000);
    cache.setListening(true);
    const now = Date.now();
    cache.store("soon", auth, new Date(now + 500), cache.generation, now);
    cache.store("later", auth, new Date(now + 60_000), cache.generation, now);
    expect(cache.lookup("soon", now + 499)).toEqual(auth);
    expect(cache.lookup("soon", now + 500)).toBeUndefined();
    expect(cache.lookup("later", now + 999)).toEqual(auth);
    expect(cache.lookup("later", now + 1_000)).toBeUndefined();
  });
});

let t: Awaited<ReturnType<typeof createTestApp>>;
/** A second Sextant process on the same database (its own cache and listener). */
let other: FastifyInstance;

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const me = (app: FastifyInstance, user: TestUser) =>
  app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: user.cookie } });

/** Signs in again as `user` (a new session), on the first process. */
async function signIn(user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "sextant_session")!;
  return { ...user, cookie: `${cookie.name}=${cookie.value}` };
}

/** Both processes have read `user`'s session, so both hold it in their caches. */
async function cachedEverywhere(user: TestUser) {
  for (const app of [t.app, other]) {
    expect((await me(app, user)).statusCode).toBe(200);
    expect(app.sessionCache.size).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    db: t.db,
    database: t.database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off" }),
  });
  await other.ready();
  await until(() => t.app.sessionCache.active && other.sessionCache.active, "both listeners");
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe("two processes on one database", () => {
  it("a sign-out ends the session at once here and within the notification's delay there", async () => {
    const owner = await t.registerOwner();
    await cachedEverywhere(owner);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: owner.cookie },
    });
    expect(out.statusCode).toBeLessThan(400);
    expect((await me(t.app, owner)).statusCode).toBe(401);
    await until(async () => (await me(other, owner)).statusCode === 401, "the other process to refuse");
  });

  it("a member removed, or demoted, by another process", async () => {
    const owner = await signIn(await t.registerOwner());
    const analyst = await t.addMember(owner, "analyst");
    await cachedEverywhere(analyst);
    // Demoted to viewer by a statement of a third party (another process, an operator's psql)
    await t.db.execute(sql`update memberships set role = 'viewer' where user_id = ${analyst.userId}`);
    for (const app of [t.app, other])
      await until(async () => (await me(app, analyst)).json().role === "viewer", "the demotion");
    await t.db.execute(sql`delete from memberships where user_id = ${analyst.userId}`);
    for (const app of [t.app, other])
      await until(async () => (await me(app, analyst)).statusCode === 401, "the removal");
  });

  it("a password change ends the other sessions in both processes", async () => {
    const owner = await t.registerOwner();
    const second = await signIn(owner);
    await cachedEverywhere(second);
    const change = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie: owner.cookie, origin: "http://localhost" },
      payload: { currentPassword: owner.password, newPassword: "a completely different passphrase 42" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(t.app, second)).statusCode).toBe(401);
    await until(async () => (await me(other, second)).statusCode === 401, "the other process to refuse");
  });

  it("the listening connection killed: the cache is off at once, then back by itself", async () => {
    const owner = await t.registerOwner();
    await cachedEverywhere(owner);
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen sextant_auth' and datname = current_database()`,
    );
    await until(() => !t.app.sessionCache.active && !other.sessionCache.active, "the caches to turn off");
    // Off means every request reads the database: a session deleted now is refused at once.
    expect((await me(t.app, owner)).statusCode).toBe(200);
    await until(() => t.app.sessionCache.active && other.sessionCache.active, "the listeners to reconnect");
    await cachedEverywhere(owner);
    await t.db.execute(sql`delete from sessions where user_id = ${owner.userId}`);
    for (const app of [t.app, other])
      await until(async () => (await me(app, owner)).statusCode === 401, "refusal");
  });
});
