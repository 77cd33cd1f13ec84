import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser, VALID_IMOS } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let other: TestUser;
let shipId: number;
let bareShipId: number;

const call = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const section = (user: TestUser, ship: number, q = "range=custom&from=2026-01-01&to=2026-02-01") =>
  call(user, "GET", `/api/ships/${ship}/analysis/hull-hull-calculator?${q}`);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  other = await t.registerOwner();
  shipId = (await call(owner, "POST", "/api/ships", shipBody())).json().id;
  bareShipId = (
    await call(owner, "POST", "/api/ships", shipBody({ imo: VALID_IMOS[2], name: "Bare" }))
  ).json().id;
  await call(owner, "PATCH", `/api/ships/${shipId}/baseline`, {
    speedPowerCurve: [
      { speedKn: 10, powerKw: 4000 },
      { speedKn: 14, powerKw: 10976 },
    ],
    referenceDisplacementT: 60_000,
    shopTestSfoc: [
      { loadPercent: 25, sfoc: 190 },
      { loadPercent: 100, sfoc: 175 },
    ],
  });
  const post = async (url: string, body: object) => {
    const res = await call(owner, "POST", url, { shipId, ...body });
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  // An older record, the latest one before the range's end, and one after it (never read).
  for (const [ts, power, stw] of [
    ["2026-01-10T00:00:00Z", 6000, 11],
    ["2026-01-20T00:00:00Z", 8000, 12],
    ["2026-02-05T00:00:00Z", 9000, 13],
  ] as const) {
    await post("/api/fuel-data", {
      timestamp: ts,
      enginePower: power,
      speedThroughWater: stw,
      fuelConsumptionRate: 36,
      engineLoadFactor: 75,
      fuelType: "HFO",
    });
  }
  await post("/api/environmental-data", {
    timestamp: "2026-01-19T00:00:00Z",
    windSpeed: 18,
    waveHeight: 2.5,
    seaState: 5,
  });
  await post("/api/trim-data", {
    timestamp: "2026-01-19T00:00:00Z",
    draughtFore: 10,
    draughtAft: 11,
    displacement: 60_000 * 1.331,
  });
  await post("/api/hull-condition", {
    timestamp: "2026-01-18T00:00:00Z",
    roughnessIndex: 150,
    hullEfficiency: -9,
    lastCleaningDate: "2025-06-01",
  });
  await post("/api/maintenance-events", { type: "hull-cleaning", date: "2025-10-02" });
});
afterAll(() => t.close());

describe("hull-hull-calculator section", () => {
  it("prefills the calculator from the latest records before the range's end, each with its source", async () => {
    const res = await section(owner, shipId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ready");
    const { inputs, context } = body;
    expect(inputs.currentPower).toMatchObject({ value: 8000, at: "2026-01-20T00:00:00.000Z" });
    expect(inputs.currentSpeed.value).toBe(12);
    // 36 t/day ÷ 8000 kW = 187.5 g/kWh, derived from fuel and power (decision 007).
    expect(inputs.currentSfoc.value).toBeCloseTo(187.5, 9);
    expect(inputs.currentSfoc.source).toMatch(/fuel rate/);
    // Curve at 12 kn: 4000 + (6976/4)·2 = 7488 kW at 60,000 t; ×1.331^(2/3) = ×1.21 at the trim record's displacement.
    expect(inputs.baselinePower.value).toBeCloseTo(7488 * 1.21, 6);
    expect(inputs.baselinePower.source).toMatch(/displacement/);
    expect(inputs.baselineSpeed.value).toBe(12);
    expect(inputs.baselineSfoc.source).toMatch(/Shop-test/);
    expect(inputs.windSpeed).toMatchObject({ value: 18, source: "Latest environmental record" });
    expect(inputs.seaState.value).toBe(5);
    expect(context.draughtAftM.value).toBe(11);
    expect(context.roughnessIndex.value).toBe(150);
    // The stored cleaning (2025-10-02) is later than the hull record's date: 122 days to 2026-02-01, the range's last day.
    expect(body.lastCleaning).toEqual({ type: "hull-cleaning", date: "2025-10-02", source: "stored" });
    expect(context.daysSinceLastCleaning.value).toBe(122);
    expect(body.missing).toEqual([]);
  });

  it("the sidebar summary counts days since cleaning from the same events, and gives the roughness its spec §4 state", async () => {
    const q = "range=custom&from=2026-01-01&to=2026-02-01";
    const summary = (await call(owner, "GET", `/api/ships/${shipId}/analysis-summary?${q}`)).json();
    const calc = (await section(owner, shipId, q)).json();
    expect(summary.hull).toEqual({
      roughnessIndex: 150,
      hullEfficiency: -9,
      daysSinceLastCleaning: calc.context.daysSinceLastCleaning.value,
      lastCleaningDate: "2025-10-02",
      lastCleaningSource: "stored",
      cleaningState: "Moderate",
    });
    // A ship with neither events nor hull records: no figure, never a guess.
    const bare = (await call(owner, "GET", `/api/ships/${bareShipId}/analysis-summary?${q}`)).json();
    expect(bare.hull.daysSinceLastCleaning).toBeNull();
  });

  it("a ship with no data: every input null and what to enter", async () => {
    const body = (await section(owner, bareShipId)).json();
    expect(Object.values(body.inputs).every((v) => v === null)).toBe(true);
    expect(body.missing.join(" ")).toMatch(/fuel records/);
    expect(body.missing.join(" ")).toMatch(/hull-cleaning or dry-docking event/);
  });

  it("another organisation is told the ship does not exist (404)", async () => {
    expect((await section(other, shipId)).statusCode).toBe(404);
  });
});
