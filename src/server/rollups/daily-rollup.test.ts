import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelDaily, fuelData, fuelVoyage, fuelVoyageDaily } from "../db/schema";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { refreshDailyRollup } from "./daily-rollup";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = (
    await t.app.inject({
      method: "POST",
      url: "/api/ships",
      headers: { cookie: owner.cookie },
      payload: shipBody(),
    })
  ).json().id;
});
afterAll(() => t.close());

const hourly = (day: string, hours: number[], fields: Partial<typeof fuelData.$inferInsert>) =>
  hours.map((h) => ({
    orgId: owner.orgId,
    shipId,
    ts: new Date(`${day}T${String(h).padStart(2, "0")}:00:00Z`),
    fuelType: "HFO",
    fuelGrade: "HFO",
    ...fields,
  }));

describe("daily fuel rollup", () => {
  it("sums fuel, energy, distance and time-weighted load per UTC day from hourly records", async () => {
    // 24 hourly records a day at 24 t/day, 10,000 kW, 80 % load, 14 kn, 14 nm each.
    const fields = {
      fuelConsumptionRate: 24,
      enginePower: 10_000,
      engineLoadFactor: 80,
      speedThroughWater: 14,
      distanceNm: 14,
      co2Emissions: 74.736,
    };
    const hours = Array.from({ length: 24 }, (_, i) => i);
    await t.db
      .insert(fuelData)
      .values([...hourly("2026-04-01", hours, fields), ...hourly("2026-04-02", hours, fields)]);
    await refreshDailyRollup(
      t.db,
      owner.orgId,
      [shipId],
      new Date("2026-04-01T00:00Z"),
      new Date("2026-04-02T23:00Z"),
    );
    const rows = await t.db
      .select()
      .from(fuelDaily)
      .where(eq(fuelDaily.shipId, shipId))
      .orderBy(fuelDaily.day);
    expect(rows.map((r) => r.day)).toEqual(["2026-04-01", "2026-04-02"]);
    // Day 1: the first record has no predecessor and no period, so 23 hours are covered; day 2: 24 hours.
    expect(rows[0]!.hours).toBeCloseTo(23, 9);
    expect(rows[1]!.hours).toBeCloseTo(24, 9);
    expect(rows[1]!.fuelT).toBeCloseTo(24, 9);
    expect(rows[1]!.energyKwh).toBeCloseTo(240_000, 6);
    // SFOC over the day = 24 t / 240,000 kWh = 100 g/kWh; load ratio 80 %.
    expect((rows[1]!.fuelTWithEnergy * 1e6) / rows[1]!.energyKwh).toBeCloseTo(100, 9);
    expect(rows[1]!.loadPctHours / rows[1]!.loadHours).toBeCloseTo(80, 9);
    expect(rows[1]!.distanceNm).toBeCloseTo(24 * 14, 9);
    expect(rows[1]!.hoursAtSea).toBeCloseTo(24, 9);
  });

  it("recomputes a day when a record is changed (no double counting)", async () => {
    await t.db
      .update(fuelData)
      .set({ fuelConsumptionRate: 48 })
      .where(and(eq(fuelData.shipId, shipId), eq(fuelData.ts, new Date("2026-04-02T12:00Z"))));
    await refreshDailyRollup(
      t.db,
      owner.orgId,
      [shipId],
      new Date("2026-04-02T12:00Z"),
      new Date("2026-04-02T12:00Z"),
    );
    const [day2] = await t.db
      .select()
      .from(fuelDaily)
      .where(and(eq(fuelDaily.shipId, shipId), eq(fuelDaily.day, "2026-04-02")));
    expect(day2!.fuelT).toBeCloseTo(24 + 1, 9);
    expect(day2!.records).toBe(24);
  });

  it("uses period_hours when given and caps gaps at 24 hours", async () => {
    const noon = { fuelConsumptionRate: 30, periodHours: 24, consumer: "auxiliary" as const };
    await t.db
      .insert(fuelData)
      .values([
        ...hourly("2026-04-10", [12], noon),
        ...hourly("2026-04-15", [12], { fuelConsumptionRate: 30, consumer: "auxiliary" }),
      ]);
    await refreshDailyRollup(
      t.db,
      owner.orgId,
      [shipId],
      new Date("2026-04-10T00:00Z"),
      new Date("2026-04-15T23:00Z"),
    );
    const rows = await t.db
      .select()
      .from(fuelDaily)
      .where(and(eq(fuelDaily.shipId, shipId), eq(fuelDaily.consumer, "auxiliary")))
      .orderBy(fuelDaily.day);
    expect(rows.map((r) => [r.day, r.hours])).toEqual([
      ["2026-04-10", 24],
      ["2026-04-15", 24],
    ]);
  });

  it("gives a record whose predecessor is days older a day (capped gap), whatever window is refreshed", async () => {
    await t.db
      .insert(fuelData)
      .values([
        ...hourly("2026-05-01", [12], { fuelConsumptionRate: 24 }),
        ...hourly("2026-05-05", [0, 1], { fuelConsumptionRate: 24 }),
      ]);
    const day5 = async () =>
      (
        await t.db
          .select()
          .from(fuelDaily)
          .where(
            and(
              eq(fuelDaily.shipId, shipId),
              eq(fuelDaily.consumer, "main"),
              eq(fuelDaily.day, "2026-05-05"),
            ),
          )
      )[0]!.hours;
    // only the day written (as an upload of that day refreshes it): the predecessor is beyond the lookback
    await refreshDailyRollup(
      t.db,
      owner.orgId,
      [shipId],
      new Date("2026-05-05T00:00Z"),
      new Date("2026-05-05T01:00Z"),
    );
    expect(await day5()).toBeCloseTo(24 + 1, 9);
    // the whole span: the same
    await refreshDailyRollup(
      t.db,
      owner.orgId,
      [shipId],
      new Date("2026-05-01T00:00Z"),
      new Date("2026-05-05T01:00Z"),
    );
    expect(await day5()).toBeCloseTo(24 + 1, 9);
  });

  it("keeps each voyage's totals: records moved from one voyage to another leave neither stale", async () => {
    const voyage = async (n: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/voyages",
          headers: { cookie: owner.cookie },
          payload: { shipId, voyageNumber: n, origin: "A", destination: "B", departureDate: "2026-06-01" },
        })
      ).json().id as number;
    const a = await voyage("VA");
    const b = await voyage("VB");
    const fields = { fuelConsumptionRate: 24, periodHours: 1, distanceNm: 12 };
    await t.db
      .insert(fuelData)
      .values([
        ...hourly("2026-06-01", [1, 2, 3], { ...fields, voyageId: a }),
        ...hourly("2026-06-02", [1, 2], { ...fields, voyageId: a }),
      ]);
    const refresh = (from: string, to: string) =>
      refreshDailyRollup(t.db, owner.orgId, [shipId], new Date(from), new Date(to));
    const totals = async () =>
      Object.fromEntries(
        (await t.db.select().from(fuelVoyage).where(eq(fuelVoyage.shipId, shipId))).map((r) => [
          r.voyageId,
          { fuelT: r.fuelT, distanceNm: r.distanceNm, records: r.records },
        ]),
      );
    await refresh("2026-06-01T00:00Z", "2026-06-02T23:00Z");
    expect(await totals()).toEqual({ [a]: { fuelT: 5, distanceNm: 60, records: 5 } });

    // the second day's records move to voyage B; only that day is recomputed
    await t.db
      .update(fuelData)
      .set({ voyageId: b })
      .where(and(eq(fuelData.shipId, shipId), gte(fuelData.ts, new Date("2026-06-02T00:00Z"))));
    await refresh("2026-06-02T00:00Z", "2026-06-02T23:00Z");
    expect(await totals()).toEqual({
      [a]: { fuelT: 3, distanceNm: 36, records: 3 },
      [b]: { fuelT: 2, distanceNm: 24, records: 2 },
    });
    // and the totals are the sums of the daily rows
    const daily = await t.db.select().from(fuelVoyageDaily).where(eq(fuelVoyageDaily.shipId, shipId));
    expect(daily.filter((r) => r.voyageId === a).reduce((x, r) => x + r.fuelT, 0)).toBeCloseTo(3, 9);
  });
});
