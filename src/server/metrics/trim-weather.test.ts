/**
 * trimCalmPeriods against the domain rule (calmWaterFuelFactor) on stored records: at hourly resolution
 * every record of an hour, at daily resolution a day's record nearest noon; records above the ISO 19030-2
 * reference wind leave their period out; another organisation's weather over the same instants is not read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_CONDITIONS } from "../../domain/hull/iso19030-filters";
import { calmWaterFuelFactor } from "../../domain/performance/trim-weather";
import { KNOT_IN_MPS } from "../../domain/weather/units";
import { createShip, hourly, insertFuel, insertSeries } from "../analysis/test-fixtures";
import { createTestApp, type TestUser } from "../test/test-app";
import { trimCalmPeriods } from "./trim-weather";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let other: TestUser;
let shipId: number;
let otherShipId: number;
const ship = { lengthM: 200, beamM: 32 };
const START = "2025-05-01T00:00Z";
const HOURS = 48;
const windy = REFERENCE_CONDITIONS.trueWindMaxMps / KNOT_IN_MPS + 2;
/** Hour i: wind 6 kn from 30° off the bow, except hours 12–23 of the first day (windy). */
const weather = (i: number) => ({
  windSpeed: i >= 12 && i < 24 ? windy : 6 + (i % 5),
  windDirection: 30,
  waveHeight: 1,
  heading: 0,
});
const fuel = hourly(START, HOURS, { consumer: "main", speedThroughWater: 12, enginePower: 8000 });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  other = await t.registerOwner();
  shipId = await createShip(t, owner, 0, { deadweight: 50_000 });
  otherShipId = await createShip(t, other, 1, { deadweight: 50_000 });
  await insertFuel(t, owner.orgId, shipId, fuel);
  await insertSeries(
    t,
    owner.orgId,
    shipId,
    "environmental",
    fuel.map((r, i) => ({ ts: r.ts, ...weather(i) })),
  );
  // another organisation: calm where ours is windy, never read for our ship
  await insertSeries(
    t,
    other.orgId,
    otherShipId,
    "environmental",
    fuel.map((r) => ({ ts: r.ts, windSpeed: 2, windDirection: 30, waveHeight: 0, heading: 0 })),
  );
});
afterAll(() => t.close());

const record = (i: number) => ({
  hours: 1,
  fuelT: 0,
  powerKw: 8000,
  stwKn: 12,
  windSpeedKn: weather(i).windSpeed,
  windDirectionDeg: 30,
  waveHeightM: 1,
  seaState: null,
  headingDeg: 0,
});
const span = (resolution: "hourly" | "daily") => ({
  from: new Date("2025-05-01T00:00Z"),
  to: new Date("2025-05-03T00:00Z"),
  resolution,
  consumers: ["main"] as const,
});

describe("trimCalmPeriods", () => {
  it("hourly: each hour's record by the domain rule; hours above the reference wind are left out", async () => {
    const calm = (await trimCalmPeriods(t.db, owner.orgId, shipId, span("hourly"), ship))!;
    // records end their hour: record i (ts = start + i + 1 h) belongs to hour i + 1; the last to the next day
    const expected = fuel
      .map((r, i) => ({ i, hour: r.ts as Date }))
      .filter(({ i, hour }) => (i < 12 || i >= 24) && hour.getTime() < span("hourly").to.getTime());
    expect(calm.units).toEqual(expected.map(({ hour }) => hour.toISOString().replace(".000Z", "Z")));
    calm.factors.forEach((f, k) => {
      expect(f).toBeCloseTo(calmWaterFuelFactor([record(expected[k]!.i)], ship).factor!, 12);
    });
  });

  it("daily: the day's record nearest noon (a noon report's weather)", async () => {
    const calm = (await trimCalmPeriods(t.db, owner.orgId, shipId, span("daily"), ship))!;
    // day 1's record at 12:00 is record 11 (calm); day 2's at 12:00 is record 35 (calm)
    expect(calm.units).toEqual(["2025-05-01", "2025-05-02"]);
    expect(calm.factors[0]).toBeCloseTo(calmWaterFuelFactor([record(11)], ship).factor!, 12);
    expect(calm.factors[1]).toBeCloseTo(calmWaterFuelFactor([record(35)], ship).factor!, 12);
  });

  it("a range without weather records answers null (nothing to take out)", async () => {
    const before = { ...span("daily"), from: new Date("2025-04-01"), to: new Date("2025-04-20") };
    expect(await trimCalmPeriods(t.db, owner.orgId, shipId, before, ship)).toBeNull();
    // the other organisation's ship has weather but no fuel records
    expect(await trimCalmPeriods(t.db, other.orgId, otherShipId, span("daily"), ship)).toBeNull();
  });
});
