import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  derivedSfocOfRecord,
  type FuelRecordForChecks,
  fuelRecordChecks,
  REPORT_CHECK_IDS,
} from "../../domain/report-checks/report-checks";
import { createTestDatabase } from "../test/test-database";
import { LCV_TABLE } from "./fuel-rows";
import { DERIVED_SFOC_SQL, REPORT_CHECK_SQL } from "./report-checks-sql";

// The report checks the database applies must say what the domain's fuelRecordChecks says, case by case.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const at = (sfoc: number) => 24e6 / (sfoc * 24); // power at which 24 t/day is `sfoc` g/kWh
const CASES: FuelRecordForChecks[] = [
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: 180,
    fuelConsumptionRate: 24,
    enginePower: at(180),
    distanceNm: 12,
    speedOverGround: 12,
  },
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: 178,
    fuelConsumptionRate: 24,
    enginePower: at(131.9),
    distanceNm: null,
    speedOverGround: 12.5,
  },
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: 198,
    fuelConsumptionRate: 24,
    enginePower: at(180),
    distanceNm: 5,
    speedOverGround: null,
  },
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: 198.5,
    fuelConsumptionRate: 24,
    enginePower: at(180),
    distanceNm: 5,
    speedOverGround: null,
  },
  {
    consumer: "main",
    fuelType: "LNG",
    sfoc: 140,
    fuelConsumptionRate: 24,
    enginePower: at(140),
    distanceNm: null,
    speedOverGround: null,
  },
  {
    consumer: "main",
    fuelType: "MDO",
    sfoc: 140,
    fuelConsumptionRate: 24,
    enginePower: at(140),
    distanceNm: 1,
    speedOverGround: 1,
  },
  {
    consumer: "auxiliary",
    fuelType: "MDO",
    sfoc: 165,
    fuelConsumptionRate: 24,
    enginePower: at(165),
    distanceNm: 0,
    speedOverGround: 0,
  },
  {
    consumer: "auxiliary",
    fuelType: "MGO",
    sfoc: 230,
    fuelConsumptionRate: 4,
    enginePower: 700,
    distanceNm: 0,
    speedOverGround: 0,
  },
  {
    consumer: "main",
    fuelType: "BIO_UNKNOWN",
    sfoc: 150,
    fuelConsumptionRate: null,
    enginePower: 8000,
    distanceNm: 3,
    speedOverGround: 3,
  },
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: null,
    fuelConsumptionRate: 0,
    enginePower: 8000,
    distanceNm: 3,
    speedOverGround: 3,
  },
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: 400,
    fuelConsumptionRate: 24,
    enginePower: 0,
    distanceNm: null,
    speedOverGround: 0,
  },
  {
    consumer: "main",
    fuelType: "HFO",
    sfoc: null,
    fuelConsumptionRate: null,
    enginePower: null,
    distanceNm: null,
    speedOverGround: null,
  },
];

describe("REPORT_CHECK_SQL equals domain fuelRecordChecks", () => {
  it.each(CASES.map((c, i) => [i, c] as const))("case %d", async (_i, c) => {
    const checks = REPORT_CHECK_IDS.map(
      (id) => sql`${sql.raw(`(${REPORT_CHECK_SQL[id]})`)} as ${sql.identifier(id)}`,
    );
    const res = await database.db.execute(
      sql`select ${sql.join(checks, sql`, `)}, ${sql.raw(DERIVED_SFOC_SQL)} as derived
        from (values (${c.consumer}::text, ${c.fuelType}::text, ${c.sfoc}::float8, ${c.fuelConsumptionRate}::float8,
          ${c.enginePower}::float8, ${c.distanceNm}::float8, ${c.speedOverGround}::float8))
          as r(consumer, fuel_type, sfoc, fuel_consumption_rate, engine_power, distance_nm, speed_over_ground)
        left join ${LCV_TABLE} using (fuel_type)`,
    );
    const row = res.rows[0] as Record<string, unknown>;
    expect(REPORT_CHECK_IDS.filter((id) => row[id] === true)).toEqual(fuelRecordChecks(c));
    const derived = derivedSfocOfRecord(c);
    if (derived === null) expect(row.derived).toBeNull();
    else expect(Number(row.derived)).toBeCloseTo(derived, 9);
  });
});
