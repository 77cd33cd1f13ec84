import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { createTestApp } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health and readiness", () => {
  it("answers /api/health and /api/ready when the database answers", async () => {
    expect((await t.app.inject({ url: "/api/health" })).json().status).toBe("ok");
    const ready = await t.app.inject({ url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
  });

  it("answers /api/ready with 503 when the database does not answer, while /api/health stays up", async () => {
    // A port nobody listens on: connections are refused.
    const database = connectDatabase("postgres://nobody@127.0.0.1:1/none");
    const app = await buildApp({ db: database.db, database, config: loadConfig({ LOG_LEVEL: "silent" }) });
    expect((await app.inject({ url: "/api/ready" })).statusCode).toBe(503);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    await app.close();
    await database.close();
  });

  it("answers health without the database and every route with 503 while it is away, even with a cookie", async () => {
    const database = connectDatabase("postgres://nobody@127.0.0.1:1/none");
    const app = await buildApp({ db: database.db, database, config: loadConfig({ LOG_LEVEL: "silent" }) });
    const cookie = "sextant_session=some-token";
    const health = await app.inject({ url: "/api/health", headers: { cookie } });
    expect(health.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/ready", headers: { cookie } })).statusCode).toBe(503);
    // The session lookup fails first (Drizzle wraps the driver's ECONNREFUSED in its own error).
    const ships = await app.inject({ url: "/api/ships", headers: { cookie } });
    expect(ships.statusCode).toBe(503);
    expect(ships.headers["retry-after"]).toBe("5");
    expect(ships.json()).toEqual({
      error: { code: "unavailable", message: "The database is not reachable; try again shortly" },
    });
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@example.com", password: "long enough password" },
    });
    expect(login.statusCode).toBe(503);
    await app.close();
    await database.close();
  });

  it("never reads the session or the database for /api/health, and one query for /api/ready (issue 20)", async () => {
    const owner = await t.registerOwner();
    const pool = t.database.pool;
    let queries = 0;
    const connect = pool.connect.bind(pool);
    // Every query checks a connection out of the pool (pg's pool.query too): counting check-outs counts them.
    pool.connect = ((...args: Parameters<typeof connect>) => {
      queries += 1;
      return connect(...args);
    }) as typeof pool.connect;
    try {
      // A cookie nobody has looked up yet (the session cache is empty for it) and a valid one.
      for (const cookie of ["sextant_session=never-seen", owner.cookie]) {
        queries = 0;
        expect((await t.app.inject({ url: "/api/health", headers: { cookie } })).statusCode).toBe(200);
        expect(queries).toBe(0);
        expect((await t.app.inject({ url: "/api/ready", headers: { cookie } })).statusCode).toBe(200);
        expect(queries).toBe(1);
      }
      // The counter does see a session look-up: any other route with an unseen cookie makes one.
      queries = 0;
      await t.app.inject({ url: "/api/auth/user", headers: { cookie: "sextant_session=also-never-seen" } });
      expect(queries).toBeGreaterThan(0);
    } finally {
      pool.connect = connect;
    }
  });
});
