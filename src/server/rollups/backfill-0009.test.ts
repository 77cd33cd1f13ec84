/**
 * Migration 0009's backfill gives the rollups what refreshDailyRollup gives them: distance (reported, else
 * SOG × hours), its derived part and the reported SFOC sums, from the raw records (a database upgraded with
 * data in it gets the same figures as one filled after the upgrade).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShip, hourly, insertFuel } from "../analysis/test-fixtures";
import { expectRowsClose, rerunMigrationData } from "../test/migration-recompute";
import { createTestApp, type TestUser } from "../test/test-app";

const MIGRATION = "0009_sfoc_crosscheck_derived_distance.sql";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  const shipId = await createShip(t, owner, 0);
  const voyage = await t.app.inject({
    method: "POST",
    url: "/api/voyages",
    headers: { cookie: owner.cookie },
    payload: {
      shipId,
      voyageNumber: "V1",
      origin: "A",
      destination: "B",
      departureDate: "2025-03-01T00:00:00Z",
    },
  });
  const voyageId = voyage.json().id as number;
  const main = { consumer: "main" as const, fuelConsumptionRate: 24, enginePower: 5000, speedOverGround: 12 };
  await insertFuel(t, owner.orgId, shipId, [
    ...hourly("2025-03-01T00:00Z", 30, { ...main, sfoc: 178, voyageId }), // no distance: SOG × h
    ...hourly("2025-03-03T00:00Z", 30, { ...main, distanceNm: 11, voyageId }), // reported distance, no SFOC
    ...hourly("2025-03-01T00:00Z", 30, {
      consumer: "auxiliary",
      fuelConsumptionRate: 3,
      enginePower: 600,
      sfoc: 210,
      periodHours: null, // hours from the gaps
    }),
  ]);
}, 60_000);
afterAll(() => t.close());

const snapshot = async () =>
  (
    await t.db.execute(sql`select 'daily' as t, day::text, consumer, fuel_type, null::int as voyage_id, distance_nm,
        distance_derived_nm, reported_sfoc_fuel_t, reported_sfoc_energy_kwh from fuel_daily
      union all select 'voyage_daily', day::text, consumer, fuel_type, voyage_id, distance_nm, distance_derived_nm,
        null, null from fuel_voyage_daily
      union all select 'voyage', null, consumer, fuel_type, voyage_id, distance_nm, distance_derived_nm, null, null
        from fuel_voyage
      order by 1, 2, 3, 4, 5`)
  ).rows;

describe("migration 0009 backfill", () => {
  it("recomputes the new sums as the rollup does", async () => {
    const expected = await snapshot();
    expect(expected.some((r) => Number(r.distance_derived_nm) > 0)).toBe(true);
    expect(expected.some((r) => Number(r.reported_sfoc_energy_kwh) > 0)).toBe(true);
    // as before the migration: distance only where reported, new sums 0
    await t.db.execute(sql`update fuel_daily set distance_nm = distance_nm - distance_derived_nm,
      distance_derived_nm = 0, reported_sfoc_fuel_t = 0, reported_sfoc_energy_kwh = 0`);
    await t.db.execute(
      sql`update fuel_voyage_daily set distance_nm = distance_nm - distance_derived_nm, distance_derived_nm = 0`,
    );
    await t.db.execute(
      sql`update fuel_voyage set distance_nm = distance_nm - distance_derived_nm, distance_derived_nm = 0`,
    );
    expect(await snapshot()).not.toEqual(expected);
    await rerunMigrationData(t.database, MIGRATION);
    expectRowsClose(await snapshot(), expected);
  });
});
