import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: TestUser;
let owner: TestUser;
const TOKEN = "a-metrics-token-of-32-characters";

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: "Ops@Example.com", METRICS_TOKEN: TOKEN, DATA_DIR: "/tmp" });
  operator = await t.registerOwner({ email: "ops@example.com" });
  owner = await t.registerOwner();
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string) =>
  t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

describe("instance health", () => {
  it("answers the operators named by OPERATOR_EMAILS, from the database's statistics and the disk", async () => {
    const res = await get(operator, "/api/instance/health");
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(h.database.version).toMatch(/PostgreSQL/);
    expect(h.connections.total).toBeGreaterThanOrEqual(1);
    expect(h.connections.max).toBeGreaterThan(0);
    expect(h.cacheHitRatio === null || (h.cacheHitRatio >= 0 && h.cacheHitRatio <= 1)).toBe(true);
    expect(h.slowestQueries.available || h.slowestQueries.reason.length > 0).toBe(true);
    expect(h.vacuum.oldestXidAge).toBeGreaterThan(0);
    expect(h.replicas).toEqual({ maxLagMs: null, standbys: [] }); // no DATABASE_REPLICA_URLS here
    expect(h.vacuum.tables.length).toBeGreaterThan(0);
    expect(h.disk).toMatchObject({ path: "/tmp", reason: null });
    expect(h.disk.availableBytes).toBeGreaterThan(0);
    expect(h.disk.totalBytes).toBeGreaterThanOrEqual(h.disk.availableBytes);
    expect(h.jobs).toEqual({ enabled: false, reason: "background jobs are off (JOBS=off)", queues: [] });
  });

  it("refuses an organisation's owner who is not an operator (403) and strangers (401)", async () => {
    await t.stepUp(owner);
    const res = await get(owner, "/api/instance/health");
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("operator_only");
    expect((await get(null, "/api/instance/health")).statusCode).toBe(401);
  });
});

describe("technical specs", () => {
  it("shows version, build, database version and the configuration with secrets hidden", async () => {
    expect((await get(owner, "/api/instance/specs")).statusCode).toBe(200); // stepped up above
    const other = await t.registerOwner();
    expect((await get(other, "/api/instance/specs")).json().error.code).toBe("step_up_required");
    const viewer = await t.addMember(other, "viewer");
    expect((await get(viewer, "/api/instance/specs")).statusCode).toBe(403);
    const specs = (await get(owner, "/api/instance/specs")).json();
    expect(specs.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(specs.databaseVersion).toMatch(/^PostgreSQL \d+/);
    const byKey = Object.fromEntries(specs.configuration.map((c: { key: string }) => [c.key, c]));
    expect(byKey.METRICS_TOKEN).toEqual({ key: "METRICS_TOKEN", value: null, secret: true, set: true });
    expect(byKey.STEP_UP_MINUTES).toMatchObject({ value: "15", secret: false });
    expect(byKey.OPERATOR_EMAILS.value).toBe("ops@example.com");
    expect(JSON.stringify(specs)).not.toContain(TOKEN);
    expect(specs.operator).toBe(false);
    await t.stepUp(operator);
    expect((await get(operator, "/api/instance/specs")).json().operator).toBe(true);
    expect(specs.links.map((l: { href: string }) => l.href)).toEqual([
      "/api/docs",
      "/api/health",
      "/api/ready",
      "/metrics",
    ]);
  });
});

describe("deployment links", () => {
  it("lists this instance's addresses under PUBLIC_URL with their state now, for elevated owners and admins", async () => {
    const app = await createTestApp({ PUBLIC_URL: "https://fleet.example.com/", METRICS_TOKEN: TOKEN });
    try {
      const admin = await app.registerOwner();
      const get = (user: TestUser) =>
        app.app.inject({ url: "/api/instance/deployment", headers: { cookie: user.cookie } });
      expect((await get(admin)).json().error.code).toBe("step_up_required");
      await app.stepUp(admin);
      const res = await get(admin);
      expect(res.statusCode).toBe(200);
      const d = res.json();
      expect(d.publicUrl).toBe("https://fleet.example.com");
      const byId = Object.fromEntries(d.links.map((l: { id: string }) => [l.id, l]));
      expect(Object.keys(byId)).toEqual(["app", "docs", "health", "ready", "metrics"]);
      expect(byId.docs).toMatchObject({
        url: "https://fleet.example.com/api/docs",
        state: "up",
        expectedStatus: 200,
      });
      expect(byId.ready).toMatchObject({ path: "/api/ready", state: "up", expectedStatus: 200 });
      expect(byId.metrics).toMatchObject({ state: "needs_token", expectedStatus: 401 });
      expect(JSON.stringify(d)).not.toContain(TOKEN);
      // each state's status is what the address answers a request without credentials
      for (const id of ["health", "ready", "metrics"]) {
        expect((await app.app.inject({ url: byId[id].path })).statusCode).toBe(byId[id].expectedStatus);
      }
      // the same instance for every organisation's admins; members without the role are refused
      const other = await app.registerOwner();
      await app.stepUp(other);
      expect((await get(other)).json().links).toEqual(d.links);
      const viewer = await app.addMember(other, "viewer");
      expect((await get(viewer)).statusCode).toBe(403);
      expect((await app.app.inject({ url: "/api/instance/deployment" })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it("says metrics are off without METRICS_TOKEN, as /metrics answers 404", async () => {
    const bare = await createTestApp();
    try {
      const admin = await bare.registerOwner();
      await bare.stepUp(admin);
      const d = (
        await bare.app.inject({ url: "/api/instance/deployment", headers: { cookie: admin.cookie } })
      ).json();
      const metrics = d.links.find((l: { id: string }) => l.id === "metrics");
      expect(metrics).toMatchObject({ state: "off", expectedStatus: 404 });
      expect((await bare.app.inject({ url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("GET /metrics", () => {
  it("needs the bearer token and exposes latency, upload rows, alert deliveries and pool state", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: shipBody(),
    });
    expect((await t.app.inject({ url: "/metrics" })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    t.app.metrics.alertDeliveries.inc({ channel: "email", outcome: "sent" });
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /sextant_http_request_duration_seconds_count\{method="POST",route="\/api\/ships",status_code="201"\} 1/,
    );
    expect(res.body).toContain('sextant_alert_deliveries_total{channel="email",outcome="sent"} 1');
    expect(res.body).toMatch(/sextant_db_pool_connections\{pool="request",state="total"\} \d+/);
    expect(res.body).toContain("# TYPE sextant_upload_rows_total counter");
  });

  it("is 404 when METRICS_TOKEN is unset", async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
