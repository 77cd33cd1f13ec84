/**
 * Database Admin on the simulator's full model (weather, fouling, drift, noise, maintenance events): two
 * organisations with the same simulated ship; backup → restore into a fresh organisation gives the same rows
 * in every table (ids aside); a retention cleanup deletes exactly the caller's records older than the cutoff
 * and a restore of the backup taken before brings them back; a connection killed mid-restore leaves the
 * target empty; roles and tenancy.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retentionCutoff } from "../../domain/database/retention";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { ROLLUP_TABLES } from "../rollups/daily-rollup";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";
import { multipartBody } from "../uploads/upload-test-helpers";
import { ident, ORG_TABLES } from "./org-tables";
import { RESTORE_APPLICATION_NAME } from "./restore";
import { CLEANUP_APPLICATION_NAME, SERIES_TIME_TABLES } from "./retention";

let t: Awaited<ReturnType<typeof createTestApp>>;
let a: TestUser;
let b: TestUser;
const now = Date.now();
const simulation = () =>
  new FleetSimulation({
    ships: [{ shipType: "bulk_carrier" }],
    seed: 7,
    cadence: "1h",
    // 15 months hourly: three months (~2,200 records) older than the shortest retention the cleanup allows (12)
    ...spanEnding(now, 1.25, "1h"),
  });

/** A new owner whose session is elevated (cleanup and restore need the password re-entered: step-up). */
async function ownerStepped() {
  const user = await t.registerOwner();
  expect((await t.stepUp(user)).statusCode).toBe(200);
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await ownerStepped();
  b = await ownerStepped();
  await loadFleet(t.database.pool, a.orgId, simulation());
  await loadFleet(t.database.pool, b.orgId, simulation());
  for (const o of [a, b]) {
    await t.database.pool.query(
      "insert into fuel_prices (org_id, fuel_type, price_per_tonne, valid_from) values ($1, 'HFO', 612.5, '2024-01-01')",
      [o.orgId],
    );
    await t.database.pool.query(
      `insert into uploads (org_id, user_id, file_name, size_bytes, sha256, data_type, status, rows_total)
       values ($1, $2, 'fuel.csv', 1234, 'ab', 'fuel', 'completed', 10)`,
      [o.orgId, o.userId],
    );
  }
}, 300_000);
afterAll(() => t?.close());

const TABLES = [...ORG_TABLES.map((x) => x.name), ...ROLLUP_TABLES, "hull_daily"];

/**
 * A fingerprint of every table of an organisation: row count and the md5 of its rows' values, with identity ids,
 * org ids and references to users left out and every reference to a ship or voyage read as that row's rank
 * among its organisation's ships or voyages by id (the order a restore keeps).
 */
async function fingerprint(orgId: number): Promise<Record<string, { n: number; md5: string | null }>> {
  const out: Record<string, { n: number; md5: string | null }> = {};
  for (const table of TABLES) {
    // the audit trail is append-only and records the step-up, backup and restore themselves: compared apart
    if (table === "audit_log") continue;
    const meta = ORG_TABLES.find((x) => x.name === table);
    const cols = (
      await t.database.pool.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position",
        [table],
      )
    ).rows.map((r) => r.column_name);
    const joins: string[] = [];
    const exprs: string[] = [];
    for (const c of cols) {
      if (c === "org_id" || c === meta?.identity || meta?.foreign.includes(c) || c === "created_at") continue;
      const target =
        c === "ship_id" ? "ships" : c === "voyage_id" ? "voyages" : c === "upload_id" ? "uploads" : null;
      if (target) {
        const alias = `j${joins.length}`;
        joins.push(
          `left join (select id, row_number() over (order by id) as rn from ${target} where org_id = $1) ${alias} on ${alias}.id = x.${ident(c)}`,
        );
        exprs.push(`${alias}.rn`);
      } else exprs.push(`x.${ident(c)}`);
    }
    const res = await t.database.pool.query<{ n: number; md5: string | null }>(
      `select count(*)::int as n, md5(string_agg(r, E'\\n' order by r)) as md5 from (
         select row(${exprs.join(", ")})::text as r from ${ident(table)} x ${joins.join(" ")} where x.org_id = $1) q`,
      [orgId],
    );
    out[table] = res.rows[0]!;
  }
  return out;
}

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function backup(user: TestUser): Promise<Buffer> {
  const res = await call(user, "GET", "/api/database/backup");
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-disposition"]).toMatch(
    /attachment; filename="sextant-backup-.+-\d{4}-\d{2}-\d{2}\.gz"/,
  );
  return res.rawPayload;
}

