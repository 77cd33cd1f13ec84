/**
 * The heavy routes under the heavy-work limits (issue 30 item 5), through the real app on a real PostgreSQL.
 * Slots are held in the test through the app's own limiter (`app.heavyWork.acquire`), so that "A is at its
 * limit" is a fact, not a race. Client aborts go through a real socket (`app.listen`): app.inject has no
 * client that can leave half-way.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import type { HeavyWorkLease } from "./heavy-work-limiter";

let t: Awaited<ReturnType<typeof createTestApp>>;
let a: TestUser;
let b: TestUser;
let c: TestUser;
const ships = new Map<number, number>();
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp({
    HEAVY_WORK_PER_ORG: "1",
    HEAVY_WORK_GLOBAL: "2",
    HEAVY_WORK_QUEUE: "2",
    HEAVY_WORK_QUEUE_PER_ORG: "1",
  });
  [a, b, c] = [await t.registerOwner(), await t.registerOwner(), await t.registerOwner()];
  for (const user of [a, b, c]) ships.set(user.orgId, await t.addShip(user));
  await t.stepUp(a);
});
afterAll(() => t.close());

const limiter = () => t.app.heavyWork;
const pdfUrl = (user: TestUser) => `/api/reports/vessel/${ships.get(user.orgId)}?range=30days`;
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

/** Polls until `probe` holds (the server's side of a socket event lands a few ticks later). */
async function until(probe: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !probe(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!probe()) throw new Error(`timed out waiting for ${what}`);
}

/** Holds `user`'s organisation's slots while `work` runs, and gives them back whatever happens. */
async function holding(users: TestUser[], work: () => Promise<void>): Promise<void> {
  const leases: HeavyWorkLease[] = [];
  try {
    for (const user of users) leases.push(await limiter().acquire(user.orgId));
    await work();
  } finally {
    for (const lease of leases) lease.release();
  }
}

describe("heavy work: a fair share per organisation and a bound per process", () => {
  const heavyRoutes = (user: TestUser) => {
    const ship = ships.get(user.orgId);
    return [
      ["GET", pdfUrl(user)],
      ["GET", `/api/reports/statements/${ship}/${year}?kind=dcs&format=pdf`],
      ["GET", `/api/reports/statements/${ship}/${year}?kind=mrv&format=xlsx`],
      ["GET", `/api/reports/statements/fleet/${year}`],
      ["GET", `/api/exports/${ship}?format=xlsx`],
      ["GET", `/api/exports/${ship}?format=csv&type=fuel`],
      ["GET", "/api/database/backup"],
      ["POST", "/api/database/restore"],
      ["POST", "/api/database/optimize"],
      ["POST", "/api/database/cleanup"],
      ["POST", "/api/database/self-tests"],
    ] as const;
  };

  it("answers every heavy route of an organisation at its limit, its queue share taken, 429 with Retry-After", async () => {
    await holding([a], async () => {
      const queued = get(a, pdfUrl(a)); // takes A's one place in the queue
      await until(() => limiter().queued(a.orgId) === 1, "A's report to wait");
      for (const [method, url] of heavyRoutes(a)) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: a.cookie },
          ...(url.endsWith("cleanup") ? { payload: { dryRun: true } } : {}),
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 429 });
        expect(res.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
        expect(res.json().error.code).toBe("too_many_requests");
      }
      expect(limiter().running(a.orgId)).toBe(1); // the test's own slot: none of the 429s took one
      void queued;
    });
  });

  it("runs a queued report once its organisation's slot is free", async () => {
    let answered = false;
    await holding([a], async () => {
      const queued = get(a, pdfUrl(a)).then((res) => {
        answered = true;
        return res;
      });
      await until(() => limiter().queued(a.orgId) === 1, "A's report to wait");
      expect(answered).toBe(false);
      return void queued;
    });
    await until(() => answered, "the queued report to be answered");
    await until(() => limiter().running() === 0, "the slot to be given back");
  });

  it("runs another organisation's report at once while one organisation is at its limit", async () => {
    await holding([a], async () => {
      const res = await get(b, pdfUrl(b));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
    });
  });

  it("makes every organisation wait, then refuses, while the process is at its global limit", async () => {
    await holding([a, b], async () => {
      const waiting = get(c, pdfUrl(c));
      await until(() => limiter().queued(c.orgId) === 1, "C's report to wait");
      const refused = await get(c, `/api/exports/${ships.get(c.orgId)}?format=csv`);
      expect(refused.statusCode).toBe(429);
      void waiting;
    });
    await until(() => limiter().running() === 0 && limiter().queued() === 0, "C's report to run and end");
  });

  it.each([
    ["a ship of another organisation", () => `/api/reports/vessel/${ships.get(b.orgId)}?range=30days`, 404],
    ["a missing ship's export", () => "/api/exports/999999?format=csv", 404],
    [
      "a statement of a missing ship",
      () => `/api/reports/statements/999999/${year}?kind=cii&format=xlsx`,
      404,
    ],
  ])("gives the slot back when the work fails (%s)", async (_name, url, status) => {
    const res = await get(a, url());
    expect(res.statusCode).toBe(status);
    await until(() => limiter().running() === 0, "the slot to be given back");
  });

  it("does not take a slot for a request its schema refuses", async () => {
    await holding([a], async () => {
      const res = await get(a, `/api/reports/vessel/${ships.get(a.orgId)}?range=custom`);
      expect(res.statusCode).toBe(400);
    });
  });
});

