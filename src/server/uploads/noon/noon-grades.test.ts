/**
 * Noon reports' fuel per consumer and grade (issue 13 item 1, decision 008 "Grades"): a report's consumer
 * that burnt two grades gives one record per grade, boilers are a consumer of their own, and the annual
 * figures (IMO DCS fuel by type and by consumer, CO2) use the real grades. A re-sent report with other grades,
 * and a record re-sent with another fuel type, replace what was stored instead of adding to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithShip, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

let t: Awaited<ReturnType<typeof appWithShip>>["t"];
let owner: TestUser;
let stranger: TestUser;
let shipId: number;

beforeAll(async () => {
  ({ t, owner, stranger, shipId } = await appWithShip({ name: "Grade Star", imo: "9074729" }));
});
afterAll(async () => {
  await t.close();
});

const HEADER = "IMO,UTC,Type,Steaming hrs,Report period,ME HFO,ME MGO,AE MGO,Boiler HFO,Dist. OG";
const sheet = (firstMeMgo: number) =>
  [
    HEADER,
    `9074729,2025-05-01T12:00Z,Noon,24,24,20,${firstMeMgo},3,1,300`,
    "9074729,2025-05-02T12:00Z,Noon,24,24,22,0,3,1.2,320",
  ].join("\n");
const upload = (content: string, user = owner) =>
  uploadFile(t.app, user, { filename: "noon.csv", content }, { dataType: "noon" });
const annual = async (user = owner) =>
  t.app.inject({ method: "GET", url: `/api/ships/${shipId}/annual/2025`, headers: { cookie: user.cookie } });
const byKey = (rows: { fuelType: string; tonnes: number; consumer?: string }[]) =>
  Object.fromEntries(rows.map((r) => [`${r.consumer ? `${r.consumer}/` : ""}${r.fuelType}`, r.tonnes]));

describe("noon fuel per grade and consumer", () => {
  it("maps the boiler column to the boiler consumer", async () => {
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "noon.csv", content: sheet(1) },
      { dataType: "noon", dryRun: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const fields = Object.fromEntries(
      res.json().mapping.columns.map((c: { header: string; field: string }) => [c.header, c.field]),
    );
    expect(fields).toMatchObject({
      "ME HFO": "fuel.main.HFO",
      "ME MGO": "fuel.main.MGO",
      "AE MGO": "fuel.auxiliary.MGO",
      "Boiler HFO": "fuel.boiler.HFO",
    });
  });

  it("stores one record per consumer and grade; DCS fuel by type and consumer and CO2 are the grades'", async () => {
    const res = await upload(sheet(1));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.database.pool.query(
      "select consumer, fuel_type from fuel_data where org_id = $1 and ship_id = $2 order by ts, consumer, fuel_type",
      [owner.orgId, shipId],
    );
    expect(stored.rows.map((r) => `${r.consumer}/${r.fuel_type}`)).toEqual([
      "auxiliary/MGO",
      "boiler/HFO",
      "main/HFO",
      "main/MGO",
      "auxiliary/MGO",
      "boiler/HFO",
      "main/HFO",
    ]);
    const a = (await annual()).json();
    expect(byKey(a.fuelByType).HFO).toBeCloseTo(20 + 1 + 22 + 1.2, 9);
    expect(byKey(a.fuelByType).MGO).toBeCloseTo(1 + 3 + 3, 9);
    const consumers = byKey(a.fuelByConsumer);
    expect(consumers["main/HFO"]).toBeCloseTo(42, 9);
    expect(consumers["main/MGO"]).toBeCloseTo(1, 9);
    expect(consumers["auxiliary/MGO"]).toBeCloseTo(6, 9);
    expect(consumers["boiler/HFO"]).toBeCloseTo(2.2, 9);
    // Worked example, Cf HFO 3.114, MGO 3.206 t CO2/t (MEPC.364(79), reference-data.md):
    // 44.2 × 3.114 + 7 × 3.206 = 137.6388 + 22.442 = 160.0808 t
    expect(a.co2Tonnes).toBeCloseTo(160.0808, 6);
    expect(a.distanceNm).toBeCloseTo(620, 9);
    expect(a.gaps.map((g: { kind: string }) => g.kind)).not.toContain("consumers not separated");
  });

  it("the auxiliary systems section gives the boiler's fuel beside the auxiliary engines'", async () => {
    const res = await t.app.inject({
      url: `/api/ships/${shipId}/analysis/engine-auxiliary-systems?range=custom&from=2025-05-01&to=2025-05-03&engine=all`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary.boilerFuelT).toBeCloseTo(2.2, 9);
    expect(res.json().summary.auxiliaryFuelT).toBeCloseTo(6, 9);
  });

  it("the fuel cost is each grade's tonnes at its own price", async () => {
    const prices = {
      currency: "USD",
      prices: [
        { fuelType: "HFO", pricePerTonne: 520, validFrom: "2025-01-01" },
        { fuelType: "MGO", pricePerTonne: 900, validFrom: "2025-01-01" },
      ],
    };
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/settings/fuel-prices",
      headers: { cookie: owner.cookie },
      payload: prices,
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await t.app.inject({
      url: `/api/ships/${shipId}/analysis/fuel-fuel-cost?range=custom&from=2025-05-01&to=2025-05-03&engine=all`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 44.2 t HFO × 520 + 7 t MGO × 900 = 22,984 + 6,300
    expect(res.json().summary.totalCost).toBeCloseTo(44.2 * 520 + 7 * 900, 6);
  });

  it("a report re-sent without a grade drops that grade's record (nothing kept twice)", async () => {
    const res = await upload(sheet(0));
    expect(res.statusCode, res.body).toBe(200);
    const a = (await annual()).json();
    expect(byKey(a.fuelByType).MGO).toBeCloseTo(6, 9);
    expect(byKey(a.fuelByType).HFO).toBeCloseTo(44.2, 9);
    expect(byKey(a.fuelByConsumer)["main/MGO"]).toBeUndefined();
    expect(a.co2Tonnes).toBeCloseTo(44.2 * 3.114 + 6 * 3.206, 6);
  });

  it("a record re-sent with another fuel type replaces the stored one", async () => {
    const post = (fuelType: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/fuel-data",
        headers: { cookie: owner.cookie },
        payload: {
          shipId,
          timestamp: "2025-06-01T00:00:00Z",
          consumer: "auxiliary",
          fuelConsumptionRate: 4,
          fuelType,
        },
      });
    expect((await post("HFO")).statusCode).toBe(201);
    expect((await post("MGO")).statusCode).toBe(201);
    const rows = await t.database.pool.query(
      "select fuel_type from fuel_data where org_id = $1 and ship_id = $2 and ts = '2025-06-01T00:00:00Z'",
      [owner.orgId, shipId],
    );
    expect(rows.rows).toEqual([{ fuel_type: "MGO" }]);
  });

  it("another organisation sees none of it", async () => {
    expect((await annual(stranger)).statusCode).toBe(404);
  });
});
