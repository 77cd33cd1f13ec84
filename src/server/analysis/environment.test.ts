/**
 * Environmental sections (issue 15 items 1–2): the figures equal the domain over the stored records for the
 * filters, tenancy, and the map's server-side downsampling.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALM_BEAUFORT_MAX, type WeatherRecord, weatherPenalty } from "../../domain/hull/weather-penalty";
import { douglasDegreeFromWaveHeight } from "../../domain/weather/douglas";
import { TRACK_MAX_POINTS, trackBucketSeconds, voyageTrack } from "../metrics/voyage-track";
import { weatherRecords } from "../metrics/weather-records";
import { createTestApp, type TestUser } from "../test/test-app";
import { createShip, type FuelRow, insertFuel, insertSeries } from "./test-fixtures";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let other: TestUser;
let shipId: number;
let trackShipId: number;
const HOUR = 3_600_000;
const t0 = Date.parse("2025-03-01T00:00:00Z");
const N = 48;
/**
 * Two hand-made days, 48 hourly main-engine records at sea and their weather: speed 12 + (i mod 5) kn,
 * power 6,000 + 50·i kW, fuel 0.002·P t/day; wind 2 + 0.6·i kn from (37·i) mod 360°, heading 90°, waves
 * 0.1·i m, air 10 + 0.1·i °C, sea 15 °C, position along 30° N from 140° W eastwards.
 */
const rec = (i: number) => ({
  stw: 12 + (i % 5),
  power: 6000 + 50 * i,
  rate: 0.002 * (6000 + 50 * i),
  wind: 2 + 0.6 * i,
  dir: (37 * i) % 360,
  wave: 0.1 * i,
});
const ts = (i: number) => new Date(t0 + (i + 1) * HOUR);
const q = "range=custom&from=2025-03-01&to=2025-03-03&engine=main";

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  other = await t.registerOwner();
  shipId = await createShip(t, owner, 0, { length: 190, beam: 32 });
  trackShipId = await createShip(t, owner, 1);
  const rows: FuelRow[] = Array.from({ length: N }, (_, i) => ({
    ts: ts(i),
    consumer: "main",
    periodHours: 1,
    fuelType: "HFO",
    fuelConsumptionRate: rec(i).rate,
    enginePower: rec(i).power,
    speedThroughWater: rec(i).stw,
    speedOverGround: rec(i).stw,
  }));
  await insertFuel(t, owner.orgId, shipId, rows);
  await insertSeries(
    t,
    owner.orgId,
    shipId,
    "environmental",
    Array.from({ length: N }, (_, i) => ({
      ts: ts(i),
      windSpeed: rec(i).wind,
      windDirection: rec(i).dir,
      waveHeight: rec(i).wave,
      seaState: douglasDegreeFromWaveHeight(rec(i).wave),
      airTemperature: 10 + 0.1 * i,
      seaTemperature: 15,
      heading: 90,
      latitude: 30,
      longitude: -140 + 0.2 * i,
    })),
  );
}, 60_000);
afterAll(() => t.close());

const get = (user: TestUser, id: number, section: string, query = q) =>
  t.app.inject({
    method: "GET",
    url: `/api/ships/${id}/analysis/${section}?${query}`,
    headers: { cookie: user.cookie },
  });

const domainRecords: WeatherRecord[] = Array.from({ length: N }, (_, i) => ({
  hours: 1,
  fuelT: rec(i).rate / 24,
  powerKw: rec(i).power,
  stwKn: rec(i).stw,
  windSpeedKn: rec(i).wind,
  windDirectionDeg: rec(i).dir,
  waveHeightM: rec(i).wave,
  seaState: douglasDegreeFromWaveHeight(rec(i).wave),
  headingDeg: 90,
}));

