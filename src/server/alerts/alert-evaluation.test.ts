/**
 * Evaluation on crafted data, through the real write path and the job queue: records that cross the SFOC
 * threshold open an alert within 60 s of their write (data-written notification → evaluation job), its
 * notification is queued with the figure and link; records that bring it back under resolve it automatically;
 * a ship without data says 'no-data' and raises nothing. Two server processes on one database evaluating the
 * same ship at once give one alert and one 'opened' notification.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createShip, SHOP_TEST } from "../analysis/test-fixtures";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { createTestApp, type TestUser } from "../test/test-app";
import { evaluateShip } from "./alert-evaluation";
import { ALERT_NOTIFY_JOB, type AlertNotification } from "./alert-notification";
import { postMainEngineHours } from "./alert-test-records";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
const sent: AlertNotification[] = [];

const postFuel = (hoursAgo: number[], rate: number) => postMainEngineHours(t, owner, shipId, hoursAgo, rate);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const alertsOf = async () =>
  (
    await t.app.inject({
      url: `/api/alerts?shipId=${shipId}&type=fuelEfficiency`,
      headers: { cookie: owner.cookie },
    })
  ).json().items as {
    status: string;
    figure: number;
    latestFigure: number;
    link: string;
    resolvedBy: unknown;
  }[];

beforeAll(async () => {
  t = await createTestApp({ JOBS: "on" });
  await t.app.jobs.whenRunning();
  const send = t.app.jobs.send.bind(t.app.jobs);
  vi.spyOn(t.app.jobs, "send").mockImplementation(async (def, payload, options) => {
    if (def.name === ALERT_NOTIFY_JOB.name) sent.push(payload as AlertNotification);
    return send(def, payload, options);
  });
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/ships/${shipId}/baseline`,
    headers: { cookie: owner.cookie },
    payload: { shopTestSfoc: SHOP_TEST },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe("alert evaluation after writes", () => {
  it("a ship without data says no-data for every rule and raises nothing", async () => {
    const out = await evaluateShip(
      { db: t.db, jobs: t.app.jobs, log: t.app.log },
      owner.orgId,
      shipId,
      new Date(),
    );
    expect(out.map((o) => o.result.state)).toEqual(out.map(() => "no-data"));
    expect(out.every((o) => o.action === "none")).toBe(true);
    expect(await alertsOf()).toEqual([]);
  });

  it("healthy records raise nothing; records crossing the threshold open an alert within 60 s", async () => {
    await postFuel([30, 29, 28], 36);
    // the evaluation of the healthy records ran (a job) and left no alert
    await until(
      async () =>
        (
          await t.database.pool.query(
            "select count(*)::int n from pgboss.job where name = 'alert-evaluate' and state = 'completed'",
          )
        ).rows[0].n,
      (n) => n >= 1,
      30_000,
    );
    expect(await alertsOf()).toEqual([]);
    const written = Date.now();
    await postFuel([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 42);
    const [alert] = await until(alertsOf, (a) => a.length === 1, 60_000);
    expect(Date.now() - written).toBeLessThan(60_000);
    expect(alert!.status).toBe("open");
    expect(alert!.figure).toBeGreaterThan(3);
    expect(alert!.link).toBe(
      `/dashboard/${shipId}?voyage=all&range=7days&engine=main&section=fuel-fuel-performance`,
    );
    const n = await until(
      async () => sent.filter((s) => s.event === "opened" && s.type === "fuelEfficiency"),
      (s) => s.length === 1,
      10_000,
    );
    expect(n[0]).toMatchObject({
      orgId: owner.orgId,
      shipId,
      shipName: "Ship 0",
      type: "fuelEfficiency",
      severity: "high",
      notificationMethod: "dashboard",
      figure: { unit: "%", threshold: 3 },
    });
    expect(n[0]!.figure.value).toBeCloseTo(alert!.figure, 6);
  }, 120_000);

  it("resolves automatically when the condition clears, and says so in the history", async () => {
    // a raised threshold clears the condition: the saved configuration triggers an evaluation at once
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/alerts/config",
      headers: { cookie: owner.cookie },
      payload: {
        fuelEfficiency: { enabled: true, threshold: 50, severity: "high", notificationMethod: "email" },
      },
    });
    expect(res.statusCode).toBe(200);
    const [a] = await until(alertsOf, (x) => x[0]?.status === "resolved", 60_000);
    expect(a!.resolvedBy).toBeNull();
    await until(
      async () => sent.filter((s) => s.event === "resolved" && s.type === "fuelEfficiency"),
      (s) => s.length === 1,
      10_000,
    );
    expect(sent.find((s) => s.event === "resolved")).toMatchObject({
      notificationMethod: "email",
      type: "fuelEfficiency",
    });
  }, 120_000);
});

describe("two server processes", () => {
  it("evaluating the same ship at once give one alert and one notification", async () => {
    await t.app.inject({
      method: "PUT",
      url: "/api/alerts/config",
      headers: { cookie: owner.cookie },
      payload: { fuelEfficiency: null },
    });
    // the second process: the same app on the same database with pools, listener and queue of its own
    const database = { ...connectDatabase(t.database.url, 5), url: t.database.url };
    const second = await buildApp({
      db: database.db,
      database,
      config: loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", JOBS: "on" }),
    });
    await second.ready();
    try {
      const jobs = {
        send: async (_def: never, payload: never) => {
          sent.push(payload);
          return null;
        },
      } as never;
      const now = new Date();
      // make sure no queued evaluation from the configuration change races with the two below
      await new Promise((r) => setTimeout(r, 3_000));
      await t.database.pool.query(
        "update alerts set status = 'resolved', resolved_at = now() where status <> 'resolved'",
      );
      const opened = () => sent.filter((s) => s.event === "opened" && s.type === "fuelEfficiency").length;
      const before = opened();
      const [a, b] = await Promise.all([
        evaluateShip({ db: t.db, jobs, log: t.app.log }, owner.orgId, shipId, now),
        evaluateShip({ db: database.db, jobs, log: second.log }, owner.orgId, shipId, now),
      ]);
      const actions = [a, b].map((o) => o.find((x) => x.type === "fuelEfficiency")!.action).sort();
      expect(actions).toEqual(["opened", "refreshed"]);
      const open = await t.database.pool.query(
        "select count(*)::int n from alerts where ship_id = $1 and type = 'fuelEfficiency' and status = 'open'",
        [shipId],
      );
      expect(open.rows[0].n).toBe(1);
      expect(opened() - before).toBe(1);
    } finally {
      await second.close();
      await database.close();
    }
  }, 60_000);
});

describe("a database connection killed half-way", () => {
  it("fails that evaluation (the job retries), leaves no half-written alert, and the next one opens it once", async () => {
    await t.database.pool.query("delete from alerts where ship_id = $1", [shipId]);
    const locker = await t.database.pool.connect();
    try {
      // freeze the evaluation at its first alert write (its inputs read), then kill its connection
      await locker.query("begin");
      await locker.query("lock table alerts in access exclusive mode");
      const running = evaluateShip(
        { db: t.db, jobs: { send: async () => null } as never, log: t.app.log },
        owner.orgId,
        shipId,
        new Date(),
      );
      const outcome = running.then(
        () => "resolved",
        (err: Error) => `rejected: ${err.message}`,
      );
      const { rows } = await until(
        () =>
          locker.query(
            "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          ),
        (r) => r.rows.length > 0,
        20_000,
      );
      // every waiting connection (a queued evaluation job may wait beside ours: it is retried the same way)
      for (const r of rows) await locker.query("select pg_terminate_backend($1)", [r.pid]);
      await locker.query("rollback");
      expect(await outcome).toMatch(/^rejected/);
    } finally {
      locker.release();
    }
    const none = await t.database.pool.query("select count(*)::int n from alerts where ship_id = $1", [
      shipId,
    ]);
    expect(none.rows[0].n).toBe(0);
    const again = await evaluateShip(
      { db: t.db, jobs: { send: async () => null } as never, log: t.app.log },
      owner.orgId,
      shipId,
      new Date(),
    );
    expect(again.find((o) => o.type === "fuelEfficiency")!.action).toBe("opened");
    const one = await t.database.pool.query(
      "select count(*)::int n from alerts where ship_id = $1 and type = 'fuelEfficiency'",
      [shipId],
    );
    expect(one.rows[0].n).toBe(1);
  }, 60_000);
});
