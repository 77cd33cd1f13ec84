import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelDaily, fuelData } from "../db/schema";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let otherShipId: number;
let strangerShipId: number;
let voyageId: number;

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = (await call(owner, "POST", "/api/ships", shipBody())).json().id;
  otherShipId = (await call(owner, "POST", "/api/ships", shipBody({ name: "Two", imo: "9312456" }))).json()
    .id;
  strangerShipId = (await call(stranger, "POST", "/api/ships", shipBody())).json().id;
  voyageId = (
    await call(owner, "POST", "/api/voyages", {
      shipId,
      voyageNumber: "V1",
      origin: "Rotterdam",
      destination: "Santos",
      departureDate: "2026-01-01",
    })
  ).json().id;
});
afterAll(() => t.close());

describe("POST of each record type", () => {
  it.each([
    [
      "/api/fuel-data",
      { sfoc: 180, fuelConsumptionRate: 20, engineLoadFactor: 75, fuelType: "MDO", co2Emissions: 64 },
      { sfoc: 180, fuelType: "MDO", co2Emissions: 64, consumer: "main" },
    ],
    [
      "/api/environmental-data",
      { windSpeed: 20, waveHeight: 2.5, windDirection: 270, seaState: 5, weatherImpact: 6 },
      { windDirection: 270, seaState: 5 },
    ],
    [
      "/api/hull-condition",
      { roughnessIndex: 125, propellerSlip: 12, hullEfficiency: -4, lastCleaningDate: "2025-06-01" },
      { roughnessIndex: 125, lastCleaningDate: "2025-06-01", daysSinceLastCleaning: null },
    ],
    [
      "/api/trim-data",
      { draughtFore: 10.2, draughtAft: 11, trim: 0.9, displacement: 60_000 },
      { draughtFore: 10.2, draughtAft: 11, trim: 0.9, displacement: 60_000 },
    ],
    [
      "/api/auxiliary-data",
      { hvacPower: 120, pumpsPower: 80, lightingPower: 20, navigationPower: 5, cargoHandlingPower: 0 },
      { hvacPower: 120, cargoHandlingPower: 0 },
    ],
    [
      "/api/compliance-data",
      { eeoiValue: 11.2, eeoiTarget: 11.8, ciiRating: "B", ciiAttained: 4.1 },
      { eeoiValue: 11.2, ciiRating: "B" },
    ],
  ])("%s stores the record (201) and lists it newest first", async (path, fields, expected) => {
    const res = await call(owner, "POST", path, {
      shipId,
      voyageId,
      timestamp: "2026-01-02T12:00",
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      shipId,
      voyageId,
      timestamp: "2026-01-02T12:00:00.000Z",
      ...expected,
    });
    await call(owner, "POST", path, { shipId, timestamp: "2026-01-03T12:00", ...fields });
    const list = await call(owner, "GET", `${path}?shipId=${shipId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { timestamp: string }) => r.timestamp)).toEqual([
      "2026-01-03T12:00:00.000Z",
      "2026-01-02T12:00:00.000Z",
    ]);
  });
});

describe("derived values and defaults", () => {
  it("computes CO2 t/day = fuel rate × Cf of the fuel type (MEPC.364(79)) and defaults the fuel type to HFO", async () => {
    const res = await call(owner, "POST", "/api/fuel-data", {
      shipId: otherShipId,
      timestamp: "2026-02-01",
      fuelConsumptionRate: 10,
      fuelType: "",
      sfoc: null,
    });
    expect(res.json()).toMatchObject({ fuelType: "HFO", co2Emissions: 31.14, sfoc: null });
    const lng = await call(owner, "POST", "/api/fuel-data", {
      shipId: otherShipId,
      timestamp: "2026-02-02",
      fuelConsumptionRate: 10,
      fuelType: "LNG",
    });
    expect(lng.json().co2Emissions).toBeCloseTo(27.5, 9);
  });

  it("computes trim = aft − fore when not given", async () => {
    const res = await call(owner, "POST", "/api/trim-data", {
      shipId: otherShipId,
      timestamp: "2026-02-01",
      draughtFore: 9.8,
      draughtAft: 10.5,
    });
    expect(res.json().trim).toBe(0.7);
  });

  it("stamps a record without a timestamp with the time of receipt", async () => {
    const before = Date.now();
    const res = await call(owner, "POST", "/api/environmental-data", { shipId: otherShipId, seaState: 3 });
    const ts = Date.parse(res.json().timestamp);
    expect(ts).toBeGreaterThanOrEqual(before - 1000);
    expect(ts).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("updates a re-sent record on its time-series key instead of doubling it", async () => {
    const body = { shipId: otherShipId, timestamp: "2026-03-01T00:00Z", fuelConsumptionRate: 24 };
    const first = (await call(owner, "POST", "/api/fuel-data", body)).json();
    const second = (await call(owner, "POST", "/api/fuel-data", { ...body, fuelConsumptionRate: 30 })).json();
    expect(second.id).toBe(first.id);
    expect(second.fuelConsumptionRate).toBe(30);
    const aux = (await call(owner, "POST", "/api/fuel-data", { ...body, consumer: "auxiliary" })).json();
    expect(aux.id).not.toBe(first.id);
  });

  it("refreshes the daily fuel rollup in the same write", async () => {
    const day = "2026-05-10";
    for (const hour of ["00", "06", "12"]) {
      await call(owner, "POST", "/api/fuel-data", {
        shipId: otherShipId,
        timestamp: `${day}T${hour}:00Z`,
        fuelConsumptionRate: 24,
        periodHours: 6,
      });
    }
    const [rollup] = await t.db
      .select()
      .from(fuelDaily)
      .where(and(eq(fuelDaily.shipId, otherShipId), eq(fuelDaily.day, day)));
    expect(rollup).toMatchObject({ records: 3, hours: 18, fuelT: 18 });
  });
});

describe("rejections", () => {
  it.each([
    ["negative fuel", { fuelConsumptionRate: -1 }, "fuelConsumptionRate"],
    ["load above 110 %", { engineLoadFactor: 111 }, "engineLoadFactor"],
    ["an unknown fuel type", { fuelType: "COAL" }, "fuelType"],
    ["a date that does not exist", { timestamp: "2026-02-30" }, "timestamp"],
    ["an unknown field", { colour: "red" }, "colour"],
  ])("rejects %s with 400 naming the field", async (_name, fields, field) => {
    const res = await call(owner, "POST", "/api/fuel-data", { shipId, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it.each([
    ["sea state 10", { seaState: 10 }, "seaState"],
    ["wind direction 360", { windDirection: 360 }, "windDirection"],
  ])("rejects environmental %s", async (_name, fields, field) => {
    const res = await call(owner, "POST", "/api/environmental-data", { shipId, ...fields });
    expect(res.json().error.details[0].field).toBe(field);
  });

  it("rejects another organisation's ship as not a ship of the fleet, and writes nothing", async () => {
    const res = await call(owner, "POST", "/api/fuel-data", { shipId: strangerShipId, sfoc: 170 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: "shipId", reason: "is not a ship of your fleet" }]);
    const rows = await t.db.select().from(fuelData).where(eq(fuelData.shipId, strangerShipId));
    expect(rows).toEqual([]);
  });

  it("rejects a voyage of another ship", async () => {
    const res = await call(owner, "POST", "/api/hull-condition", { shipId: otherShipId, voyageId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("voyageId");
  });

  it("lets a viewer read but not write (403)", async () => {
    const viewer = await t.addMember(owner, "viewer");
    expect((await call(viewer, "POST", "/api/fuel-data", { shipId, sfoc: 1 })).statusCode).toBe(403);
    expect((await call(viewer, "GET", "/api/fuel-data")).statusCode).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    expect((await t.app.inject({ url: "/api/compliance-data" })).statusCode).toBe(401);
  });
});

describe("GET", () => {
  it("limits to 100 by default and refuses more than 1000", async () => {
    expect((await call(owner, "GET", "/api/fuel-data?limit=1001")).statusCode).toBe(400);
    const limited = await call(owner, "GET", `/api/fuel-data?limit=2`);
    expect(limited.json()).toHaveLength(2);
  });

  it("shows an organisation only its own records, with or without shipId", async () => {
    await call(stranger, "POST", "/api/fuel-data", { shipId: strangerShipId, sfoc: 175 });
    const mine = (await call(owner, "GET", "/api/fuel-data?limit=1000")).json();
    expect(mine.every((r: { shipId: number }) => r.shipId !== strangerShipId)).toBe(true);
    const theirs = (await call(stranger, "GET", "/api/fuel-data")).json();
    expect(theirs.map((r: { shipId: number }) => r.shipId)).toEqual([strangerShipId]);
    expect((await call(owner, "GET", `/api/fuel-data?shipId=${strangerShipId}`)).json()).toEqual([]);
  });
});
