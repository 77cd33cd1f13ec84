/**
 * A noon sheet with no log speed or log distance (issue 32 item 4): its reports still have time at sea, from
 * the speed over ground (distance over ground ÷ steaming hours), so the fuel rate at sea, the hours underway
 * and every figure per day at sea exist, and each says which speed it used. Before, such a sheet gave no hours
 * at sea and no fuel rate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithShip, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

let t: Awaited<ReturnType<typeof appWithShip>>["t"];
let owner: TestUser;
let shipId: number;

beforeAll(async () => {
  ({ t, owner, shipId } = await appWithShip({ name: "Ground Star", imo: "9074729" }));
  const sheet = [
    "IMO,UTC,Type,Steaming hrs,Report period,ME HFO,AE MGO,Dist. OG",
    "9074729,2025-05-01T12:00Z,Noon,24,24,24,2.4,300",
    "9074729,2025-05-02T12:00Z,Noon,24,24,26.4,2.4,312",
    "9074729,2025-05-03T12:00Z,Noon,12,24,12,2.4,150",
  ].join("\n");
  const res = await uploadFile(t.app, owner, { filename: "noon.csv", content: sheet }, { dataType: "noon" });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const RANGE = "range=custom&from=2025-04-30&to=2025-05-04";

describe("time at sea over ground on a noon sheet without a log speed", () => {
  it("the records have no speed through water, a speed over ground from distance ÷ steaming hours", async () => {
    const rows = (
      await t.database.pool.query(
        "select speed_through_water, speed_over_ground from fuel_data where ship_id = $1 and consumer = 'main' order by ts",
        [shipId],
      )
    ).rows;
    expect(rows.map((r) => r.speed_through_water)).toEqual([null, null, null]);
    expect(rows.map((r) => Number(r.speed_over_ground))).toEqual([12.5, 13, 12.5]);
  });

  it("the main engine's fuel rate is per hour at sea by speed over ground, and the card says so", async () => {
    const k = (await get(`/api/dashboard/${shipId}?${RANGE}&engine=main`)).kpis;
    // 24 + 26.4 + 12 t over 24 + 24 + 12 h at sea
    expect(k.fuelConsumptionRate.value).toBeCloseTo((62.4 * 24) / 60, 9);
    expect(k.fuelConsumptionRate.atSeaSource).toBe("speed-over-ground");
    const s = await get(`/api/ships/${shipId}/analysis/fuel-fuel-consumption?${RANGE}&engine=main`);
    expect(s.summary.hoursAtSea).toBeCloseTo(60, 9);
    expect(s.summary.atSeaSource).toBe("speed-over-ground");
  });

  it("the year's hours underway count them, and the annual figures name the gap they fill", async () => {
    const a = await get(`/api/ships/${shipId}/annual/2025`);
    expect(a.hoursUnderway).toBeGreaterThan(0);
    const gap = a.gaps.find((g: { kind: string }) => g.kind === "no log speed");
    expect(gap.filled).toMatch(/speed over ground/);
  });
});
