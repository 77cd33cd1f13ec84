/**
 * Two Sextant processes on one database, jobs on: a write heard by both queues one waiting refresh of the ship's
 * fleet line, which then replaces the stale one; meanwhile the page serves the stale line, marked.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetResponse } from "../../contracts/fleet";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let other: FastifyInstance;
let owner: TestUser;
let shipId: number;

async function until(condition: () => Promise<boolean>, what: string, ms = 30_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const fleet = async (app: FastifyInstance) =>
  (await app.inject({ url: "/api/fleet", headers: { cookie: owner.cookie } })).json() as FleetResponse;

beforeAll(async () => {
  t = await createTestApp({ JOBS: "on" });
  other = await buildApp({
    db: t.db,
    database: t.database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "on" }),
  });
  await other.ready();
  await Promise.all([t.app.jobs.whenRunning(), other.jobs.whenRunning()]);
  await until(async () => t.app.dataWritten.listening && other.dataWritten.listening, "both listeners");
  owner = await t.registerOwner();
  shipId = (
    await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: shipBody(),
    })
  ).json().id;
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

describe("fleet lines with two processes", () => {
  it("a write queues one refresh, served stale until it lands", async () => {
    const first = (await fleet(t.app)).ships[0]!;
    expect(first.stale).toBe(false);
    expect(first.lastSeenAt).toBeNull();
    const write = await t.app.inject({
      method: "POST",
      url: "/api/fuel-data",
      headers: { cookie: owner.cookie },
      payload: { shipId, timestamp: new Date().toISOString(), sfoc: 180, fuelConsumptionRate: 20 },
    });
    expect(write.statusCode).toBe(201);
    await until(async () => (await fleet(other)).ships[0]!.stale, "the line marked stale");
    await until(async () => {
      const line = (await fleet(other)).ships[0]!;
      return !line.stale && line.lastSeenAt !== null;
    }, "the refreshed line");
    const jobs = await t.database.pool.query(
      "select count(*)::int as n from pgboss.job where name = 'fleet-snapshot' and singleton_key = $1",
      [`${owner.orgId}:${shipId}`],
    );
    // one waiting job per ship ('short' queue): both processes' sends within the 5 s delay make one; a send
    // heard after that job started (a slow process) may add a second run, never one per process per write
    expect(jobs.rows[0].n).toBeGreaterThanOrEqual(1);
    expect(jobs.rows[0].n).toBeLessThanOrEqual(2);
  }, 60_000);
});
