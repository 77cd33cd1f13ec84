/**
 * Builds the real app on a database of its own, and fixtures for tests: users in organisations, signed in
 * with a real session cookie. Use one per test file: `const t = await createTestApp()` … `await t.close()`.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { ADMIN_ROLES, type Role } from "../../contracts/auth";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import { createTestDatabase } from "./test-database";

export type TestUser = { cookie: string; email: string; password: string; orgId: number; userId: number };

let counter = 0;

export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  // Tests write records straight into tables, past the write paths that bump the data version: the answer
  // cache is off unless a test turns it on (cache/answer-cache.test.ts).
  const config = loadConfig({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    JOBS: "off",
    ANSWER_CACHE_MB: "0",
    // reports are built on the test's own thread: a report thread takes seconds to load its code under Vitest
    // (reports/report-threads.test.ts builds them in one)
    HEAVY_WORK_THREADS: "0",
    ...env,
  });
  const app = await buildApp({ db: database.db, database, config });
  await app.ready();

  /** Registers a new owner in a new organisation and returns its session. */
  async function registerOwner(
    overrides: Partial<{ email: string; organizationName: string }> = {},
  ): Promise<TestUser> {
    counter += 1;
    const email = overrides.email ?? `owner${counter}-${Date.now()}@example.com`;
    const password = "correct horse battery";
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      // Each fixture registers from an address of its own: registrations are throttled per address.
      remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
      payload: {
        email,
        password,
        firstName: "Test",
        organizationName: overrides.organizationName ?? `Org ${counter}`,
      },
    });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return { cookie: sessionCookie(res), email, password, orgId: body.organization.id, userId: body.id };
  }

  /**
   * Adds a member with `role` to the owner's organisation and signs them in. An owner or admin needs an
   * elevated session (auth.routes.ts): the fixture steps the owner up for the call and, when they were not
   * elevated before, ends it again, so that a test sees the owner's session as it left it.
   */
  async function addMember(owner: TestUser, role: Role): Promise<TestUser> {
    counter += 1;
    const email = `${role}${counter}-${Date.now()}@example.com`;
    const password = "another long password";
    const headers = { cookie: owner.cookie };
    const elevate =
      ADMIN_ROLES.includes(role) &&
      (await app.inject({ url: "/api/auth/step-up", headers })).json().elevatedUntil === null;
    if (elevate && (await stepUp(owner)).statusCode !== 200) throw new Error("step-up failed");
    const res = await app.inject({
      method: "POST",
      url: "/api/org/members",
      headers,
      payload: { email, password, firstName: role, role },
    });
    if (elevate) await app.inject({ method: "DELETE", url: "/api/auth/step-up", headers });
    if (res.statusCode !== 201) throw new Error(`add member failed: ${res.statusCode} ${res.body}`);
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    return { cookie: sessionCookie(login), email, password, orgId: owner.orgId, userId: res.json().userId };
  }

  /**
   * Re-enters the user's password (POST /api/auth/step-up): their session is elevated for destructive actions.
   * Answers the response (403 for viewers and analysts).
   */
  function stepUp(user: TestUser) {
    return app.inject({
      method: "POST",
      url: "/api/auth/step-up",
      headers: { cookie: user.cookie },
      payload: { password: user.password },
    });
  }

  /** Adds a ship (shipBody with `fields`) to the user's organisation; its id. */
  async function addShip(user: TestUser, fields: Record<string, unknown> = {}): Promise<number> {
    const res = await app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: user.cookie },
      payload: shipBody(fields),
    });
    if (res.statusCode !== 201) throw new Error(`add ship failed: ${res.statusCode} ${res.body}`);
    return res.json().id;
  }

  return {
    app: app as FastifyInstance,
    stepUp,
    addShip,
    database,
    db: database.db,
    registerOwner,
    addMember,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("no session cookie in response");
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** A valid ship body with overrides. IMO numbers pass the check digit. */
export const VALID_IMOS = ["9074729", "9312456", "9428712", "9555034", "9176187", "9321483"];

export function shipBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Test Vessel",
    imo: "9074729",
    type: "Bulk Carrier",
    deadweight: 50_000,
    enginePower: 9_000,
    ...overrides,
  };
}

/** A test app with an owner, a second organisation's owner and one ship of the owner (IMO given). */
export async function appWithShip(ship: { name: string; imo: string }) {
  const t = await createTestApp();
  const owner = await t.registerOwner();
  const stranger = await t.registerOwner();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie: owner.cookie },
    payload: shipBody(ship),
  });
  return { t, owner, stranger, shipId: res.json().id as number };
}