function restore(user: TestUser, archive: Buffer) {
  const { payload: body, contentType } = multipartBody([
    { name: "file", filename: "backup.gz", content: archive },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/database/restore",
    headers: { cookie: user.cookie, "content-type": contentType },
    payload: body,
  });
}

/**
 * The archive as a release before `column` was added would have written it: the column left out of the header,
 * the table's line and its rows, the manifest's checksum recomputed.
 */
function withoutColumn(archive: Buffer, table: string, column: string): Buffer {
  const lines = zlib.gunzipSync(archive).toString("utf8").split("\n");
  const header = JSON.parse(lines[0]!);
  for (const x of header.tables)
    if (x.name === table) x.columns = x.columns.filter((c: string) => c !== column);
  lines[0] = JSON.stringify(header);
  const start = lines.findIndex((l) => l.startsWith(`{"table":"${table}"`));
  const entry = JSON.parse(lines[start]!);
  const at = entry.columns.indexOf(column);
  expect(at).toBeGreaterThanOrEqual(0);
  lines[start] = JSON.stringify({ ...entry, columns: entry.columns.filter((c: string) => c !== column) });
  const hash = createHash("sha256");
  let i = start + 1;
  for (; lines[i] !== "\\."; i++) {
    const cells = lines[i]!.split("\t");
    cells.splice(at, 1);
    lines[i] = cells.join("\t");
    hash.update(`${lines[i]}\n`);
  }
  const last = lines.findLastIndex((l) => l.startsWith('{"manifest"'));
  const manifest = JSON.parse(lines[last]!);
  manifest.manifest.tables[table].sha256 = hash.digest("hex");
  lines[last] = JSON.stringify(manifest);
  return zlib.gzipSync(lines.join("\n"));
}

