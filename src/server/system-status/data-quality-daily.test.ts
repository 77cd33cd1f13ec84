/**
 * The daily data-quality store gives System Status the figures the raw records give (issue 20 item 3), on the
 * simulator's full model (weather, fouling, drift, noise) with heavy faults (missing, stuck and outlier values):
 * - a fleet whose records begin inside the 30-day window: equal exactly;
 * - a fleet with records before the window: completeness and plausibility equal exactly; stuck and outliers
 *   differ at most by the window's first values, judged on their real neighbours by the store and on none by
 *   the raw computation (data-quality-daily.ts);
 * - after another write, after the store is emptied and caught up, and scoped to each organisation.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAMPEL_HALF_WINDOW } from "../../domain/data-quality/outliers";
import { DEFAULT_STUCK_RUN } from "../../domain/data-quality/stuck-values";
import { FleetSimulation, spanEnding } from "../../simulator/fleet";
import { bumpDataVersions } from "../cache/data-version";
import { loadFleet } from "../simulation/load-fleet";
import { createTestApp, type TestUser } from "../test/test-app";
import {
  type DataQualitySummary,
  fuelDataQuality,
  fuelDataQualityLive,
  fuelDataQualityStored,
} from "./data-quality";
import { catchUpDataQualityDaily } from "./data-quality-catch-up";
import { FUEL_QUALITY_FIELDS } from "./fuel-value-checks";

let t: Awaited<ReturnType<typeof createTestApp>>;
let older: TestUser; // 45 days of records: the window starts inside them
let younger: TestUser; // 20 days: every record lies in the window
const DAY = 86_400_000;
const HEAVY_FAULTS = { missing: 0.05, stuck: 0.01, outlier: 0.01, duplicate: 0.01 };

const fleet = (seed: number, days: number) =>
  new FleetSimulation({
    ships: 3,
    seed,
    cadence: "15m",
    ...spanEnding(Date.now(), days / 365, "15m"),
    faults: HEAVY_FAULTS,
  });

beforeAll(async () => {
  t = await createTestApp();
  older = await t.registerOwner();
  younger = await t.registerOwner();
  await loadFleet(t.database.pool, older.orgId, fleet(41, 45));
  await loadFleet(t.database.pool, younger.orgId, fleet(43, 20));
}, 240_000);
afterAll(() => t.close());

const both = async (orgId: number, ships: number[] | null = null) => {
  const now = new Date();
  const [stored, live] = await Promise.all([
    fuelDataQualityStored(t.db, orgId, ships, now),
    fuelDataQualityLive(t.db, orgId, ships, now),
  ]);
  return { stored: stored!, live: live! };
};

function expectEqual(a: DataQualitySummary, b: DataQualitySummary, digits = 9) {
  expect(a.percent).toBeCloseTo(b.percent, digits);
  for (const k of Object.keys(a.parts) as (keyof DataQualitySummary["parts"])[])
    expect(a.parts[k], k).toBeCloseTo(b.parts[k], digits);
}

/** Percentage points the window's first values can move a part: their count over the fewest values a series checked. */
async function edgeBound(orgId: number): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select min(n)::int as n from (select count(*) * ${Object.keys(FUEL_QUALITY_FIELDS).length} as n from fuel_data
      where org_id = ${orgId} and ts >= now() - interval '30 days' group by ship_id, consumer) s`);
  const fields = Object.keys(FUEL_QUALITY_FIELDS).length;
  const edgeValues = fields * HAMPEL_HALF_WINDOW + fields * (DEFAULT_STUCK_RUN - 1);
  return (100 * edgeValues) / rows[0]!.n;
}

describe("System Status data quality from the daily store = from the raw records", () => {
  it("records all inside the window: equal exactly, and the faults show", async () => {
    const { stored, live } = await both(younger.orgId);
    expectEqual(stored, live);
    // the faults bite: every part is below 100
    for (const v of Object.values(stored.parts)) expect(v).toBeLessThan(100);
  });

  it("records before the window: completeness and plausibility exact; stuck and outliers within the edge bound", async () => {
    const { stored, live } = await both(older.orgId);
    expect(stored.parts.completeness).toBeCloseTo(live.parts.completeness, 9);
    expect(stored.parts.plausibility).toBeCloseTo(live.parts.plausibility, 9);
    const bound = await edgeBound(older.orgId);
    expect(bound).toBeLessThan(2); // a bound that means something: a couple of points at most
    for (const k of ["notStuck", "notOutlier"] as const)
      expect(Math.abs(stored.parts[k] - live.parts[k]), k).toBeLessThanOrEqual(bound);
    expect(Math.abs(stored.percent - live.percent)).toBeLessThanOrEqual(bound);
  });

  it("per ship as for the organisation, each organisation its own", async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from ships where org_id = ${younger.orgId} order by id limit 1`,
    );
    const { stored, live } = await both(younger.orgId, [rows[0]!.id]);
    expectEqual(stored, live);
    expect(await fuelDataQualityStored(t.db, younger.orgId, [-1], new Date())).toBeNull();
  });

  it("an emptied store is filled again at start with the same figures", async () => {
    const before = await both(younger.orgId);
    await t.db.execute(sql`delete from data_quality_daily where org_id = ${younger.orgId}`);
    expect(await fuelDataQualityStored(t.db, younger.orgId, null, new Date())).toBeNull();
    expect(await catchUpDataQualityDaily(t.db)).toBe(3);
    expectEqual((await both(younger.orgId)).stored, before.stored);
    expect(await catchUpDataQualityDaily(t.db)).toBe(0);
  });

  it("a day written later re-judges its neighbours: still equal after records are added and removed", async () => {
    // a hole, then the held-back records arriving: both pass through refreshDailyRollup
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from ships where org_id = ${younger.orgId} order by id limit 1`,
    );
    const shipId = rows[0]!.id;
    const { refreshDailyRollup } = await import("../rollups/daily-rollup");
    const from = new Date(Date.now() - 10 * DAY);
    const to = new Date(Date.now() - 8 * DAY);
    await t.db.execute(sql`create table held_fuel as select * from fuel_data
      where org_id = ${younger.orgId} and ship_id = ${shipId} and ts >= ${from.toISOString()} and ts < ${to.toISOString()}`);
    await t.db.execute(sql`delete from fuel_data where org_id = ${younger.orgId} and ship_id = ${shipId}
      and ts >= ${from.toISOString()} and ts < ${to.toISOString()}`);
    await refreshDailyRollup(t.db, younger.orgId, [shipId], from, to);
    const holed = await both(younger.orgId);
    expectEqual(holed.stored, holed.live);
    await t.db.execute(sql`insert into fuel_data overriding system value select * from held_fuel`);
    await refreshDailyRollup(t.db, younger.orgId, [shipId], from, to);
    const filled = await both(younger.orgId);
    expectEqual(filled.stored, filled.live);
    expect(filled.stored.parts.completeness).toBeGreaterThan(holed.stored.parts.completeness);
  });

  it("the organisation's kept figure, after a write to one ship, is the figure computed whole", async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from ships where org_id = ${younger.orgId} order by id`,
    );
    const [written, ...others] = rows.map((r) => Number(r.id));
    const now = new Date();
    // every ship kept; then one ship loses two days of records, and only its version moves
    const before = (await fuelDataQuality(t.db, younger.orgId, null, now))!;
    expectEqual(before, (await fuelDataQualityStored(t.db, younger.orgId, null, now))!);
    const { refreshDailyRollup } = await import("../rollups/daily-rollup");
    const from = new Date(Date.now() - 5 * DAY);
    const to = new Date(Date.now() - 3 * DAY);
    await t.db.execute(sql`delete from fuel_data where org_id = ${younger.orgId} and ship_id = ${written!}
      and ts >= ${from.toISOString()} and ts < ${to.toISOString()}`);
    await refreshDailyRollup(t.db, younger.orgId, [written!], from, to);
    await bumpDataVersions(t.db, younger.orgId, [written!]);
    // the same instant: the figures differ by the write alone (not by a slot the window's end moved into)
    const later = now;
    const kept = (await fuelDataQuality(t.db, younger.orgId, null, later))!;
    const whole = (await fuelDataQualityStored(t.db, younger.orgId, null, later))!;
    expectEqual(kept, whole);
    // the other ships' series are the kept ones: the same as computed now
    expectEqual(
      (await fuelDataQuality(t.db, younger.orgId, others, later))!,
      (await fuelDataQualityStored(t.db, younger.orgId, others, later))!,
    );
    // and the write shows: two days fewer records of one ship of three
    expect(kept.parts.completeness).toBeLessThan(before.parts.completeness - 1);
  });
});
