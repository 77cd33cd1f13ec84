/**
 * Cached analysis answers (decision 020): fresh after every kind of write, in this process and another one on
 * the same database; 304 while unchanged; never another organisation's; bounded in memory; 'now'-relative
 * ranges move with time. On a simulated month of hourly data (full model: weather, fouling, drift, noise) with
 * the simulator's faults.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";
import { AnswerCache, NOW_BUCKET_MS } from "./answer-cache";

let t: Awaited<ReturnType<typeof createTestApp>>;
/** A second Sextant process on the same database (its own cache, its own listener). */
let other: Awaited<ReturnType<typeof buildApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;

beforeAll(async () => {
  t = await createTestApp({ ANSWER_CACHE_MB: "8" });
  other = await buildApp({
    db: t.database.db,
    database: t.database,
    config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "off", ANSWER_CACHE_MB: "8" }),
  });
  await other.ready();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  const fleet = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier" }],
    seed: 20,
    cadence: "1h",
    ...spanEnding(Date.now() - 3_600_000, 30 / 365, "1h"),
    faults: true,
  });
  await loadFleet(t.database.pool, owner.orgId, fleet);
  shipId = (await t.database.pool.query("select id from ships where org_id = $1", [owner.orgId])).rows[0].id;
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const DASHBOARD = () => `/api/dashboard/${shipId}?range=30days`;
const SECTION = () => `/api/ships/${shipId}/analysis/fuel-fuel-cost?range=30days`;
const SUMMARY = () => `/api/ships/${shipId}/analysis-summary?range=30days`;

const get = (app: typeof other, url: string, user: TestUser, etag?: string) =>
  app.inject({
    url,
    headers: { cookie: user.cookie, ...(etag ? { "if-none-match": etag } : {}) },
  });

const post = (url: string, payload: object, method: "POST" | "PUT" = "POST") =>
  t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });

