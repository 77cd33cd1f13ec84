import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draughtBinOf, speedBinOf, TRIM_DEFAULTS, trimClassOf } from "../../domain/performance/trim-analysis";
import { sailingPointOfSums } from "../../domain/records/fuel-sums";
import { createTestDatabase } from "../test/test-database";
import { binSql, classSql, SAILING_SQL } from "./trim-condition-sql";

// The trim rollups pool hours by the SQL of these conditions; the domain bins samples by its functions.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("draught bin, speed bin and trim class in SQL equal the domain's", () => {
  it.each([
    [9.74, 12.5, 0.15],
    [10, 13, -0.05],
    [10.25, 0.99, 0.25],
    [6.5, 14.999, -0.35],
    [12.49, 11, 1.05],
    [8, 9.5, -1.5],
    [8, 9.5, -0.5],
    [8, 9.5, 0],
  ])("draught %d m, %d kn, trim %d m", async (draught, speed, trim) => {
    const [row] = await database.db
      .execute(sql`select
        ${sql.raw(binSql(`${draught}::float8`, TRIM_DEFAULTS.draughtBinWidthM))} as d,
        ${sql.raw(binSql(`${speed}::float8`, TRIM_DEFAULTS.speedBinWidthKn))} as s,
        ${sql.raw(classSql(`${trim}::float8`, TRIM_DEFAULTS.trimClassM))} as c`)
      .then((r) => r.rows);
    expect(row).toEqual({ d: draughtBinOf(draught), s: speedBinOf(speed), c: trimClassOf(trim) });
  });
});

describe("SAILING_SQL keeps the rows the domain reads as sailing (sailingPointOfSums)", () => {
  it.each([
    [1, 1, 1.2, 12, 1],
    [1, 0.9, 1.2, 12, 1],
    [1, 0.89, 1.2, 12, 1],
    [1, 1, 0, 12, 1],
    [1, 1, 1.2, 2.99, 1],
    [1, 1, 1.2, 3, 1],
    [1, 1, 1.2, 0, 0],
    [0, 0, 0, 0, 0],
  ])("hours %d, at sea %d, fuel %d t, %d kn over %d h of speed", async (hours, sea, fuelT, stw, stwHours) => {
    const [row] = await database.db
      .execute(sql`select (${sql.raw(SAILING_SQL)}) as sailing from (values
        (${hours}::float8, ${sea}::float8, ${fuelT}::float8, ${stw * stwHours}::float8, ${stwHours}::float8))
        as r(hours, sea, fuel_t, stw_kn_hours, stw_hours)`)
      .then((r) => r.rows);
    const point = sailingPointOfSums({
      hours,
      hoursAtSea: sea,
      fuelT,
      stwKnHours: stw * stwHours,
      stwHours,
    });
    expect(row!.sailing ?? false).toBe(point !== null);
  });
});
