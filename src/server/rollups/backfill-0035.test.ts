/**
 * Migration 0035's recompute gives `hull_daily` what refreshDailyRollup now gives it: every day's records
 * filtered by the rule for daily noon reports (decision 042: Beaufort 5, Douglas 4, weather impact ≤ 20 %,
 * speed log within 3 kn of speed over ground), from the raw records, so that a database upgraded with data in
 * it gets the same figures as one filled after the upgrade.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip, hourly, insertFuel, insertSeries } from "../analysis/test-fixtures";
import { expectRowsClose, rerunMigrationData } from "../test/migration-recompute";
import { createTestApp, type TestUser } from "../test/test-app";

const MIGRATION = "0035_hull_daily_noon_filters.sql";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  const shipId = await createShip(t, owner, 0);
  // 96 hours: every sixth record's log 4 kn off its speed over ground, winds and waves across the limits,
  // weather impacts on either side of 20 %
  const rows = hourly("2025-03-01T00:00Z", 96, {
    consumer: "main",
    fuelConsumptionRate: 24,
    enginePower: 5000,
    speedThroughWater: 12,
  }).map((r, i) => ({ ...r, speedOverGround: i % 6 === 0 ? 16 : 12.3 }));
  await insertFuel(t, owner.orgId, shipId, rows);
  await insertSeries(
    t,
    owner.orgId,
    shipId,
    "environmental",
    rows.map((r, i) => ({
      ts: r.ts,
      seaTemperature: 15,
      windSpeed: (i * 7) % 30,
      waveHeight: ((i * 5) % 9) / 2.5,
      weatherImpact: (i * 11) % 40,
    })),
  );
  await insertSeries(
    t,
    owner.orgId,
    shipId,
    "trim",
    rows.map((r) => ({ ts: r.ts, displacementT: 50_000, trimM: 0.5, draughtForeM: 10, draughtAftM: 10.5 })),
  );
}, 60_000);
afterAll(() => t.close());

const snapshot = async () => (await t.db.execute(sql`select * from hull_daily order by ship_id, day`)).rows;

describe("migration 0035 recompute", () => {
  it("recomputes every hull day as the rollup does", async () => {
    const expected = await snapshot();
    expect(expected.length).toBeGreaterThanOrEqual(4);
    for (const k of ["speed_log", "weather_impact", "wind", "waves", "n"])
      expect(
        expected.some((r) => Number(r[k]) > 0),
        k,
      ).toBe(true);
    await t.db.execute(sql`update hull_daily set n = 0, su = 0, speed_log = 0, weather_impact = 0`);
    expect(await snapshot()).not.toEqual(expected);
    await rerunMigrationData(t.database, MIGRATION);
    expectRowsClose(await snapshot(), expected);
  });
});
