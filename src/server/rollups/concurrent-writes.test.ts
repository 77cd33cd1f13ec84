/**
 * Concurrent writes (issue 12): many POSTs of records at once, of every type, to one ship and to several,
 * by two organisations, answer 201 every one, store every record, and leave the daily rollups equal to a
 * fresh recompute from the raw records.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";
import { refreshDailyRollup } from "./daily-rollup";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let otherShipId: number;
let strangerShipId: number;
let voyageId: number;

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = (await post(owner, "/api/ships", shipBody())).json().id;
  otherShipId = (await post(owner, "/api/ships", shipBody({ name: "Two", imo: "9312456" }))).json().id;
  strangerShipId = (await post(stranger, "/api/ships", shipBody())).json().id;
  voyageId = (
    await post(owner, "/api/voyages", {
      shipId,
      voyageNumber: "V1",
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2026-03-01",
    })
  ).json().id;
});
afterAll(() => t.close());

const ROLLUP_TABLES = [
  "fuel_daily",
  "fuel_voyage_daily",
  "fuel_voyage",
  "series_daily",
  "trim_hourly",
  "trim_daily",
  "trim_monthly",
  "trim_weather_daily",
];

/** Every rollup row of the organisation, as sorted JSON with numbers to 9 significant digits. */
async function rollupRows(orgId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const { rows } = await t.db.execute(
      sql`select to_jsonb(x) - 'id' as r from ${sql.raw(table)} x where org_id = ${orgId}`,
    );
    out[table] = rows
      .map((row) => JSON.stringify(row.r, (_, v) => (typeof v === "number" ? Number(v.toPrecision(9)) : v)))
      .sort();
  }
  return out;
}

const count = async (table: string, ship: number) =>
  Number(
    (await t.db.execute(sql`select count(*) as n from ${sql.raw(table)} where ship_id = ${ship}`)).rows[0]!.n,
  );

const hour = (i: number) => new Date(Date.UTC(2026, 2, 2, 0) + i * 3_600_000).toISOString();

describe("concurrent writes", () => {
  it("40 parallel fuel POSTs to one ship with environmental, trim and auxiliary POSTs beside: no 500, nothing lost, rollups exact", async () => {
    const fuel = Array.from({ length: 40 }, (_, i) =>
      post(owner, "/api/fuel-data", {
        shipId,
        voyageId,
        timestamp: hour(i),
        sfoc: 180 + (i % 5),
        fuelConsumptionRate: 24 + (i % 3),
        engineLoadFactor: 75,
        speedThroughWater: 13,
        enginePower: 7000,
        distanceNm: 13,
      }),
    );
    const others = Array.from({ length: 40 }, (_, i) => [
      post(owner, "/api/environmental-data", {
        shipId,
        timestamp: hour(i),
        windSpeed: 10 + i,
        waveHeight: 1.5,
        weatherImpact: 5,
      }),
      post(owner, "/api/trim-data", {
        shipId,
        voyageId,
        timestamp: hour(i),
        draughtFore: 10,
        draughtAft: 11 + (i % 4) / 10,
        displacement: 60_000,
      }),
      post(owner, "/api/auxiliary-data", { shipId, timestamp: hour(i), hvacPower: 100 + i }),
      post(owner, "/api/fuel-data", {
        shipId: otherShipId,
        timestamp: hour(i),
        fuelConsumptionRate: 20,
        speedThroughWater: 12,
      }),
      post(stranger, "/api/fuel-data", {
        shipId: strangerShipId,
        timestamp: hour(i),
        fuelConsumptionRate: 30,
      }),
    ]).flat();
    const answers = await Promise.all([...fuel, ...others]);
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c !== 201),
      answers.find((r) => r.statusCode !== 201)?.body,
    ).toEqual([]);

    expect(await count("fuel_data", shipId)).toBe(40);
    expect(await count("environmental_data", shipId)).toBe(40);
    expect(await count("trim_data", shipId)).toBe(40);
    expect(await count("auxiliary_data", shipId)).toBe(40);
    expect(await count("fuel_data", otherShipId)).toBe(40);
    expect(await count("fuel_data", strangerShipId)).toBe(40);

    // The rollups the parallel writes left equal a recompute of the whole span, afterwards and alone.
    const left = await rollupRows(owner.orgId);
    const leftStranger = await rollupRows(stranger.orgId);
    expect(left.fuel_daily!.length).toBeGreaterThan(0);
    expect(left.trim_hourly!.length).toBeGreaterThan(0);
    const from = new Date("2026-03-01T00:00Z");
    const to = new Date("2026-03-05T00:00Z");
    await refreshDailyRollup(t.db, owner.orgId, [shipId, otherShipId], from, to);
    await refreshDailyRollup(t.db, stranger.orgId, [strangerShipId], from, to);
    expect(left).toEqual(await rollupRows(owner.orgId));
    expect(leftStranger).toEqual(await rollupRows(stranger.orgId));
    // The stranger's records are in none of the owner's rollups.
    expect(JSON.stringify(left)).not.toContain(`"ship_id":${strangerShipId},`);
  }, 120_000);

  it("parallel uploads of overlapping fuel and environmental files beside POSTs: no 500, nothing lost, rollups exact", async () => {
    const csv = (header: string, rows: string[]) => `${header}\n${rows.join("\n")}\n`;
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 3, d, h)).toISOString();
    // Four fuel files of days 1–3, each overlapping the next by a day; two environmental files.
    const fuelFile = (first: number) =>
      csv(
        "Ship ID,Date,Fuel Rate,Speed STW,Engine Power",
        Array.from({ length: 48 }, (_, h) => `9312456,${day(first + Math.floor(h / 24), h % 24)},22,12,6500`),
      );
    const envFile = (first: number) =>
      csv(
        "Ship ID,Date,Wind Speed,Wave Height",
        Array.from({ length: 48 }, (_, h) => `9312456,${day(first + Math.floor(h / 24), h % 24)},15,2`),
      );
    const uploads = [
      ...[1, 2, 2, 3].map((d) =>
        uploadFile(t.app, owner, { filename: "f.csv", content: fuelFile(d) }, { dataType: "fuel" }),
      ),
      ...[1, 2].map((d) =>
        uploadFile(t.app, owner, { filename: "e.csv", content: envFile(d) }, { dataType: "environmental" }),
      ),
    ];
    const posts = Array.from({ length: 12 }, (_, i) =>
      post(owner, "/api/trim-data", {
        shipId: otherShipId,
        timestamp: day(2, i),
        draughtFore: 9,
        draughtAft: 10,
      }),
    );
    const answers = await Promise.all([...uploads, ...posts]);
    expect(
      answers.filter((r) => r.statusCode >= 300).map((r) => r.body),
      "every upload 200, every POST 201",
    ).toEqual([]);
    const fuelBefore = 40; // the first test's records of this ship
    expect(await count("fuel_data", otherShipId)).toBe(fuelBefore + 96);
    expect(await count("environmental_data", otherShipId)).toBe(72);
    expect(await count("trim_data", otherShipId)).toBe(12);
    const left = await rollupRows(owner.orgId);
    await refreshDailyRollup(
      t.db,
      owner.orgId,
      [shipId, otherShipId],
      new Date("2026-03-01T00:00Z"),
      new Date("2026-04-06T00:00Z"),
    );
    expect(left).toEqual(await rollupRows(owner.orgId));
  }, 120_000);
});