describe("cached answers of the dashboard, sections and sidebar", () => {
  it("answer a 304 to the ETag of an unchanged answer, and keep it private to the browser", async () => {
    for (const url of [DASHBOARD(), SECTION(), SUMMARY()]) {
      // an answer holds its minute (answer-cache.ts), so its ETag rightly changes when the minute turns:
      // the three calls are made away from a turn (the CI run of 2026-12-02 19:10 straddled one)
      const toTurn = 60_000 - (Date.now() % 60_000);
      if (toTurn < 5_000) await new Promise((resolve) => setTimeout(resolve, toTurn + 100));
      const first = await get(t.app, url, owner);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-cache");
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await get(t.app, url, owner, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      // a kept answer is byte for byte the computed one
      expect((await get(t.app, url, owner)).body).toBe(first.body);
    }
  });

  it("are fresh after a record is written, in the writing process and in another one", async () => {
    const before = await get(t.app, DASHBOARD(), owner);
    const beforeOther = await get(other, DASHBOARD(), owner);
    expect(beforeOther.json().current.fuel.timestamp).toBe(before.json().current.fuel.timestamp);
    const timestamp = new Date(Date.now() - 60_000).toISOString();
    const written = await post("/api/fuel-data", {
      shipId,
      timestamp,
      sfoc: 171.5,
      fuelConsumptionRate: 22,
      engineLoadFactor: 70,
      fuelType: "HFO",
    });
    expect(written.statusCode).toBe(201);
    for (const app of [t.app, other]) {
      const after = await get(app, DASHBOARD(), owner, before.headers.etag as string);
      expect(after.statusCode).toBe(200);
      expect(after.json().current.fuel).toMatchObject({ timestamp, sfoc: 171.5 });
    }
  });

  it("are fresh after an organisation-wide setting changes (fuel prices: the cost section)", async () => {
    const before = await get(other, SECTION(), owner);
    const prices = await post(
      "/api/settings/fuel-prices",
      {
        currency: "EUR",
        prices: [
          { fuelType: "HFO", pricePerTonne: 612, validFrom: "2020-01-01" },
          { fuelType: "MDO", pricePerTonne: 845, validFrom: "2020-01-01" },
          { fuelType: "MGO", pricePerTonne: 880, validFrom: "2020-01-01" },
        ],
      },
      "PUT",
    );
    expect(prices.statusCode).toBeLessThan(300);
    const after = await get(other, SECTION(), owner, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toBe(before.body);
  });

  it("are fresh after a voyage is added (the dashboard lists it)", async () => {
    const before = await get(other, DASHBOARD(), owner);
    const voyage = await post("/api/voyages", {
      shipId,
      voyageNumber: "CACHE-1",
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2019-01-01",
      arrivalDate: "2019-01-20",
    });
    expect(voyage.statusCode).toBe(201);
    const after = (await get(other, DASHBOARD(), owner)).json();
    expect(after.voyages.map((v: { voyageNumber: string }) => v.voyageNumber)).toContain("CACHE-1");
    expect(before.json().voyages).toHaveLength(after.voyages.length - 1);
  });

  it("never answer another organisation, not even to its If-None-Match", async () => {
    const mine = await get(t.app, DASHBOARD(), owner);
    expect(mine.statusCode).toBe(200);
    for (const url of [DASHBOARD(), SECTION(), SUMMARY()]) {
      const theirs = await get(t.app, url, stranger, mine.headers.etag as string);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).not.toContain(String(mine.json().ship.name));
    }
  });

  it("move a 'now'-relative range with time (the key holds the minute)", async () => {
    const first = (await get(t.app, DASHBOARD(), owner)).json();
    const laterNow = Date.now() + 61_000;
    vi.useFakeTimers({ toFake: ["Date"], now: laterNow });
    try {
      const later = (await get(t.app, DASHBOARD(), owner)).json();
      // as of this minute (computed now, or ahead as of the minute's first instant): never a minute behind
      expect(Date.parse(later.range.to)).toBeGreaterThan(Date.parse(first.range.to));
      expect(laterNow - Date.parse(later.range.to)).toBeLessThan(NOW_BUCKET_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it("compute the next minute's answer, as of its first instant, when asked in the last seconds of a minute", async () => {
    const minute = (Math.floor(Date.now() / NOW_BUCKET_MS) + 2) * NOW_BUCKET_MS;
    vi.useFakeTimers({ toFake: ["Date"], now: minute - 2_000 });
    try {
      // answers earlier tests computed ahead land first: on a loaded machine one landed inside this test
      await t.app.answerCache.settled();
      const before = t.app.answerCache.size;
      await get(t.app, SUMMARY(), owner);
      await t.app.answerCache.settled();
      // this minute's answer and the next minute's, computed ahead
      expect(t.app.answerCache.size).toBe(before + 2);
      vi.setSystemTime(minute + 1_000);
      const next = (await get(t.app, SUMMARY(), owner)).json();
      expect(t.app.answerCache.size).toBe(before + 2); // served what was computed ahead
      expect(next.range.to).toBe(new Date(minute).toISOString());
    } finally {
      vi.useRealTimers();
    }
  });

  it("keep a sign-out from leaving answers in the browser (Clear-Site-Data)", async () => {
    const user = await t.registerOwner();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: user.cookie },
    });
    expect(res.headers["clear-site-data"]).toBe('"cache"');
  });
});

describe("AnswerCache", () => {
  it("stays within its bytes, dropping the least recently used answers first", () => {
    const cache = new AnswerCache(1_000);
    for (let i = 0; i < 50; i++) {
      cache.set(`k${i}`, "x".repeat(100));
      if (i > 0) cache.get("k0"); // k0 kept in use
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
    }
    expect(cache.size).toBe(10);
    expect(cache.get("k0")).toBeDefined();
    expect(cache.get("k1")).toBeUndefined();
    expect(cache.get("k49")).toBeDefined();
  });

  it("serves an answer larger than the whole cache without keeping it", () => {
    const cache = new AnswerCache(10);
    expect(cache.set("big", "x".repeat(11)).body).toHaveLength(11);
    expect(cache.size).toBe(0);
  });

  it("computes concurrent misses of one key once, and keeps no failure", async () => {
    const cache = new AnswerCache(1_000);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 20));
      return "{}";
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.getOrCompute("k", compute)));
    expect(runs).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    await expect(cache.getOrCompute("bad", () => Promise.reject(new Error("404")))).rejects.toThrow("404");
    expect(cache.get("bad")).toBeUndefined();
    expect(await cache.getOrCompute("bad", async () => "[]")).toMatchObject({ body: "[]" });
  });
});
