/**
 * The hot 'last N days' query keeps its good plan after a bulk load (issue 20 item 6). Uploads analyse the
 * tables they changed (db/table-statistics.ts); with stale statistics the planner took 'the last 7 days' for a
 * row or two past the histogram and chose a nested loop that rescanned an aggregate of the fuel records once per
 * outer row (566 times). Here a year is uploaded, then a week after it, and the plan of fuelBucketsByType over
 * that week is read with EXPLAIN ANALYZE: the fuel records are estimated from data, and no aggregate, sort or
 * scan of the records runs more than once. No timing is asserted.
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RECORD_HOURS } from "../../domain/records/record-arithmetic";
import { createShip } from "../analysis/test-fixtures";
import type { Db } from "../db/client";
import { createTestApp, type TestUser, VALID_IMOS } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";
import { fuelBucketsByType } from "./fuel-buckets";
import type { Span } from "./span";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
const HOUR = 3_600_000;
const yearStart = Date.parse("2025-01-01T00:00:00Z");
const weekStart = yearStart + 365 * 24 * HOUR;

const HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";
function fuelCsv(start: number, hours: number): string {
  const rows = Array.from({ length: hours }, (_, i) => {
    const ts = new Date(start + i * HOUR).toISOString();
    return `${VALID_IMOS[0]},,${ts},${180 + (i % 7)},${24 + (i % 5)},75,12,12.5,7000,${i % 50 === 0 ? "MGO" : "HFO"},`;
  });
  return `${HEADER}\n${rows.join("\n")}\n`;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
  for (const csv of [fuelCsv(yearStart, 365 * 24), fuelCsv(weekStart, 7 * 24)]) {
    const res = await uploadFile(t.app, owner, { filename: "fuel.csv", content: csv }, { dataType: "fuel" });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);
afterAll(() => t.close());

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Plan Rows": number;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The scan of the span's fuel records (the one that returned rows; the report-exclusion subplans never run). */
function recordsScan(plan: PlanNode[]): { estimated: number; actual: number } {
  const scans = plan.filter((n) => n["Relation Name"] === "fuel_data" && n["Actual Rows"] > 0);
  expect(scans).toHaveLength(1);
  return { estimated: scans[0]!["Plan Rows"], actual: scans[0]!["Actual Rows"] * scans[0]!["Actual Loops"] };
}

/** The statement fuelBucketsByType runs for `span`, run again under EXPLAIN ANALYZE: its plan's nodes. */
async function planOf(span: Span): Promise<PlanNode[]> {
  let statement: SQL | undefined;
  const capture = {
    execute: async (q: SQL) => {
      statement = q;
      return { rows: [{ c: { t: [] } }] };
    },
  } as unknown as Db;
  await fuelBucketsByType(capture, owner.orgId, shipId, span);
  const { rows } = await t.db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    sql`explain (analyze, format json) ${statement!}`,
  );
  return nodes(rows[0]!["QUERY PLAN"][0].Plan);
}

describe("fuelBucketsByType over the last days after a bulk load", () => {
  const week: Span = {
    from: new Date(weekStart),
    to: new Date(weekStart + 7 * 24 * HOUR),
    resolution: "hourly",
    consumers: ["main", "auxiliary"],
  };

  it("the week's fuel records are estimated from the statistics, not guessed as a row or two", async () => {
    const plan = await planOf(week);
    const { estimated, actual } = recordsScan(plan);
    expect(actual).toBe(7 * 24 + MAX_RECORD_HOURS); // the week and the hours before it (a record's hours)
    expect(estimated).toBeGreaterThan(actual / 3);
    expect(estimated).toBeLessThan(actual * 3);
  });

  it("no aggregate, sort or scan of the records is rescanned per row (the stale plan's nested loop)", async () => {
    const plan = await planOf(week);
    const rescanned = plan.filter(
      (n) =>
        n["Actual Loops"] > 1 &&
        (/Aggregate|Sort|CTE Scan|Subquery Scan|WindowAgg/.test(n["Node Type"]) ||
          n["Relation Name"] === "fuel_data"),
    );
    expect(rescanned.map((n) => `${n["Node Type"]} ×${n["Actual Loops"]}`)).toEqual([]);
  });

  it("control: a week written past the statistics without ANALYZE is estimated as a handful of rows", async () => {
    // the same week again, a week later, by a plain INSERT: no upload, so nothing analyses it
    const { rows } = await t.db.execute<{ cols: string }>(sql`
      select string_agg(quote_ident(column_name), ', ') as cols from information_schema.columns
      where table_name = 'fuel_data' and column_name not in ('id', 'ts') and is_generated = 'NEVER'`);
    const cols = sql.raw(rows[0]!.cols);
    await t.db.execute(sql`insert into fuel_data (ts, ${cols})
      select ts + interval '7 days', ${cols} from fuel_data where org_id = ${owner.orgId} and ts >= ${week.from.toISOString()}`);
    const later: Span = {
      ...week,
      from: new Date(+week.from + 7 * 24 * HOUR),
      to: new Date(+week.to + 7 * 24 * HOUR),
    };
    const { estimated, actual } = recordsScan(await planOf(later));
    expect(actual).toBe(7 * 24 + MAX_RECORD_HOURS); // the week and the hours before it (a record's hours)
    expect(estimated).toBeLessThan(actual / 3);
  });
});
