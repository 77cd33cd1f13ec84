import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { createShip, hourly, insertFuel } from "./test-fixtures";

/**
 * Fuel Consumption's daily bars as rates (issue 35 item 3). Hand-made: 53 hourly records each of the main
 * engine (HFO, 30 t/day) and of the auxiliary engine (3 t/day, the first 30 on HFO, the rest on MGO), stamped
 * 2025-05-01T19:00Z to 05-03T23:00Z, each covering the hour before it: by the records' UTC day, 1 May holds
 * 5 h, 2 and 3 May 24 h, each day at 33 t/day over both engines. The hours are the ship's: 5 h on 1 May,
 * not the 10 h of the two engines' records added, and the switch of grade does not split the day.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0, { deadweight: 50_000 });
  const aux = hourly("2025-05-01T18:00Z", 53, { consumer: "auxiliary", fuelConsumptionRate: 3 });
  await insertFuel(t, owner.orgId, shipId, [
    ...hourly("2025-05-01T18:00Z", 53, { consumer: "main", fuelConsumptionRate: 30, speedThroughWater: 14 }),
    ...aux.map((r, i) => (i < 30 ? r : { ...r, fuelType: "MGO" })),
  ]);
});
afterAll(() => t.close());

const daily = async (query: string) => {
  const res = await t.app.inject({
    url: `/api/ships/${shipId}/analysis/fuel-fuel-consumption?${query}`,
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe("fuel-fuel-consumption: fuel per day weighted by the hours each day covers", () => {
  it.each([
    ["hourly records", "range=custom&from=2025-05-01&to=2025-05-04", "hourly"],
    ["daily rollups", "range=custom&from=2025-03-01&to=2025-06-30", "daily"],
  ])(
    "%s: partial 1 May at its rate, the ship's hours over both engines",
    async (_name, query, resolution) => {
      const s = await daily(`${query}&engine=all`);
      expect(s.range.resolution).toBe(resolution);
      const d = s.daily;
      expect(d.t).toEqual(
        ["2025-05-01", "2025-05-02", "2025-05-03"].map((x) => Date.parse(`${x}T00:00Z`) / 1000),
      );
      expect(d.hours).toEqual([5, 24, 24]);
      expect(d.partial).toEqual([true, false, false]);
      expect(d.fuelTypes).toEqual(["HFO", "MGO"]);
      const total = d.t.map((_: number, i: number) =>
        d.fuelTPerDay.reduce((a: number, col: (number | null)[]) => a + (col[i] ?? 0), 0),
      );
      // 33 t/day on every day, the partial one included (its 6.9 t of fuel in 5 h are not drawn as a day's)
      total.forEach((x: number) => {
        expect(x).toBeCloseTo(33, 9);
      });
      expect(s.summary.totalFuelT).toBeCloseTo((53 * 33) / 24, 9);
    },
  );
});
