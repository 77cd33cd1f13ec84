/**
 * Read replicas (decision 044) against a real streaming standby: a scratch primary started here and a standby
 * made of it by `pg_basebackup -R`, paused, lagged and killed on purpose. Sextant reads the dashboard, the
 * sections and the sidebar from the standby when it is fit, the writer's own writes from the primary until the
 * standby has replayed them, and everything from the primary while the standby lags or is away — never an
 * error because of it.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { buildApp } from "../app";
import { SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import { WRITTEN_COOKIE } from "../http/read-routing";
import { loadFleet } from "../simulation/load-fleet";
import { postgresBinaries, StandbyCluster } from "../test/standby-cluster";
import { connectDatabase, type Database, type Db, DEFAULT_DATABASE_TIMEOUTS } from "./client";
import { applyMigrations } from "./migrate";
import { REPLICA_APPLICATION_NAME, ReadReplicas } from "./read-replicas";

const bin = postgresBinaries();
if (!bin)
  console.warn(
    "(skipped: read replicas — no PostgreSQL binaries (initdb, pg_ctl, pg_basebackup) in /usr/lib/postgresql/*/bin or PG_BIN)",
  );

const MAX_LAG_MS = 1_000;

let cluster: StandbyCluster;
let database: Database;
/** Sextant with the standby as its replica, and a second process of it on the same databases. */
let app: FastifyInstance;
let other: FastifyInstance;
type User = { cookie: string; orgId: number; shipId: number };
let owner: User;
let stranger: User;

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    JOBS: "off",
    ANSWER_CACHE_MB: "0", // every read computed: each request is routed afresh
    HEAVY_WORK_THREADS: "0",
    DATABASE_URL: cluster.primaryUrl,
    DATABASE_REPLICA_URLS: cluster.standbyUrl,
    DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
    OPERATOR_EMAILS: "replica1@example.com", // the owner: reads the instance health
    ...env,
  });

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let registered = 0;
async function registerWithFleet(seed: number): Promise<User> {
  registered += 1;
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: `10.9.0.${registered}`,
    payload: {
      email: `replica${registered}@example.com`,
      password: "correct horse battery",
      firstName: "Test",
      organizationName: `Replica org ${registered}`,
    },
  });
  expect(res.statusCode).toBe(201);
  const orgId = res.json().organization.id as number;
  const fleet = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier" }],
    seed,
    cadence: "1h",
    ...spanEnding(Date.now() - 3_600_000, 30 / 365, "1h"),
  });
  await loadFleet(database.pool, orgId, fleet);
  const ship = await database.pool.query("select id from ships where org_id = $1", [orgId]);
  return { cookie: `${SESSION_COOKIE}=${session(res)}`, orgId, shipId: ship.rows[0].id };
}

