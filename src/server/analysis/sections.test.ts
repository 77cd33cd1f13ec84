import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partialDaysNote } from "../../contracts/analysis/fuel-consumption-section";
import { eeoi } from "../../domain/eeoi/eeoi";
import { sfocToIsoConditions } from "../../domain/engine/sfoc-iso-correction";
import { sfocDeviationFromShopTest } from "../../domain/engine/shop-test-curve";
import { fitSpeedFuelCurve, speedFuelFitQuality } from "../../domain/performance/speed-fuel-fit";
import { createTestApp, type TestUser } from "../test/test-app";
import { createShip, type FuelRow, insertFuel, insertSeries, SHOP_TEST } from "./test-fixtures";

/**
 * Hand-made day, 2025-03-01, 24 hourly main-engine records (each covering 1 h), voyage V1 (20,000 t cargo):
 * speed v_i = 10 + 0.25·i kn, fuel rate 0.02·v³ t/day (so FC = k·Vⁿ with k = 0.02, n = 3 exactly),
 * 8,000 kW, load 30 % for the first 12 hours and 70 % after, distance = v nm. Air 35 °C, sea 30 °C;
 * auxiliary power hvac 100, pumps 50, lighting 20, navigation 10, cargo handling 20 kW.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
let voyageId: number;
const HOUR = 3_600_000;
const t0 = Date.parse("2025-03-01T00:00:00Z");
const speeds = Array.from({ length: 24 }, (_, i) => 10 + 0.25 * i);
const rates = speeds.map((v) => 0.02 * v ** 3);
const loads = speeds.map((_, i) => (i < 12 ? 30 : 70));
const q = "range=custom&from=2025-03-01&to=2025-03-02T00:30:00Z&engine=main";
const curve = SHOP_TEST.map((p) => ({ loadPercent: p.loadPercent, sfocGPerKwh: p.sfoc }));

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0, { deadweight: 50_000 });
  await t.app.inject({
    method: "PATCH",
    url: `/api/ships/${shipId}/baseline`,
    headers: { cookie: owner.cookie },
    payload: { shopTestSfoc: SHOP_TEST },
  });
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
        arrivalDate: "2025-03-02T00:30:00Z",
        cargoTonnes: 20_000,
      },
    })
  ).json().id;
  const ts = speeds.map((_, i) => new Date(t0 + (i + 1) * HOUR));
  const rows: FuelRow[] = speeds.map((v, i) => ({
    ts: ts[i]!,
    voyageId,
    consumer: "main",
    periodHours: 1,
    fuelType: "HFO",
    fuelConsumptionRate: rates[i]!,
    enginePower: 8000,
    engineLoadFactor: loads[i]!,
    speedThroughWater: v,
    distanceNm: v,
  }));
  await insertFuel(t, owner.orgId, shipId, rows);
  await insertSeries(
    t,
    owner.orgId,
    shipId,
    "environmental",
    ts.map((d) => ({ ts: d, airTemperature: 35, seaTemperature: 30 })),
  );
  await insertSeries(
    t,
    owner.orgId,
    shipId,
    "auxiliary",
    ts.map((d) => ({
      ts: d,
      hvacPower: 100,
      pumpsPower: 50,
      lightingPower: 20,
      navigationPower: 10,
      cargoHandlingPower: 20,
    })),
  );
});
afterAll(() => t.close());

const section = async (id: string, query = q) => {
  const res = await t.app.inject({
    url: `/api/ships/${shipId}/analysis/${id}?${query}`,
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const fuelT = rates.map((r) => r / 24);
const totalFuel = fuelT.reduce((a, b) => a + b, 0);
const totalDistance = speeds.reduce((a, b) => a + b, 0);
const sfocs = rates.map((r) => (r * 1e6) / 24 / 8000);

describe("Analysis Center sections equal the domain calculation over the stored records", () => {
  it("fuel-fuel-performance: hourly SFOC raw and at ISO conditions, against 180 and the shop test", async () => {
    const s = await section("fuel-fuel-performance");
    expect(s.series.t).toEqual(speeds.map((_, i) => (t0 + (i + 1) * HOUR) / 1000));
    s.series.sfoc.forEach((x: number, i: number) => {
      expect(x).toBeCloseTo(sfocs[i]!, 9);
    });
    const iso = sfocs.map(
      (x) =>
        sfocToIsoConditions({
          measuredSfocGPerKwh: x,
          actualLcvKjPerKg: 40_200,
          ambient: { airInletTempC: 35, barometricPressureMbar: 1000, chargeAirCoolantTempC: 30 },
        }).isoSfocGPerKwh,
    );
    s.series.sfocIso.forEach((x: number, i: number) => {
      expect(x).toBeCloseTo(iso[i]!, 9);
    });
    // the shop test (ISO LCV 42,700 kJ/kg) on the energy basis of the HFO burnt (40,200 kJ/kg), as the card
    const onHfo = (shop: number) => (shop * 42_700) / 40_200;
    expect(s.series.baseline[0]).toBeCloseTo(onHfo(187), 9); // shop test at 30 %: 190 − 15·5/25
    expect(s.series.baseline[23]).toBeCloseTo(onHfo(171), 9); // at 70 %: 175 − 5·20/25
    expect(s.targetSfoc).toBe(180);
    expect(s.specificationBaselineSfoc).toBe(185); // the baseline of a ship without a shop test
    expect(s.ambientCorrected).toBe(true);
    const mean = (totalFuel * 1e6) / (8000 * 24);
    expect(s.summary.meanSfoc).toBeCloseTo(mean, 9);
    expect(s.summary.baselineSfoc).toBeCloseTo(onHfo(shopAt(50)), 9);
    expect(s.summary.vsTargetPercent).toBeCloseTo((100 * (mean - 180)) / 180, 9);
  });

  it.each([
    q,
    "range=custom&from=2025-03-01&to=2025-03-02T00:30:00Z&engine=all",
    "range=custom&from=2025-03-01&to=2025-03-02T00:30:00Z&engine=auxiliary",
    "range=custom&from=2025-02-01&to=2025-03-31&engine=main",
    "range=voyage&engine=main",
    "range=7days",
  ])("Performance Trends' 'vs baseline' is the SFOC card's (%s)", async (query) => {
    const s = await section("fuel-fuel-performance", query);
    const card = (
      await t.app.inject({ url: `/api/dashboard/${shipId}?${query}`, headers: { cookie: owner.cookie } })
    ).json().kpis.sfoc;
    if (!card) {
      expect(s.summary.vsBaselinePercent).toBeNull();
      return;
    }
    // equal up to the order in which the database and the section add the same records
    expect(s.summary.meanSfoc).toBeCloseTo(card.value, 9);
    expect(s.summary.baselineSfoc).toBeCloseTo(card.reference, 9);
    expect(s.summary.vsBaselinePercent).toBeCloseTo(card.differencePercent, 9);
    expect(s.baselineSource).toBe(card.referenceSource);
  });

  it("fuel-fuel-consumption: the daily rollups give the same rates and hours per day as the records", async () => {
    const hourly = (await section("fuel-fuel-consumption")).daily;
    const daily = (
      await section("fuel-fuel-consumption", "range=custom&from=2025-02-01&to=2025-03-31&engine=main")
    ).daily;
    expect(daily.t).toEqual(hourly.t);
    expect(daily.hours).toEqual(hourly.hours);
    expect(daily.partial).toEqual([true, true]);
    daily.fuelTPerDay[0].forEach((v: number, i: number) => {
      expect(v).toBeCloseTo(hourly.fuelTPerDay[0][i], 9);
    });
  });

  it("fuel-fuel-consumption: FC = k·Vⁿ recovers k = 0.02 and n = 3; daily fuel by type", async () => {
    const s = await section("fuel-fuel-consumption");
    const fit = fitSpeedFuelCurve(speeds.map((v, i) => ({ speedKn: v, fuelTonnesPerDay: rates[i]! })));
    expect(s.fit.n).toBeCloseTo(fit.n, 9);
    expect(s.fit.n).toBeCloseTo(3, 9);
    expect(s.fit.k).toBeCloseTo(0.02, 9);
    expect(s.scatter.stw).toEqual(speeds);
    // the scatter is the main engine's fuel (the speed law is the propulsion's), and says so
    expect(s.scatterConsumers).toEqual(["main"]);
    expect(s.fitQuality).toEqual(speedFuelFitQuality(fit, speeds));
    expect(s.fitQuality.reliable).toBe(true);
    expect(s.curve.stw.length).toBeGreaterThan(0);
    expect(s.daily.fuelTypes).toEqual(["HFO"]);
    // per UTC day of the records' time: 01:00–23:00 of 1 March (23 h) and 00:00 of 2 March (1 h), both
    // partial, each drawn as its rate over its own hours (24 × fuel ÷ hours), not its fuel as a day's
    const first = fuelT.slice(0, 23).reduce((a, b) => a + b, 0);
    expect(s.daily.t).toEqual([t0 / 1000, (t0 + 24 * HOUR) / 1000]);
    expect(s.daily.hours).toEqual([23, 1]);
    expect(s.daily.partial).toEqual([true, true]);
    expect(s.daily.bucketHours).toBe(24);
    expect(s.daily.fuelTPerDay[0][0]).toBeCloseTo((24 * first) / 23, 9);
    expect(s.daily.fuelTPerDay[0][1]).toBeCloseTo(24 * fuelT[23]!, 9);
    expect(partialDaysNote(s.daily)).toBe(
      "Partial days (fewer than 24 h of records), drawn as 24 × fuel ÷ hours covered: 2025-03-01 (23 h), 2025-03-02 (1 h).",
    );
    expect(s.summary.totalFuelT).toBeCloseTo(totalFuel, 9);
    expect(s.summary.fuelRate).toBeCloseTo(totalFuel, 9); // 24 h at sea
    expect(s.summary.distanceNm).toBeCloseTo(totalDistance, 9);
  });

  it.each(["range=custom&from=2025-03-01&to=2025-03-01T04:00:00Z&engine=main", "range=7days", q])(
    "fuel-fuel-consumption: the curve exists only where the fit reads as the speed law (%s)",
    async (query) => {
      const s = await section("fuel-fuel-consumption", query);
      expect(s.curve.stw.length > 0).toBe(s.fitQuality?.reliable === true);
    },
  );

  it("fuel-fuel-cost: 600/t only while no price is set, then the dated table", async () => {
    let s = await section("fuel-fuel-cost");
    expect(s.priceSource).toBe("specification-default");
    expect([s.initialPricePerTonne, s.currency]).toEqual([600, "USD"]);
    expect(s.summary.totalCost).toBeCloseTo(600 * totalFuel, 6);
    expect(s.summary.costPerNm).toBeCloseTo((600 * totalFuel) / totalDistance, 9);
    expect(s.byVoyage.voyageId).toEqual([voyageId]);
    expect(s.byVoyage.fuelCost[0]).toBeCloseTo(600 * totalFuel, 6);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/settings/fuel-prices",
      headers: { cookie: owner.cookie },
      payload: {
        prices: [
          { fuelType: "HFO", pricePerTonne: 500, validFrom: "2025-01-01" },
          { fuelType: "HFO", pricePerTonne: 700, validFrom: "2025-03-02" },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    s = await section("fuel-fuel-cost");
    expect(s.priceSource).toBe("organisation");
    // the 24th record is stamped 2025-03-02T00:00, when 700 applies
    const cost = 500 * (totalFuel - fuelT[23]!) + 700 * fuelT[23]!;
    expect(s.summary.totalCost).toBeCloseTo(cost, 6);
    expect(s.series.fuelCost[23]).toBeCloseTo(700 * fuelT[23]!, 9);
    // the voyage's fuel split where the price changes: its 23 hours of 1 March at 500, its last at 700
    expect(s.byVoyage.fuelCost[0]).toBeCloseTo(cost, 6);
    expect(s.unpricedFuelTypes).toEqual([]);
  });

  it("fuel-fuel-eeoi: voyage EEOI (Circ.684) against the organisation's target", async () => {
    let s = await section("fuel-fuel-eeoi");
    expect(s.target).toBeNull();
    const expected = eeoi([
      { fuels: [{ fuelType: "HFO", tonnes: totalFuel }], cargo: 20_000, distanceNm: totalDistance },
    ]);
    expect(s.byVoyage.eeoi[0]).toBeCloseTo(expected.gCo2PerCargoNm!, 9);
    expect(s.byVoyage.rollingEeoi[0]).toBeCloseTo(expected.gCo2PerCargoNm!, 9);
    await t.app.inject({
      method: "PUT",
      url: "/api/settings/eeoi-target",
      headers: { cookie: owner.cookie },
      payload: { eeoiTarget: 10 },
    });
    s = await section("fuel-fuel-eeoi");
    expect(s.target).toBe(10);
    expect(s.summary.vsTargetPercent).toBeCloseTo(10 * (expected.gCo2PerCargoNm! - 10), 9);
  });

  it("engine-engine-performance: ISO SFOC against load and the deviation from the shop test", async () => {
    const s = await section("engine-engine-performance");
    expect(s.scatter.loadPercent).toEqual(loads);
    expect(s.shopTest.loadPercent).toEqual([25, 50, 75, 100]);
    const iso = s.scatter.sfocIso[5];
    expect(s.deviation.percent[5]).toBeCloseTo(
      sfocDeviationFromShopTest(curve, { loadPercent: 30, isoSfocGPerKwh: iso }).deviationPercent,
      9,
    );
    // a day of hours is no trend per 30 days (domain sfocDeviationTrend), and the answer says why
    expect(s.summary.trendPercentPer30Days).toBeNull();
    expect(s.summary.trendInterval).toBeNull();
    expect(s.summary.trendReason).toMatch(/this range has 2 days, 1 day apart$/);
  });

  it("engine-engine-load: 12 h in 25–40 %, 12 h in 70–85 %, mean 50 % 'Optimal Range'", async () => {
    const s = await section("engine-engine-load");
    expect(s.optimalRangePercent).toEqual({ low: 40, high: 85 });
    expect(s.bands.hours).toEqual([0, 12, 0, 0, 12, 0, 0]);
    expect(s.bands.sharePercent).toEqual([0, 50, 0, 0, 50, 0, 0]);
    expect(s.summary).toEqual({ meanLoadPercent: 50, band: "Optimal Range", hours: 24 });
    // the daily rollup gives the same bands
    const d = await section("engine-engine-load", "range=custom&from=2025-02-01&to=2025-03-31");
    expect(d.range.resolution).toBe("daily");
    expect(d.bands.hours).toEqual([0, 12, 0, 0, 12, 0, 0]);
  });

  it("engine-auxiliary-systems: mean power and shares per consumer", async () => {
    const s = await section("engine-auxiliary-systems");
    expect(s.consumers).toEqual(["hvac", "pumps", "lighting", "navigation", "cargoHandling"]);
    expect(s.summary.meanPowerKw).toEqual([100, 50, 20, 10, 20]);
    expect(s.summary.sharePercent).toEqual([50, 25, 10, 5, 10]);
    expect(s.series.powerKw[0]).toHaveLength(24);
    const d = await section("engine-auxiliary-systems", "range=custom&from=2025-02-01&to=2025-03-31");
    expect(d.summary.meanPowerKw).toEqual([100, 50, 20, 10, 20]);
  });

  it("the live section is ready and the database sections are the organisation's", async () => {
    expect((await section("environment-real-time-monitoring")).status).toBe("ready");
    expect((await section("database-admin")).status).toBe("organisation");
  });

  it.each(["database-admin", "database-backup-export", "database-performance", "database-data-integrity"])(
    "a Database Admin section (%s) names the organisation's endpoints",
    async (id) => {
      const s = await section(id);
      expect(s.status).toBe("organisation");
      expect(s.endpoints.length).toBeGreaterThan(0);
    },
  );

  it("an unknown section id answers 404", async () => {
    const res = await t.app.inject({
      url: `/api/ships/${shipId}/analysis/nonsense`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(404);
  });

  it("the sidebar summary and the system status come from the data", async () => {
    const res = await t.app.inject({
      url: `/api/ships/${shipId}/analysis-summary?${q}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.fuel.totalFuelT).toBeCloseTo(totalFuel, 9);
    expect(s.engine.auxiliaryPowerKw).toBe(200);
    expect(s.hull.roughnessIndex).toBeNull();
    // the sidebar's cost per mile is the Cost per Mile section's figure, in the currency the answer names
    const cost = await section("fuel-fuel-cost");
    expect([s.fuel.costPerNm, s.fuel.currency]).toEqual([cost.summary.costPerNm, cost.currency]);
    const status = (
      await t.app.inject({ url: "/api/system-status", headers: { cookie: owner.cookie } })
    ).json();
    expect(status.lastRecordAt).toBe("2025-03-02T00:00:00.000Z");
    expect(status.activeAlerts).toBe(0);
    expect(status.dataQualityPercent).toBeNull(); // nothing in the last 30 days
  });
});

function shopAt(load: number) {
  return SHOP_TEST[1]!.sfoc + ((SHOP_TEST[2]!.sfoc - SHOP_TEST[1]!.sfoc) * (load - 50)) / 25;
}
