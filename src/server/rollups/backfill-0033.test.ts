/**
 * Migration 0033's backfill gives `fuel_daily` what refreshDailyRollup now gives it: the hours at sea of the
 * records without a speed through water, decided by speed over ground or distance ÷ hours (issue 32 item 4),
 * added to the hours at sea and counted apart, from the raw records (a database upgraded with data in it gets
 * the same figures as one filled after the upgrade). Records with a log speed keep their hours at sea.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip, hourly, insertFuel } from "../analysis/test-fixtures";
import { expectRowsClose, rerunMigrationData } from "../test/migration-recompute";
import { createTestApp, type TestUser } from "../test/test-app";

const MIGRATION = "0033_at_sea_over_ground.sql";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  const shipId = await createShip(t, owner, 0);
  const main = { consumer: "main" as const, fuelConsumptionRate: 24, enginePower: 5000 };
  await insertFuel(t, owner.orgId, shipId, [
    ...hourly("2025-03-01T00:00Z", 30, { ...main, speedThroughWater: 12, speedOverGround: 12.4 }), // by the log
    ...hourly("2025-03-03T00:00Z", 30, { ...main, speedOverGround: 11.5 }), // no log speed: over ground
    ...hourly("2025-03-05T00:00Z", 30, { ...main, distanceNm: 12 }), // distance only: 12 kn over 1 h
    ...hourly("2025-03-07T00:00Z", 20, { ...main, speedOverGround: 0.3 }), // at anchor, over ground
    ...hourly("2025-03-01T00:00Z", 200, {
      consumer: "auxiliary",
      fuelConsumptionRate: 3,
      speedOverGround: 12,
      periodHours: null, // hours from the gaps
    }),
  ]);
}, 60_000);
afterAll(() => t.close());

const snapshot = async () =>
  (
    await t.db.execute(sql`select day::text, consumer, fuel_grade, hours, hours_at_sea, hours_at_sea_over_ground
      from fuel_daily order by 1, 2, 3`)
  ).rows;

describe("migration 0033 backfill", () => {
  it("recomputes the hours at sea over ground as the rollup does", async () => {
    const expected = await snapshot();
    expect(expected.some((r) => Number(r.hours_at_sea_over_ground) > 0)).toBe(true);
    // the log's day keeps its hours at sea, none of them over ground; the anchor day has none
    const day = (d: string, c = "main") => expected.find((r) => r.day === d && r.consumer === c)!;
    expect(Number(day("2025-03-01").hours_at_sea_over_ground)).toBe(0);
    expect(Number(day("2025-03-03").hours_at_sea)).toBeCloseTo(23, 9); // 30 h from 00:00, the day's first 23
    expect(Number(day("2025-03-03").hours_at_sea_over_ground)).toBeCloseTo(23, 9);
    expect(Number(day("2025-03-05").hours_at_sea_over_ground)).toBeCloseTo(23, 9);
    expect(Number(day("2025-03-07").hours_at_sea)).toBe(0);
    // as before the migration: no time at sea without a speed through water
    await t.db.execute(sql`update fuel_daily set hours_at_sea = hours_at_sea - hours_at_sea_over_ground,
      hours_at_sea_over_ground = 0`);
    expect(await snapshot()).not.toEqual(expected);
    await rerunMigrationData(t.database, MIGRATION);
    expectRowsClose(await snapshot(), expected);
  });
});
