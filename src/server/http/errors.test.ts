import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { registerErrorHandling } from "./errors";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: "2048" });
  owner = await t.registerOwner();
});
afterAll(() => t.close());

describe("bad input and unknown paths", () => {
  it("answers 400 for malformed JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("malformed_request");
  });

  it("answers 413 for an oversized body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: { name: "x".repeat(5000), imo: "9074729", type: "Tanker" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("payload_too_large");
  });

  it("answers 415 for a body that is neither JSON nor multipart", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie, "content-type": "text/plain" },
      payload: "name=x",
    });
    expect(res.statusCode).toBe(415);
  });

  it("answers a JSON 404 for an unknown /api path", async () => {
    const res = await t.app.inject({ url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "No route GET /api/no-such-thing" } });
  });

  it("refuses a mutating call from another origin (403)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie, origin: "https://evil.example", host: "localhost:3000" },
      payload: { name: "x", imo: "9074729", type: "Tanker" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 400 for a non-numeric id", async () => {
    const res = await t.app.inject({ url: "/api/ships/abc", headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("id");
  });
});

describe("database write conflicts", () => {
  it.each(["40P01", "40001"])("answer 409 with the error body, not 500 (PostgreSQL %s)", async (code) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post("/api/x", async () => {
      throw Object.assign(new Error("deadlock detected"), { code });
    });
    const res = await app.inject({ method: "POST", url: "/api/x" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("write_conflict");
    await app.close();
  });
});
