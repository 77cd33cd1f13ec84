/**
 * The admin panel's test runner (spec §2 'test runner', §8 'System Tests Completed'), run on the server:
 * a registry of checks, each answering pass or fail with a detail that starts with the specification's words
 * ('Connected successfully', 'Connection failed', 'No data', 'Data incomplete'). A feature adds its check as
 * one entry of SELF_TESTS (mail and webhook delivery come with the alerts).
 */

import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { DAY_MS } from "../../domain/time/units";
import { mailDeliveryTest, webhookDeliveryTest } from "../alerts/delivery/delivery-self-tests";
import type { Db } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/migrate";
import type { JobQueue } from "../jobs/job-queue";
import { FUEL_SUMS_SQL, fuelRecordsWithHours } from "../metrics/fuel-record-sql";

export type SelfTestContext = {
  db: Db;
  pool: pg.Pool;
  orgId: number;
  jobs: JobQueue | undefined;
  /** Whether a mail server is configured (app.mailer). */
  mailerAvailable: boolean;
  now: Date;
};
/**
 * A check's outcome. Only `fail` is a fault: a fresh install has no mail server, webhook or backup yet, and a
 * new organisation no rollup to compare; those say so in neutral (`not_configured`, `no_data`) and are not
 * counted among the tests run.
 */
export type SelfTestStatus = "pass" | "fail" | "not_configured" | "no_data";
export type SelfTestOutcome = { status: SelfTestStatus; detail: string };
export type SelfTest = { id: string; name: string; run: (ctx: SelfTestContext) => Promise<SelfTestOutcome> };

/** Days of the daily rollup compared with their raw records on each run. */
export const ROLLUP_SAMPLE_DAYS = 20;
/** A backup older than this fails the 'last backup' test. */
export const BACKUP_MAX_AGE_DAYS = 7;
/** Relative difference tolerated between a rollup sum and the same sum over the raw records (float sums). */
const SUM_TOLERANCE = 1e-9;

/** The migrations the code ships (drizzle-kit's journal). */
function journalEntries(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

const database: SelfTest = {
  id: "database",
  name: "Database reachable and migrated",
  async run({ pool }) {
    let applied: number;
    try {
      const res = await pool.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      applied = res.rows[0]?.n ?? 0;
    } catch (err) {
      return { status: "fail", detail: `Connection failed: ${(err as Error).message}` };
    }
    const shipped = journalEntries();
    if (applied < shipped)
      return { status: "fail", detail: `Data incomplete: ${applied} of ${shipped} migrations applied` };
    return { status: "pass", detail: `Connected successfully: ${applied} of ${shipped} migrations applied` };
  },
};

const SUMS = ["records", "fuel_t", "energy_kwh", "distance_nm", "co2_t"] as const;

const rollups: SelfTest = {
  id: "rollups",
  name: "Rollups consistent with raw records",
  async run({ db, orgId }) {
    const sample = await db.execute(
      sql`select ship_id, day::text as day, consumer, fuel_grade, ${sql.raw(SUMS.join(", "))}
          from fuel_daily where org_id = ${orgId} order by random() limit ${ROLLUP_SAMPLE_DAYS}`,
    );
    if (sample.rows.length === 0)
      return { status: "no_data", detail: "No data: no daily rollup to compare yet" };
    const differ: string[] = [];
    for (const r of sample.rows as Record<string, string | number>[]) {
      const from = sql`${`${r.day}T00:00:00Z`}::timestamptz`;
      const to = sql`(${`${r.day}T00:00:00Z`}::timestamptz + interval '1 day')`;
      // the rollup's own definition of a day's sums: the same records with hours and the same sums
      const raw = await db.execute(
        sql`select ${FUEL_SUMS_SQL} from ${fuelRecordsWithHours(orgId, sql`${Number(r.ship_id)}`, from, to)} f
            where consumer = ${r.consumer} and fuel_grade = ${r.fuel_grade}`,
      );
      const x = raw.rows[0] as Record<string, number | null>;
      const same = SUMS.every((k) => {
        const a = Number(r[k] ?? 0);
        const b = Number(x[k] ?? 0);
        return Math.abs(a - b) <= SUM_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
      });
      if (!same) differ.push(`ship ${r.ship_id} ${r.day} ${r.consumer} ${r.fuel_grade}`);
    }
    if (differ.length > 0)
      return {
        status: "fail",
        detail: `Data incomplete: ${differ.length} of ${sample.rows.length} sampled days differ from their records (${differ.slice(0, 3).join("; ")})`,
      };
    return {
      status: "pass",
      detail: `Connected successfully: ${sample.rows.length} sampled days match their records`,
    };
  },
};

const jobQueue: SelfTest = {
  id: "job-queue",
  name: "Job queue alive",
  async run({ jobs }) {
    if (!jobs?.enabled)
      return { status: "not_configured", detail: "Not configured: background jobs are off (JOBS=off)" };
    if (!jobs.running) return { status: "fail", detail: "Connection failed: the job queue has not started" };
    try {
      const states = await jobs.states();
      const failed = states.reduce((s, q) => s + q.failed, 0);
      const queued = states.reduce((s, q) => s + q.queued, 0);
      return {
        status: "pass",
        detail: `Connected successfully: ${states.length} queues, ${queued} jobs queued, ${failed} failed`,
      };
    } catch (err) {
      return { status: "fail", detail: `Connection failed: ${(err as Error).message}` };
    }
  },
};

const lastBackup: SelfTest = {
  id: "last-backup",
  name: "Last backup age",
  async run({ pool, orgId, now }) {
    const res = await pool.query<{ at: Date | null }>(
      "select max(created_at) as at from database_backups where org_id = $1",
      [orgId],
    );
    const at = res.rows[0]?.at;
    if (!at) return { status: "not_configured", detail: "Not configured: no backup taken yet" };
    const days = (now.getTime() - at.getTime()) / DAY_MS;
    const age = days < 1 ? `${Math.max(0, Math.round(days * 24))} h` : `${Math.round(days)} days`;
    if (days > BACKUP_MAX_AGE_DAYS)
      return {
        status: "fail",
        detail: `Data incomplete: last backup ${age} ago (over ${BACKUP_MAX_AGE_DAYS} days)`,
      };
    return { status: "pass", detail: `Connected successfully: last backup ${age} ago` };
  },
};

/** Every self-test, in the order the runner shows them. Add a feature's check here, one entry. */
export const SELF_TESTS: SelfTest[] = [
  database,
  rollups,
  jobQueue,
  lastBackup,
  mailDeliveryTest,
  webhookDeliveryTest,
];

/** Runs every self-test; a test that throws fails with 'API error' and its message, the others still run. */
export async function runSelfTests(ctx: SelfTestContext, tests: readonly SelfTest[] = SELF_TESTS) {
  const results: Array<SelfTestOutcome & { id: string; name: string; passed: boolean; durationMs: number }> =
    [];
  for (const test of tests) {
    const t0 = performance.now();
    let outcome: SelfTestOutcome;
    try {
      outcome = await test.run(ctx);
    } catch (err) {
      outcome = { status: "fail", detail: `API error: ${(err as Error).message}` };
    }
    const passed = outcome.status === "pass";
    results.push({ id: test.id, name: test.name, passed, ...outcome, durationMs: performance.now() - t0 });
  }
  const count = (status: SelfTestStatus) => results.filter((r) => r.status === status).length;
  return {
    results,
    passed: count("pass"),
    failed: count("fail"),
    // the tests that ran: what is not set up yet is neither passed nor failed
    total: count("pass") + count("fail"),
    notConfigured: count("not_configured") + count("no_data"),
  };
}
