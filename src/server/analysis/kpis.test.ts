import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assessCii } from "../../domain/cii/cii-assessment";
import { shopTestSfocAt } from "../../domain/engine/shop-test-curve";
import { createTestApp, type TestUser } from "../test/test-app";
import { createShip, hourly, insertFuel, SHOP_TEST } from "./test-fixtures";

/**
 * Hand-made data set (every record covers 1 h):
 * - 2025-01-10: 24 main records at 30 t/day, 8,000 kW, 50 % load, 12 kn, 12 nm.
 * - 2025-03-01: 24 main records at 36 t/day, 8,000 kW, 50 % load, 12 kn, 12 nm;
 *   24 auxiliary records at 4.8 t/day, 1,000 kW, 60 % load, 12 kn, 0 nm.
 * Per hour: main 1.5 t for 8,000 kWh (187.5 g/kWh); auxiliary 0.2 t for 1,000 kWh (200 g/kWh).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
let voyageId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0, { deadweight: 50_000, type: "Bulk Carrier" });
  await t.app.inject({
    method: "PATCH",
    url: `/api/ships/${shipId}/baseline`,
    headers: { cookie: owner.cookie },
    payload: { shopTestSfoc: SHOP_TEST },
  });
  const main = {
    consumer: "main" as const,
    enginePower: 8000,
    engineLoadFactor: 50,
    speedThroughWater: 12,
    distanceNm: 12,
  };
  await insertFuel(t, owner.orgId, shipId, [
    ...hourly("2025-01-10T00:00Z", 24, { ...main, fuelConsumptionRate: 30 }),
    ...hourly("2025-03-01T00:00Z", 24, { ...main, fuelConsumptionRate: 36 }),
    ...hourly("2025-03-01T00:00Z", 24, {
      consumer: "auxiliary",
      fuelConsumptionRate: 4.8,
      enginePower: 1000,
      engineLoadFactor: 60,
      speedThroughWater: 12,
      distanceNm: 0,
    }),
  ]);
  voyageId = (
    await t.app.inject({
      method: "POST",
      url: "/api/voyages",
      headers: { cookie: owner.cookie },
      payload: {
        shipId,
        voyageNumber: "V1",
        origin: "A",
        destination: "B",
        departureDate: "2025-03-01T00:00:00Z",
        arrivalDate: "2025-03-02T01:00:00Z",
      },
    })
  ).json().id;
});
afterAll(() => t.close());

const get = (query: string) =>
  t.app.inject({ url: `/api/dashboard/${shipId}?${query}`, headers: { cookie: owner.cookie } });

// Expected CII: year 2025 to the range's end (after 2025-03-02): all fuel, HFO, 576 nm.
const cii = assessCii({
  shipType: "bulk_carrier",
  capacity: 50_000,
  fuels: [{ fuelType: "HFO", tonnes: 30 + 36 + 4.8 }],
  distanceNm: 576,
  year: 2025,
});
const expectedCii = {
  rating: cii.rating,
  attained: cii.attainedCii,
  required: cii.requiredCii,
  complianceStatus: cii.complianceStatus,
  year: 2025,
};

const march = "from=2025-03-01&to=2025-03-02T01:00:00Z";
// The shop test (ISO reference LCV 42,700 kJ/kg) on the energy basis of the HFO burnt (IMO default LCV
// 40,200 kJ/kg, MEPC.364(79)): 42,700 / 40,200 more grams per kWh.
const shop50 =
  (shopTestSfocAt(
    SHOP_TEST.map((p) => ({ loadPercent: p.loadPercent, sfocGPerKwh: p.sfoc })),
    50,
  ) *
    42_700) /
  40_200;

describe("KPI cards equal the domain calculation over the stored records", () => {
  it.each([
    ["custom range, main engine (hourly)", `range=custom&${march}&engine=main`],
    ["the voyage as range, main engine", `range=voyage&voyage=VOYAGE`],
    ["This Voyage with voyage=all takes the latest voyage", `range=voyage`],
  ])(
    "%s: SFOC vs shop test at the mean load, rate vs the 12 months before, load band, CII",
    async (_n, q) => {
      const res = await get(q.replace("VOYAGE", String(voyageId)));
      expect(res.statusCode).toBe(200);
      const { kpis, range } = res.json();
      expect(range.resolution).toBe("hourly");
      expect(kpis.sfoc.value).toBeCloseTo(187.5, 9);
      expect(kpis.sfoc.reference).toBeCloseTo(shop50, 9);
      expect(kpis.sfoc.referenceSource).toBe("shop-test");
      expect(kpis.sfoc.differencePercent).toBeCloseTo((100 * (187.5 - shop50)) / shop50, 9);
      expect(kpis.fuelConsumptionRate.value).toBeCloseTo(36, 9);
      expect(kpis.fuelConsumptionRate.reference).toBeCloseTo(30, 9);
      expect(kpis.fuelConsumptionRate.differencePercent).toBeCloseTo(20, 9);
      // the reference says its basis: January's one day, not a year (issue 35 item 2)
      expect(kpis.fuelConsumptionRate.referenceBasis).toBe("1.0 day at sea in the 12 months before");
      expect(kpis.engineLoadFactor).toEqual({ value: 50, band: "Optimal Range" });
      expect(kpis.cii.rating).toBe(expectedCii.rating);
      expect(kpis.cii.attained).toBeCloseTo(expectedCii.attained, 9);
      expect(kpis.cii.required).toBeCloseTo(expectedCii.required, 9);
      expect(kpis.cii.complianceStatus).toBe(expectedCii.complianceStatus);
    },
  );

  it("all engines: fuel and energy of both consumers, time at sea counted once, the specification's 185", async () => {
    const { kpis } = (await get(`range=custom&${march}&engine=all`)).json();
    expect(kpis.sfoc.value).toBeCloseTo((1.7 * 24 * 1e6) / (9000 * 24), 9);
    expect(kpis.sfoc).toMatchObject({ reference: 185, referenceSource: "specification" });
    expect(kpis.fuelConsumptionRate.value).toBeCloseTo(40.8, 9);
    expect(kpis.fuelConsumptionRate.reference).toBeCloseTo(30, 9);
    expect(kpis.engineLoadFactor.value).toBeCloseTo(55, 9);
    expect(kpis.cii.attained).toBeCloseTo(expectedCii.attained, 9);
  });

  it("auxiliary engine alone, against the four-stroke default (not the main engine's 185)", async () => {
    const { kpis } = (await get(`range=custom&${march}&engine=auxiliary`)).json();
    expect(kpis.sfoc.value).toBeCloseTo(200, 9);
    // reference-data.md §6: 200 g/kWh for a four-stroke engine without a technical file
    expect(kpis.sfoc).toMatchObject({ reference: 200, referenceSource: "four-stroke-default" });
    expect(kpis.sfoc.differencePercent).toBeCloseTo(0, 9);
    expect(kpis.fuelConsumptionRate).toEqual({
      value: expect.closeTo(4.8, 9),
      reference: null,
      referenceHoursAtSea: null,
      referenceBasis: null,
      differencePercent: null,
      atSeaSource: "speed-through-water",
    });
    expect(kpis.engineLoadFactor).toEqual({ value: 60, band: "Optimal Range" });
  });

  it("a long custom range reads the daily rollup and gives the same sums", async () => {
    const { kpis, range } = (await get("range=custom&from=2025-01-01&to=2025-03-31&engine=main")).json();
    expect(range.resolution).toBe("daily");
    expect(kpis.sfoc.value).toBeCloseTo(((30 + 36) * 1e6) / (8000 * 48), 9);
    expect(kpis.fuelConsumptionRate.value).toBeCloseTo(33, 9);
    expect(kpis.fuelConsumptionRate.reference).toBeNull();
    expect(kpis.cii.attained).toBeCloseTo(expectedCii.attained, 9);
  });

  it("a range with no data gives null cards, never fallback figures", async () => {
    const { kpis } = (await get("range=custom&from=2024-06-01&to=2024-06-08")).json();
    expect(kpis.sfoc).toBeNull();
    expect(kpis.fuelConsumptionRate).toBeNull();
    expect(kpis.engineLoadFactor).toBeNull();
    // the last 7 days hold no records either
    const recent = (await get("")).json();
    expect(recent.range.range).toBe("7days");
    expect(recent.kpis.sfoc).toBeNull();
  });

  it("a voyage outside the date range wins over it, and the answer says so (issue 35 item 2)", async () => {
    // the voyage (March 2025) lies outside the last 7 days: its span, not an empty range
    const res = await get(`range=7days&voyage=${voyageId}&engine=main`);
    expect(res.statusCode).toBe(200);
    const { kpis, range } = res.json();
    expect(range).toMatchObject({
      range: "voyage",
      voyageId,
      from: "2025-03-01T00:00:00.000Z",
      to: "2025-03-02T01:00:00.000Z",
    });
    expect(kpis.fuelConsumptionRate.value).toBeCloseTo(36, 9);
    // a voyage inside the range still narrows it, under the range asked for
    const inside = (await get(`range=custom&from=2025-02-01&to=2025-03-01&voyage=${voyageId}`)).json();
    expect(inside.range).toMatchObject({ range: "custom", from: "2025-03-01T00:00:00.000Z" });
  });

  it("says per kind of record whether the range holds one and the newest (issue 35 item 2)", async () => {
    const none = { inRange: false, newest: null };
    const recent = (await get("range=7days&engine=main")).json();
    expect(recent.records).toEqual({
      fuel: { inRange: false, newest: "2025-03-02T00:00:00.000Z" },
      environmental: none,
      hull: none,
      trim: none,
      auxiliary: none,
    });
    expect((await get(`range=custom&${march}&engine=main`)).json().records.fuel).toEqual({
      inRange: true,
      newest: "2025-03-02T00:00:00.000Z",
    });
    // the selected engines' records only
    const jan = (await get("range=custom&from=2025-01-10&to=2025-01-11&engine=auxiliary")).json();
    expect(jan.records.fuel).toEqual({ inRange: false, newest: "2025-03-02T00:00:00.000Z" });
  });

  it("an empty CII card says why: no records in the year, or records without distance (issue 35 item 2)", async () => {
    const before = (await get("range=custom&from=2024-06-01&to=2024-06-08")).json().kpis;
    expect(before.cii).toBeNull();
    expect(before.ciiEmptyReason).toBe(
      "No fuel records in 2024 yet; add or upload the ship's records of the year.",
    );
    expect((await get(`range=custom&${march}`)).json().kpis.ciiEmptyReason).toBeNull();
    const noDistance = await createShip(t, owner, 4, { deadweight: 50_000, type: "Bulk Carrier" });
    await insertFuel(t, owner.orgId, noDistance, [
      ...hourly("2025-03-01T00:00Z", 24, { consumer: "main", fuelConsumptionRate: 30, distanceNm: 0 }),
    ]);
    const res = await t.app.inject({
      url: `/api/dashboard/${noDistance}?range=custom&${march}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.json().kpis).toMatchObject({
      cii: null,
      ciiEmptyReason:
        "The fuel records of 2025 carry no distance sailed (nor speed over ground to derive it); add the distance.",
    });
  });

  it("rejects a custom range without dates and a voyage of another ship", async () => {
    const bad = await get("range=custom&from=2025-03-01");
    expect(bad.statusCode).toBe(400);
    expect((await get("voyage=999999")).statusCode).toBe(404);
  });
});

describe("the CII card agrees with the CII calculator on the first rated year (2023)", () => {
  it("shows 2022's attained and required CII but no rating or status, as the calculator does", async () => {
    const ship2022 = await createShip(t, owner, 5, { deadweight: 50_000, type: "Bulk Carrier" });
    await insertFuel(t, owner.orgId, ship2022, [
      ...hourly("2022-06-01T00:00Z", 24, {
        consumer: "main",
        fuelConsumptionRate: 30,
        enginePower: 8000,
        engineLoadFactor: 50,
        speedThroughWater: 12,
        distanceNm: 12,
      }),
    ]);
    const res = await t.app.inject({
      url: `/api/dashboard/${ship2022}?range=custom&from=2022-06-01&to=2022-06-02&engine=main`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { cii: card } = res.json().kpis;
    expect(card).toMatchObject({ year: 2022, rating: null, complianceStatus: null });
    const calc = await t.app.inject({
      method: "POST",
      url: "/api/calculate-cii",
      headers: { cookie: owner.cookie },
      payload: {
        shipType: "Bulk carrier",
        deadweight: 50_000,
        fuelConsumption: 30,
        distanceTravelled: 288,
        calculationYear: 2022,
      },
    });
    expect(calc.json()).toMatchObject({ rated: false, rating: null, complianceStatus: null });
    expect(card.attained).toBeCloseTo(calc.json().attainedCII, 9);
    expect(card.required).toBeCloseTo(calc.json().requiredCII, 9);
  });
});