describe("environment-weather-correlation", () => {
  it("equals the domain's weather penalty over the stored records, for the whole range and a day", async () => {
    for (const [query, from, to] of [
      [q, 0, N],
      ["range=custom&from=2025-03-02&to=2025-03-03&engine=all", 23, N],
    ] as const) {
      const res = await get(owner, shipId, "environment-weather-correlation", query);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const expected = weatherPenalty(domainRecords.slice(from, to), { lengthM: 190, beamM: 32 });
      expect(body.records).toBe(to - from);
      expect(body.fuelT).toBeCloseTo(expected.fuelT, 9);
      expect(body.iso15016.sharePercent).toBeCloseTo(expected.iso15016.sharePercent!, 9);
      expect(body.iso15016.recordsKept).toBe(expected.iso15016.recordsKept);
      expect(body.iso15016.usedDefaultShip).toBe(false);
      expect(body.calmFilter.sharePercent).toBeCloseTo(expected.calmFilter.sharePercent!, 9);
      expect(body.calmFilter.referenceRecords).toBe(expected.calmFilter.referenceRecords);
      expect(body.calmFilter.maxBeaufort).toBe(CALM_BEAUFORT_MAX);
      expect(body.byBeaufort.map((b: { force: number; records: number }) => [b.force, b.records])).toEqual(
        expected.byBeaufort.map((b) => [b.force, b.records]),
      );
      expect(body.byWave.length).toBe(expected.byWave.length);
      expect(body.byHeading.map((b: { powerPenaltyPercent: number }) => b.powerPenaltyPercent)).toEqual(
        expected.byHeading.map((b) => expect.closeTo(b.powerPenaltyPercent!, 9)),
      );
    }
  });

  it("the light-weather filter keeps fewer records than the ISO correction judges, and both say so", async () => {
    const body = (await get(owner, shipId, "environment-weather-correlation")).json();
    // winds 2…30.2 kn: Beaufort ≤ 4 (< 17 kn) holds i ≤ 24, 25 records
    expect(body.calmFilter.referenceRecords).toBe(25);
    expect(body.iso15016.recordsKept).toBe(N);
  });

  it("answers empty figures for a range without records", async () => {
    const body = (
      await get(
        owner,
        shipId,
        "environment-weather-correlation",
        "range=custom&from=2024-01-01&to=2024-01-02",
      )
    ).json();
    expect(body.records).toBe(0);
    expect(body.iso15016.sharePercent).toBeNull();
    expect(body.calmFilter.sharePercent).toBeNull();
    expect(body.byBeaufort).toEqual([]);
  });

  it("reads a range in equal time buckets, the first record at sea of each (an even sample when records outnumber buckets)", async () => {
    // 10 buckets of 7.2 h over 3 days; records at the end of hours 1…48
    const records = await weatherRecords(
      t.db,
      owner.orgId,
      shipId,
      { from: new Date(t0), to: new Date(t0 + 3 * 24 * HOUR) },
      10,
    );
    // bucket k = [7.2·k h, 7.2·(k+1) h): its first record is the first hour-end at or after 7.2·k h
    const firstOfBucket = [0, 1, 2, 3, 4, 5, 6].map((k) => Math.max(0, Math.ceil((k * 25_920) / 3600) - 1));
    expect(records.map((r) => r.powerKw)).toEqual(firstOfBucket.map((i) => rec(i).power));
    expect(records.length).toBe(7); // buckets 7–9 lie after the last record
    expect(records.every((r) => r.hours === 1)).toBe(true); // each reports its period
  });

  it("a record without a period covers the gap to the previous main-engine record, capped at 24 h (domain recordHours)", async () => {
    const id = await createShip(t, owner, 2);
    const at = [0, 2, 32].map((h) => new Date(t0 + h * HOUR));
    await insertFuel(
      t,
      owner.orgId,
      id,
      at.map((ts) => ({
        ts,
        consumer: "main",
        fuelType: "HFO",
        fuelConsumptionRate: 24,
        enginePower: 5000,
        speedThroughWater: 12,
      })),
    );
    await insertSeries(
      t,
      owner.orgId,
      id,
      "environmental",
      at.map((ts) => ({ ts, windSpeed: 10 })),
    );
    const records = await weatherRecords(t.db, owner.orgId, id, {
      from: new Date(t0),
      to: new Date(t0 + 2 * 24 * HOUR),
    });
    expect(records.map((r) => r.hours)).toEqual([0, 2, 24]);
    expect(records.map((r) => r.fuelT)).toEqual([0, 2, 24]);
  });

  it("says when a range held more reports than it judged", async () => {
    const body = (await get(owner, shipId, "environment-weather-correlation")).json();
    expect(body.recordsInRange).toBe(N);
    expect(body.sampled).toBe(false);
  });
});

