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
});