describe("backup and restore", () => {
  let archive: Buffer;
  let before: Awaited<ReturnType<typeof fingerprint>>;
  beforeAll(async () => {
    before = await fingerprint(a.orgId);
    archive = await backup(a);
  }, 120_000);

  it("the archive is versioned, lists every organisation table and leaves secrets out", () => {
    const lines = zlib.gunzipSync(archive).toString("utf8").trimEnd().split("\n");
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: "sextant-backup", version: 1 });
    expect(header.tables.map((x: { name: string }) => x.name).sort()).toEqual(
      ORG_TABLES.map((x) => x.name).sort(),
    );
    expect(Object.keys(header.excluded)).toEqual(expect.arrayContaining(["sessions", "memberships"]));
    const manifest = JSON.parse(lines.at(-1)!).manifest;
    expect(manifest.tables.fuel_data.rows).toBe(before.fuel_data!.n);
    expect(lines.join("\n")).not.toContain("password_hash");
  });

  it("restores into a fresh organisation with the same rows in every table (ids aside)", async () => {
    expect(before.fuel_data!.n).toBeGreaterThan(10_000);
    const c = await ownerStepped();
    const res = await restore(c, archive);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ships).toBe(1);
    const after = await fingerprint(c.orgId);
    for (const table of TABLES) expect({ table, ...after[table] }).toEqual({ table, ...before[table] });
    // the backup's audit entries are added to the restored organisation's own (append-only)
    const kinds = async (orgId: number) =>
      (await t.database.pool.query("select kind from audit_log where org_id = $1", [orgId])).rows.map(
        (r) => r.kind,
      );
    const source = await kinds(a.orgId);
    expect(source).toContain("database.backup");
    expect(await kinds(c.orgId)).toEqual(
      expect.arrayContaining(source.filter((k) => k !== "database.backup")),
    );
  }, 120_000);

  it("restores a backup taken before fuel grades (fuel_data without fuel_grade): each record's grade is its class's", async () => {
    const old = withoutColumn(archive, "fuel_data", "fuel_grade");
    expect(zlib.gunzipSync(old).toString("utf8")).not.toContain("fuel_grade");
    const c = await ownerStepped();
    const res = await restore(c, old);
    expect(res.statusCode, res.body).toBe(200);
    const after = await fingerprint(c.orgId);
    for (const table of TABLES) expect({ table, ...after[table] }).toEqual({ table, ...before[table] });
    const grades = await t.database.pool.query(
      "select distinct fuel_grade, fuel_type from fuel_data where org_id = $1 order by 1",
      [c.orgId],
    );
    expect(grades.rows.length).toBeGreaterThan(0);
    for (const r of grades.rows) expect(r.fuel_grade).toBe(r.fuel_type);
  }, 120_000);

  it("refuses an organisation with ships (409), a truncated archive (400) and viewers (403)", async () => {
    expect((await restore(a, archive)).statusCode).toBe(409);
    const c = await ownerStepped();
    const cut = zlib.gzipSync(zlib.gunzipSync(archive).subarray(0, 200_000));
    const res = await restore(c, cut);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("file");
    expect(
      (await t.database.pool.query("select count(*)::int as n from ships where org_id = $1", [c.orgId]))
        .rows[0].n,
    ).toBe(0);
    for (const [method, url] of [
      ["GET", "/api/database/stats"],
      ["GET", "/api/database/integrity"],
      ["GET", "/api/database/backup"],
      ["POST", "/api/database/cleanup"],
      ["POST", "/api/database/self-tests"],
    ] as const)
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    const viewer = await t.addMember(c, "viewer");
    const analyst = await t.addMember(c, "analyst");
    for (const u of [viewer, analyst]) {
      expect((await restore(u, archive)).statusCode).toBe(403);
      expect((await call(u, "GET", "/api/database/backup")).statusCode).toBe(403);
      expect((await call(u, "POST", "/api/database/cleanup", { retentionMonths: 24 })).statusCode).toBe(403);
      // an owner whose session is not elevated: 403 step_up_required
      const unelevated = await t.registerOwner();
      const refused = await call(unelevated, "POST", "/api/database/cleanup", {
        retentionMonths: 24,
        dryRun: true,
      });
      expect(refused.json().error.code).toBe("step_up_required");
      // the backup carries the whole organisation away: it needs the password again too (issue 30 finding 6)
      const backupRefused = await call(unelevated, "GET", "/api/database/backup");
      expect(backupRefused.statusCode).toBe(403);
      expect(backupRefused.json().error.code).toBe("step_up_required");
      expect((await call(u, "POST", "/api/database/optimize")).statusCode).toBe(403);
      expect((await call(u, "POST", "/api/database/self-tests")).statusCode).toBe(403);
      expect((await call(u, "GET", "/api/database/stats")).statusCode).toBe(200);
    }
  }, 60_000);

  it("a connection killed mid-restore leaves the organisation empty and the server answering", async () => {
    const c = await ownerStepped();
    const pending = restore(c, archive);
    let killed = false;
    for (let i = 0; i < 400 && !killed; i++) {
      const r = await t.database.pool.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and state = 'active' and query ilike 'copy%'",
        [RESTORE_APPLICATION_NAME],
      );
      killed = r.rows.some((x) => x.ok);
      if (!killed) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(killed).toBe(true);
    const res = await pending;
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    for (const table of TABLES) {
      const n = await t.database.pool.query(
        `select count(*)::int as n from ${ident(table)} where org_id = $1`,
        [c.orgId],
      );
      // settings exist from the start and the audit trail holds the step-up: neither comes from the archive
      const own = table === "org_settings" || table === "audit_log";
      expect({ table, n: n.rows[0].n }).toEqual({ table, n: own ? n.rows[0].n : 0 });
    }
    expect((await call(c, "GET", "/api/database/stats")).statusCode).toBe(200);
    // and the same archive then restores whole
    expect((await restore(c, archive)).statusCode).toBe(200);
  }, 120_000);

  describe("retention cleanup", () => {
    it("refuses 11 and 121 months with the field named", async () => {
      for (const months of [11, 121, 24.5]) {
        const res = await call(a, "POST", "/api/database/cleanup", { retentionMonths: months });
        expect(res.statusCode).toBe(400);
        expect(JSON.stringify(res.json().error.details)).toContain("retentionMonths");
      }
    });

    it("a connection killed mid-cleanup deletes nothing and the server answers", async () => {
      const pending = call(a, "POST", "/api/database/cleanup", { retentionMonths: 12 });
      let killed = false;
      for (let i = 0; i < 2000 && !killed; i++) {
        const r = await t.database.pool.query(
          "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1",
          [CLEANUP_APPLICATION_NAME],
        );
        killed = r.rows.some((x) => x.ok);
      }
      expect(killed).toBe(true);
      expect((await pending).statusCode).toBeGreaterThanOrEqual(500);
      expect(await fingerprint(a.orgId)).toEqual(before);
      expect((await call(a, "GET", "/api/database/stats")).statusCode).toBe(200);
    }, 60_000);

    it("a dry run counts exactly the records older than the cutoff and writes nothing", async () => {
      const res = await call(a, "POST", "/api/database/cleanup", { retentionMonths: 12, dryRun: true });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.deletedRecords).toBe(0);
      const cutoff = new Date(body.cutoff);
      expect(Math.abs(cutoff.getTime() - retentionCutoff(new Date(), 12).getTime())).toBeLessThan(60_000);
      for (const table of SERIES_TIME_TABLES) {
        const n = await t.database.pool.query(
          `select count(*)::int as n from ${ident(table)} where org_id = $1 and ts < $2`,
          [a.orgId, cutoff],
        );
        expect({ table, n: body.wouldDelete[table] }).toEqual({ table, n: n.rows[0].n });
      }
      expect(body.wouldDelete.fuel_data).toBeGreaterThan(1000);
      expect(await fingerprint(a.orgId)).toEqual(before);
    });

    it("deletes them in the caller's organisation only, rollups recomputed; the backup brings them back", async () => {
      const otherBefore = await fingerprint(b.orgId);
      const res = await call(a, "POST", "/api/database/cleanup", { retentionMonths: 12 });
      expect(res.statusCode).toBe(200);
      const { deletedRecords, cutoff, wouldDelete } = res.json();
      expect(deletedRecords).toBe(
        Object.values(wouldDelete as Record<string, number>).reduce((x, y) => x + y, 0),
      );
      expect(deletedRecords).toBeGreaterThan(1000);
      for (const table of SERIES_TIME_TABLES) {
        const r = await t.database.pool.query(
          `select count(*) filter (where ts < $2)::int as old, count(*)::int as n from ${ident(table)} where org_id = $1`,
          [a.orgId, cutoff],
        );
        expect(r.rows[0].old).toBe(0);
        expect(r.rows[0].n).toBe(before[table]!.n - wouldDelete[table]);
      }
      const oldDays = await t.database.pool.query(
        "select count(*)::int as n from fuel_daily where org_id = $1 and day < ($2::timestamptz at time zone 'UTC')::date",
        [a.orgId, cutoff],
      );
      expect(oldDays.rows[0].n).toBe(0);
      expect(await fingerprint(b.orgId)).toEqual(otherBefore);
      const tests = (await call(a, "POST", "/api/database/self-tests")).json();
      expect(tests.results.find((r: { id: string }) => r.id === "rollups")).toMatchObject({ passed: true });
      // the backup taken before the cleanup restores every deleted record
      const d = await ownerStepped();
      expect((await restore(d, archive)).statusCode).toBe(200);
      expect(await fingerprint(d.orgId)).toEqual(before);
    }, 120_000);
  });
});

