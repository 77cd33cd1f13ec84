/**
 * Planner statistics follow bulk writes (issue 20): after an upload the newest records lie inside the
 * statistics, so 'the last 30 days' is estimated from data rather than guessed as one row; small writes leave
 * the statistics to autovacuum.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip } from "../analysis/test-fixtures";
import { createTestApp, type TestUser, VALID_IMOS } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";
import { ANALYZE_MIN_ROWS, tablesToAnalyze } from "./table-statistics";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let imo: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  await createShip(t, owner, 0);
  imo = VALID_IMOS[0]!;
});
afterAll(() => t.close());

const HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";
/** Hourly fuel records from `start` (ms), `hours` of them. */
function fuelCsv(start: number, hours: number): string {
  const rows = Array.from({ length: hours }, (_, i) => {
    const ts = new Date(start + i * 3_600_000).toISOString();
    return `${imo},,${ts},180,24,75,12,12.5,7000,HFO,`;
  });
  return `${HEADER}\n${rows.join("\n")}\n`;
}

const upload = async (csv: string) => {
  const res = await uploadFile(t.app, owner, { filename: "fuel.csv", content: csv }, { dataType: "fuel" });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().errors).toEqual([]);
};

/** The newest timestamp the planner's histogram of fuel_data.ts knows, or null before any ANALYZE. */
async function newestInStatistics(): Promise<number | null> {
  const { rows } = await t.db.execute<{ bound: string | null }>(sql`
    select (histogram_bounds::text::timestamptz[])[array_upper(histogram_bounds::text::timestamptz[], 1)]::text as bound
    from pg_stats where tablename = 'fuel_data' and attname = 'ts'`);
  return rows[0]?.bound ? Date.parse(rows[0].bound) : null;
}

/** The planner's row estimate and the true count of one ship's fuel records since `from`. */
async function estimateSince(from: Date): Promise<{ estimated: number; actual: number }> {
  const { rows } = await t.db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    sql`explain (format json) select * from fuel_data where org_id = ${owner.orgId} and ts >= ${from.toISOString()}::timestamptz`,
  );
  const estimated = rows[0]!["QUERY PLAN"][0].Plan["Plan Rows"];
  const counted = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from fuel_data where org_id = ${owner.orgId} and ts >= ${from.toISOString()}::timestamptz`,
  );
  return { estimated, actual: counted.rows[0]!.n };
}

describe("statistics after an upload", () => {
  it("a year uploaded, then a month after it: 'the last 30 days' is estimated from the statistics", async () => {
    const yearStart = Date.parse("2025-01-01T00:00:00Z");
    await upload(fuelCsv(yearStart, 365 * 24));
    const monthStart = yearStart + 365 * 24 * 3_600_000;
    await upload(fuelCsv(monthStart, 30 * 24));

    const newest = monthStart + (30 * 24 - 1) * 3_600_000;
    expect(await newestInStatistics()).toBeGreaterThanOrEqual(newest - 24 * 3_600_000);
    const { estimated, actual } = await estimateSince(new Date(monthStart));
    expect(actual).toBe(30 * 24);
    // Without the ANALYZE the estimate is a handful of rows (the range lies past the histogram).
    expect(estimated).toBeGreaterThan(actual / 3);
    expect(estimated).toBeLessThan(actual * 3);
  });
});

describe("which tables a write makes stale", () => {
  it("a table never analysed, or changed by 1 % and at least ANALYZE_MIN_ROWS rows; not a few records", async () => {
    await t.db.execute(sql`analyze fuel_data`);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select reltuples::int as n from pg_class where relname = 'fuel_data'`,
    );
    const size = rows[0]!.n;
    expect(size).toBeGreaterThan(9000);
    const pool = t.database.pool;
    expect(await tablesToAnalyze(pool, new Map([["fuel_data", ANALYZE_MIN_ROWS - 1]]))).toEqual([]);
    expect(
      await tablesToAnalyze(
        pool,
        new Map([["fuel_data", Math.max(ANALYZE_MIN_ROWS, Math.ceil(size * 0.01))]]),
      ),
    ).toEqual(["fuel_data"]);
    expect(await tablesToAnalyze(pool, new Map([["fuel_data", Math.floor(size * 0.009)]]))).toEqual([]);
    expect(await tablesToAnalyze(pool, new Map([["no_such_table", 10_000]]))).toEqual([]);
  });
});