function session(res: LightMyRequestResponse): string {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

const dashboard = (user: User) => `/api/dashboard/${user.shipId}?range=30days`;
const section = (user: User) => `/api/ships/${user.shipId}/analysis/fuel-fuel-cost?range=30days`;

/** GET `url` as `user` on `on`; where it was read (the counts of app.reads) and the answer. */
async function read(user: User, url: string, on = app) {
  const before = { ...on.reads.counts };
  const res = await on.inject({ url, headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const after = on.reads.counts;
  const moved = (["replica", "primary", "fallback"] as const).filter((k) => after[k] !== before[k]);
  expect(moved).toHaveLength(1);
  return { from: moved[0]!, res };
}

/** Writes a fuel record as `user` through `on`; the caller's cookie then carries the write's position. */
async function writeFuel(user: User, on = app, keepCookie = true): Promise<string> {
  const timestamp = new Date(Date.now() - 30_000).toISOString();
  const res = await on.inject({
    method: "POST",
    url: "/api/fuel-data",
    headers: { cookie: user.cookie },
    payload: { shipId: user.shipId, timestamp, sfoc: 171.5, fuelConsumptionRate: 22, fuelType: "HFO" },
  });
  expect(res.statusCode, res.body).toBe(201);
  const written = res.cookies.find((c) => c.name === WRITTEN_COOKIE);
  expect(written?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
  if (keepCookie) user.cookie = `${user.cookie.split(";")[0]}; ${WRITTEN_COOKIE}=${written!.value}`;
  return timestamp;
}

/** The standby is fit: probed up, caught up with the primary's position now. */
async function standbyCaughtUp(on = app) {
  const { rows } = await database.pool.query<{ lsn: string }>("select pg_current_wal_lsn()::text lsn");
  await waitFor("the standby to catch up", async () => {
    const [replayed] = await cluster.onStandby<{ ok: boolean }>(
      `select pg_last_wal_replay_lsn() >= '${rows[0]!.lsn}'::pg_lsn ok`,
    );
    if (!replayed?.ok) return undefined;
    await on.reads.poll();
    const [s] = on.reads.status();
    return s?.up && s.lagMs !== null && s.lagMs <= MAX_LAG_MS && s.reading;
  });
}

/** Reads by Sextant's replica connections on the standby since `since` (the standby's clock). */
async function standbyReadsSince(since: string): Promise<number> {
  const [row] = await cluster.onStandby<{ n: number }>(
    `select count(*)::int n from pg_stat_activity
     where application_name = '${REPLICA_APPLICATION_NAME}' and query_start >= '${since}'::timestamptz`,
  );
  return row!.n;
}

/** Runs `fn` with the standby's replay paused; resumed after, whatever happens. */
async function withReplayPaused<T>(fn: () => Promise<T>): Promise<T> {
  await cluster.onStandby("select pg_wal_replay_pause()");
  try {
    return await fn();
  } finally {
    await cluster.onStandby("select pg_wal_replay_resume()");
  }
}

/** `reader` reads the owner's write from the primary, while another organisation still reads the standby. */
async function seenOnPrimaryOnly(reader: User, timestamp: string) {
  const mine = await read(reader, dashboard(owner));
  expect(mine.from).toBe("primary");
  expect(mine.res.json().current.fuel.timestamp).toBe(timestamp);
  expect((await read(stranger, dashboard(stranger))).from).toBe("replica");
}

const standbyNow = async () => (await cluster.onStandby<{ now: string }>("select now()::text now"))[0]!.now;

describe.skipIf(!bin)("read replicas on a real streaming standby (pg_basebackup -R)", () => {
  beforeAll(async () => {
    cluster = await StandbyCluster.start(bin!);
    database = connectDatabase(cluster.primaryUrl, 5);
    await applyMigrations(database);
    app = await buildApp({ db: database.db, database, config: config() });
    other = await buildApp({ db: database.db, database, config: config() });
    await Promise.all([app.ready(), other.ready()]);
    owner = await registerWithFleet(44);
    stranger = await registerWithFleet(45);
    await standbyCaughtUp();
    await standbyCaughtUp(other);
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await app?.close();
    await database?.close();
    await cluster?.stop();
  });

  it("a section, the dashboard and the sidebar are read on the standby (its connections ran them), equal to the primary's answer", async () => {
    const since = await standbyNow();
    const fromStandby = await read(owner, section(owner));
    expect(fromStandby.from).toBe("replica");
    expect(await standbyReadsSince(since)).toBeGreaterThan(0);
    expect((await read(owner, dashboard(owner))).from).toBe("replica");
    expect((await read(owner, `/api/ships/${owner.shipId}/analysis-summary?range=30days`)).from).toBe(
      "replica",
    );
    // the same answer as a Sextant without replicas gives
    const primaryOnly = await buildApp({
      db: database.db,
      database,
      config: config({ DATABASE_REPLICA_URLS: "" }),
    });
    const res = await primaryOnly.inject({ url: section(owner), headers: { cookie: owner.cookie } });
    await primaryOnly.close();
    // equal but for the range's 'now' (each computed at its own instant)
    const withoutNow = ({ range: _, ...answer }: Record<string, unknown>) => answer;
    expect(withoutNow(res.json())).toEqual(withoutNow(fromStandby.res.json()));
  });

  it("right after a write the writer reads from the primary (and sees the write) until the standby has replayed it; another organisation meanwhile reads the standby", async () => {
    const timestamp = await withReplayPaused(async () => {
      const written = await writeFuel(owner);
      await seenOnPrimaryOnly(owner, written);
      return written;
    });
    await standbyCaughtUp();
    const replayed = await read(owner, dashboard(owner));
    expect(replayed.from).toBe("replica");
    expect(replayed.res.json().current.fuel.timestamp).toBe(timestamp);
  });

  it("a write through another process (no cookie here, nothing noted here): the data version sends the cached routes to the primary", async () => {
    await withReplayPaused(async () => {
      const written = await writeFuel(owner, other, false);
      await seenOnPrimaryOnly({ ...owner, cookie: owner.cookie.split(";")[0]! }, written);
    });
    await standbyCaughtUp();
  });

  it("with replay paused and the primary writing, past the lag bound every read goes to the primary; resumed, back to the standby", async () => {
    await withReplayPaused(async () => {
      await writeFuel(owner, other, false); // the primary moves on; the standby does not follow
      await waitFor("the lag to pass the bound", async () => {
        await app.reads.poll();
        return (app.reads.status()[0]!.lagMs ?? 0) > MAX_LAG_MS;
      });
      expect(app.reads.status()[0]).toMatchObject({ up: true, reading: false });
      const health = await app.inject({ url: "/api/instance/health", headers: { cookie: owner.cookie } });
      expect(health.statusCode, health.body).toBe(200);
      expect(health.json().replicas).toMatchObject({
        maxLagMs: MAX_LAG_MS,
        standbys: [{ name: expect.stringMatching(/^replica 1 \(/), up: true, reading: false }],
      });
      const since = await standbyNow();
      expect((await read(stranger, section(stranger))).from).toBe("primary");
      expect((await read(stranger, dashboard(stranger))).from).toBe("primary");
      expect(await standbyReadsSince(since)).toBe(0);
    });
    await standbyCaughtUp();
    expect((await read(stranger, section(stranger))).from).toBe("replica");
  });

  it("the standby killed (pg_ctl stop -m immediate): reads answer 200 from the primary; started again, reads return to it", async () => {
    expect((await read(stranger, dashboard(stranger))).from).toBe("replica"); // its pool holds connections
    await cluster.killStandby();
    try {
      // the first call after the kill: its reads fall back or go to the primary (a dashboard reads more than
      // once, and the first failure marks the standby down for the rest), never to the dead standby
      const before = { ...app.reads.counts };
      const res = await app.inject({ url: dashboard(stranger), headers: { cookie: stranger.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(app.reads.counts.replica).toBe(before.replica);
      await app.reads.poll();
      expect(app.reads.status()[0]).toMatchObject({ up: false, lagMs: null, reading: false });
      for (let i = 0; i < 3; i++) expect((await read(stranger, section(stranger))).from).toBe("primary");
    } finally {
      await cluster.startStandby();
    }
    await standbyCaughtUp();
    expect((await read(stranger, section(stranger))).from).toBe("replica");
    expect((await read(owner, dashboard(owner))).from).toBe("replica");
  }, 30_000);

  it("the standby frozen (every process stopped, sockets open): its probe gives up within 2 s and reads go to the primary; thawed, they return", async () => {
    expect((await read(stranger, section(stranger))).from).toBe("replica");
    cluster.signalStandby("SIGSTOP");
    try {
      const started = Date.now();
      await app.reads.poll();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(app.reads.status()[0]).toMatchObject({ up: false, reading: false });
      const before = { ...app.reads.counts };
      const at = Date.now();
      for (let i = 0; i < 3; i++) expect((await read(stranger, section(stranger))).from).toBe("primary");
      expect(Date.now() - at).toBeLessThan(5_000);
      expect(app.reads.counts.replica).toBe(before.replica);
    } finally {
      cluster.signalStandby("SIGCONT");
    }
    await standbyCaughtUp();
    expect((await read(stranger, section(stranger))).from).toBe("replica");
  }, 30_000);

  it("a read on a standby that froze meanwhile gives up at the client's statement bound and runs on the primary", async () => {
    // probes only at start, and a short statement bound: the read itself meets the frozen standby
    const reads = new ReadReplicas(database, [cluster.standbyUrl], {
      maxLagMs: 60_000,
      connections: 1,
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 1_000 },
      pollMs: 3_600_000,
    });
    await reads.start();
    const where = async (db: Db) =>
      (await db.execute<{ standby: boolean }>(sql`select pg_is_in_recovery() standby`)).rows[0]!.standby;
    expect(await reads.read({ orgId: owner.orgId }, where)).toBe(true); // its one connection is open
    cluster.signalStandby("SIGSTOP");
    try {
      const at = Date.now();
      expect(await reads.read({ orgId: owner.orgId }, where)).toBe(false);
      expect(Date.now() - at).toBeLessThan(5_000);
      expect(reads.counts).toEqual({ replica: 1, primary: 0, fallback: 1 });
      expect(reads.status()[0]).toMatchObject({ up: false });
    } finally {
      cluster.signalStandby("SIGCONT");
      await reads.close();
    }
  }, 30_000);

  it("a read under way when the standby dies is run again on the primary (the replica marked down at once)", async () => {
    // probes only at start: nothing but the failed read itself can tell that the standby went away
    const reads = new ReadReplicas(database, [cluster.standbyUrl], {
      maxLagMs: 60_000,
      connections: 2,
      timeouts: DEFAULT_DATABASE_TIMEOUTS,
      pollMs: 3_600_000,
    });
    await reads.start();
    const where = async (db: Db) =>
      (await db.execute<{ standby: boolean }>(sql`select pg_is_in_recovery() standby`)).rows[0]!.standby;
    expect(await reads.read({ orgId: owner.orgId }, where)).toBe(true);
    await cluster.killStandby();
    try {
      expect(await reads.read({ orgId: owner.orgId }, where)).toBe(false);
      expect(reads.counts).toEqual({ replica: 1, primary: 0, fallback: 1 });
      expect(reads.status()[0]).toMatchObject({ up: false });
      expect(await reads.read({ orgId: owner.orgId }, where)).toBe(false);
      expect(reads.counts.primary).toBe(1);
    } finally {
      await reads.close();
      await cluster.startStandby();
    }
  }, 30_000);

  it("a PDF report and an export are built from the standby, on the server's thread and in a report thread; with the standby killed, from the primary", async () => {
    const threaded = await buildApp({
      db: database.db,
      database,
      config: config({ HEAVY_WORK_THREADS: "1" }),
    });
    try {
      await threaded.ready();
      // both processes read the standby again (the test before restarted it: each sees it up at its own probe)
      await standbyCaughtUp(threaded);
      await standbyCaughtUp(app);
      const report = `/api/reports/vessel/${stranger.shipId}?range=30days`;
      const csv = `/api/exports/${stranger.shipId}?format=csv&type=fuel&range=30days`;
      for (const [on, url] of [
        [app, report],
        [app, csv],
        [threaded, report],
        [threaded, csv],
      ] as const) {
        const since = await standbyNow();
        expect((await read(stranger, url, on)).from, url).toBe("replica");
        expect(await standbyReadsSince(since), url).toBeGreaterThan(0);
      }
      await cluster.killStandby();
      try {
        for (const [on, url] of [
          [app, report],
          [threaded, csv],
        ] as const) {
          const res = await on.inject({ url, headers: { cookie: stranger.cookie } });
          expect(res.statusCode, url).toBe(200);
        }
        const csvFromPrimary = await threaded.inject({ url: csv, headers: { cookie: stranger.cookie } });
        expect(csvFromPrimary.body.split("\n").length).toBeGreaterThan(100);
      } finally {
        await cluster.startStandby();
      }
    } finally {
      await threaded.close();
    }
    await standbyCaughtUp();
  }, 60_000);

  it("measured: the dashboard computed on the standby and on the primary", async () => {
    await standbyCaughtUp();
    const time = async (on: FastifyInstance, n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await on.inject({ url: dashboard(stranger), headers: { cookie: stranger.cookie } });
        ms.push(performance.now() - t0);
        expect(res.statusCode).toBe(200);
      }
      ms.sort((a, b) => a - b);
      return ms[Math.floor(n / 2)]!;
    };
    const primaryOnly = await buildApp({
      db: database.db,
      database,
      config: config({ DATABASE_REPLICA_URLS: "" }),
    });
    await time(app, 3);
    await time(primaryOnly, 3);
    const viaReplica = await time(app, 15);
    const viaPrimary = await time(primaryOnly, 15);
    await primaryOnly.close();
    console.log(
      `dashboard (30 days of hourly data, cache off), median of 15: via the standby ${viaReplica.toFixed(1)} ms, on the primary ${viaPrimary.toFixed(1)} ms`,
    );
    expect(app.reads.counts.replica).toBeGreaterThan(15);
  });
});