describe("heavy work: a client that goes away", () => {
  let port: number;
  beforeAll(async () => {
    // a ship-year of 15-minute records for A, so that A's export is megabytes, still running when its client leaves
    await t.db.execute(sql`insert into fuel_data (org_id, ship_id, ts, consumer, sfoc, fuel_consumption_rate,
        engine_power, speed_over_ground, fuel_grade, fuel_type)
      select ${a.orgId}, ${ships.get(a.orgId)}, now() - interval '365 days' + g * interval '15 minutes', 'main',
        180, 24, 8000, 12, 'VLSFO', 'HFO'
      from generate_series(0, 365 * 96 - 1) g`);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** A GET over a real socket; `destroy` leaves without reading the answer. */
  function open(user: TestUser, url: string) {
    const req = http.get({ host: "127.0.0.1", port, path: url, headers: { cookie: user.cookie } });
    req.on("error", () => {});
    const headers = new Promise<http.IncomingMessage>((resolve) => req.on("response", resolve));
    return { headers, destroy: () => req.destroy() };
  }

  it("drops a waiting request whose client left: it never runs and its place is freed", async () => {
    await holding([a], async () => {
      const client = open(a, pdfUrl(a));
      await until(() => limiter().queued(a.orgId) === 1, "A's report to wait");
      client.destroy();
      await until(() => limiter().queued(a.orgId) === 0, "the place to be freed");
      expect(limiter().running(a.orgId)).toBe(1); // only the test's slot: the report never started
    });
    expect(limiter().running()).toBe(0);
  });

  it("gives back a streamed export's slot when its client leaves half-way", async () => {
    const range = `range=custom&from=${new Date(Date.now() - 366 * 86_400_000).toISOString()}&to=${new Date().toISOString()}`;
    const client = open(a, `/api/exports/${ships.get(a.orgId)}?format=csv&type=fuel&${range}`);
    try {
      const res = await client.headers; // streaming: the body is not read, so the export waits on back-pressure
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers["x-export-records"])).toBeGreaterThan(30_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(limiter().running(a.orgId)).toBe(1); // still writing: the client reads nothing
    } finally {
      client.destroy();
    }
    await until(() => limiter().running(a.orgId) === 0, "the export's slot to be given back");
  });
});