describe("stats, integrity, optimise, self-tests", () => {
  it("stats count the caller's records and measure storage", async () => {
    const res = await call(b, "GET", "/api/database/stats");
    expect(res.statusCode).toBe(200);
    const s = res.json();
    const count = async (table: string) =>
      (await t.database.pool.query(`select count(*)::int as n from ${table} where org_id = $1`, [b.orgId]))
        .rows[0].n;
    expect(s.totalShips).toBe(1);
    expect(s.totalFuelRecords).toBe(await count("fuel_data"));
    expect(s.totalEnvironmentalRecords).toBe(await count("environmental_data"));
    expect(s.totalVoyages).toBe(await count("voyages"));
    expect(s.averageSfoc).toBeGreaterThan(150);
    expect(s.averageSfoc).toBeLessThan(250);
    expect(s.dataQuality).toBeGreaterThan(0);
    expect(new Date(s.oldestRecord).getTime()).toBeLessThan(new Date(s.newestRecord).getTime());
    const fuel = s.storage.find((x: { table: string }) => x.table === "fuel_data");
    expect(fuel.totalBytes).toBeGreaterThan(1_000_000);
    expect(["good", "warning", "critical"]).toContain(fuel.tone);
    const empty = (await call(await ownerStepped(), "GET", "/api/database/stats")).json();
    expect(empty).toMatchObject({
      totalShips: 0,
      totalFuelRecords: 0,
      dataQuality: null,
      averageSfoc: null,
      oldestRecord: null,
    });
  });

  it("integrity names ships, periods and failed checks", async () => {
    const res = await call(b, "GET", "/api/database/integrity");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const fuel = body.tables.find((x: { table: string }) => x.table === "fuel_data");
    expect(fuel.records).toBeGreaterThan(10_000);
    expect(fuel.qualityPercent).toBeGreaterThan(0);
    expect(fuel.qualityPercent).toBeLessThanOrEqual(100);
    // the checks say how many fuel records they read (issue 35 item 2: 'every record passes' of none)
    expect(body.fuelRecordsChecked).toBe(fuel.records);
    for (const r of body.recommendations) {
      expect(r.message).toContain(r.shipName);
      expect(r.message).toContain(r.check);
      expect(r.from <= r.to).toBe(true);
    }
  });

  it("integrity of an organisation without fuel records says it checked none", async () => {
    const owner = await ownerStepped();
    const ship = await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: { name: "Weather Only", imo: "9074729", type: "Bulk Carrier", deadweight: 50_000 },
    });
    expect(ship.statusCode, ship.body).toBe(201);
    const env = await t.app.inject({
      method: "POST",
      url: "/api/environmental-data",
      headers: { cookie: owner.cookie },
      payload: { shipId: ship.json().id, timestamp: "2025-03-01T00:00:00Z", windSpeed: 12 },
    });
    expect(env.statusCode, env.body).toBe(201);
    const body = (await call(owner, "GET", "/api/database/integrity")).json();
    expect(body.fuelRecordsChecked).toBe(0);
    expect(body.recommendations).toEqual([]);
    expect(body.tables.find((x: { table: string }) => x.table === "environmental_data").records).toBe(1);
  });

  it("optimise lists what it did; self-tests report each check, what is not set up yet in neutral", async () => {
    const res = await call(b, "POST", "/api/database/optimize");
    expect(res.statusCode).toBe(200);
    const { details } = res.json();
    expect(details.some((d: string) => d.startsWith("VACUUM ANALYZE fuel_data"))).toBe(true);
    expect(details.some((d: string) => d.startsWith("Daily rollups of"))).toBe(true);
    const before = (await call(b, "POST", "/api/database/self-tests")).json();
    expect(before.results.find((r: { id: string }) => r.id === "last-backup")).toMatchObject({
      status: "not_configured",
      passed: false,
      detail: "Not configured: no backup taken yet",
    });
    // a fresh organisation on a fresh install: nothing failed, three checks not set up yet (no red)
    expect(before).toMatchObject({ failed: 0 });
    expect(before.notConfigured).toBeGreaterThanOrEqual(3);
    await backup(b);
    const tests = (await call(b, "POST", "/api/database/self-tests")).json();
    const by = Object.fromEntries(tests.results.map((r: { id: string }) => [r.id, r]));
    expect(by.database).toMatchObject({ passed: true });
    expect(by.database.detail).toMatch(/^Connected successfully/);
    expect(by.rollups).toMatchObject({ passed: true });
    expect(by["job-queue"]).toMatchObject({ status: "not_configured", passed: false }); // JOBS=off in tests
    expect(by["last-backup"]).toMatchObject({ status: "pass", passed: true });
    // no SMTP_URL and no webhook in this organisation: both say so, in neutral
    expect(by["mail-delivery"]).toMatchObject({ status: "not_configured" });
    expect(by["mail-delivery"].detail).toContain("SMTP_URL");
    expect(by["webhook-delivery"]).toMatchObject({ status: "not_configured" });
    expect(tests).toMatchObject({ total: 3, passed: 3, failed: 0, notConfigured: 3 });
  }, 120_000);
});
