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
});