describe("environment-environmental-data", () => {
  it("the series, means and track come from the stored records", async () => {
    const res = await get(owner, shipId, "environment-environmental-data");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.series.t.length).toBe(N);
    expect(body.series.windSpeedKn[5]).toBeCloseTo(rec(5).wind, 9);
    expect(body.series.seaState[30]).toBe(douglasDegreeFromWaveHeight(rec(30).wave));
    const meanAir = Array.from({ length: N }, (_, i) => 10 + 0.1 * i).reduce((a, b) => a + b) / N;
    expect(body.summary.meanAirTemperatureC).toBeCloseTo(meanAir, 9);
    expect(body.summary.meanSeaTemperatureC).toBeCloseTo(15, 9);
    expect(body.track.lat.length).toBe(N); // 2 days in 15-minute buckets: every position
    expect(body.track.lon[10]).toBeCloseTo(-138, 9);
    expect(body.track.speedKn[10]).toBe(rec(10).stw);
    expect(body.track.fuelRateTPerDay[10]).toBeCloseTo(rec(10).rate, 9);
    expect(body.track.windSpeedKn[10]).toBeCloseTo(rec(10).wind, 9);
  });

  it("a year of 15-minute positions is drawn with at most TRACK_MAX_POINTS points, the last one kept", async () => {
    const start = Date.parse("2024-01-01T00:00:00Z");
    const n = 365 * 96;
    const rows = Array.from({ length: n }, (_, i) => ({
      ts: new Date(start + (i + 1) * 900_000),
      latitude: 40 * Math.sin(i / 5000),
      longitude: -180 + (i * 360) / n,
    }));
    for (let i = 0; i < n; i += 5000)
      await insertSeries(t, owner.orgId, trackShipId, "environmental", rows.slice(i, i + 5000));
    const span = { from: new Date(start), to: new Date(start + 365 * 24 * HOUR) };
    const track = await voyageTrack(t.db, owner.orgId, trackShipId, span);
    expect(track.bucketSeconds).toBe(trackBucketSeconds(span));
    expect(track.t.length).toBeLessThanOrEqual(TRACK_MAX_POINTS);
    expect(track.t.length).toBeGreaterThan(TRACK_MAX_POINTS * 0.95);
    // each point is a stored position (the bucket's last), in time order
    const last = rows[n - 2]!;
    expect(track.lat.at(-1)).toBeCloseTo(last.latitude, 9);
    expect(track.lon.at(-1)).toBeCloseTo(last.longitude, 9);
    expect(track.t).toEqual([...track.t].sort((a, b) => a - b));
  }, 60_000);
});

describe("Environmental sidebar", () => {
  it("shows the Environmental Data section's means (one figure, one query)", async () => {
    const summary = (
      await t.app.inject({
        url: `/api/ships/${shipId}/analysis-summary?${q}`,
        headers: { cookie: owner.cookie },
      })
    ).json();
    const env = (await get(owner, shipId, "environment-environmental-data")).json();
    expect(summary.environment).toEqual({
      windSpeedKn: env.summary.meanWindSpeedKn,
      waveHeightM: env.summary.meanWaveHeightM,
      seaTemperatureC: env.summary.meanSeaTemperatureC,
    });
    expect(summary.environment.seaTemperatureC).toBeCloseTo(15, 9);
  });
});

describe("tenancy", () => {
  it("another organisation reads neither section of the ship (404 like a missing ship)", async () => {
    for (const s of ["environment-weather-correlation", "environment-environmental-data"]) {
      expect((await get(other, shipId, s)).statusCode).toBe(404);
      expect((await get(owner, 999_999, s)).statusCode).toBe(404);
    }
  });
});
