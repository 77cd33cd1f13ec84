import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.registerOwner();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie = user.cookie) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { cookie } });

describe("POST /api/calculate-cii", () => {
  it("reproduces the worked example: bulk carrier 50,000 DWT, 10,000 t HFO, 50,000 nm, 2024 → E (reference §12)", async () => {
    const res = await post("/api/calculate-cii", {
      shipType: "Bulk carrier",
      deadweight: 50_000,
      fuelConsumption: 10_000,
      distanceTravelled: 50_000,
      calculationYear: 2024,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.attainedCII).toBeCloseTo(12.456, 3);
    expect(body.referenceCII).toBeCloseTo(5.6686, 3);
    expect(body.requiredCII).toBeCloseTo(5.2718, 3);
    expect(body.boundaries.superior).toBeCloseTo(4.534, 3);
    expect(body.boundaries.inferior).toBeCloseTo(6.221, 3);
    expect(body).toMatchObject({
      rating: "E",
      complianceStatus: "Non-Compliant",
      reductionFromBaseline: 7,
      capacityBasis: "DWT",
    });
  });

  it("accepts several fuels and a GT-based type with its gross tonnage", async () => {
    const res = await post("/api/calculate-cii", {
      shipType: "Cruise passenger ship",
      grossTonnage: 90_000,
      fuels: [
        { fuelType: "HFO", tonnes: 20_000 },
        { fuelType: "MGO", tonnes: 2_000 },
      ],
      distanceTravelled: 60_000,
      calculationYear: 2025,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().capacityBasis).toBe("GT");
  });

  it.each([
    ["a year without an adopted reduction factor", { calculationYear: 2031 }, "calculationYear"],
    ["an unknown ship type", { shipType: "Submarine" }, "shipType"],
    ["a negative distance", { distanceTravelled: -5 }, "distanceTravelled"],
    ["an unknown field", { colour: "red" }, "colour"],
  ])("answers 400 naming the field for %s", async (_name, overrides, field) => {
    const res = await post("/api/calculate-cii", {
      shipType: "Bulk carrier",
      deadweight: 50_000,
      fuelConsumption: 6_570,
      distanceTravelled: 120_000,
      calculationYear: 2024,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .join(" "),
    ).toContain(field);
  });

  const ciiBody = {
    shipType: "Bulk carrier",
    deadweight: 50_000,
    fuelConsumption: 6_570,
    distanceTravelled: 120_000,
    calculationYear: 2024,
  };

  it.each([
    ["zero fuel", { fuelConsumption: 0 }, "fuelConsumption", /greater than 0/],
    ["fuel of 1e308 t", { fuelConsumption: 1e308 }, "fuelConsumption", /at most 146400 t/],
    ["a distance of 1e308 nm", { distanceTravelled: 1e308 }, "distanceTravelled", /at most 307440 nm/],
    ["a zero distance", { distanceTravelled: 0 }, "distanceTravelled", /greater than 0/],
    ["a missing distance", { distanceTravelled: undefined }, "distanceTravelled", /^is required$/],
    ["a deadweight of 1e9 t", { deadweight: 1e9 }, "deadweight", /at most 600000 t/],
    [
      "fuels that are all zero",
      { fuelConsumption: undefined, fuels: [{ fuelType: "HFO", tonnes: 0 }] },
      "fuels",
      /greater than 0/,
    ],
  ])("answers 400 naming the input for %s, never a rating", async (_name, overrides, field, reason) => {
    const res = await post("/api/calculate-cii", { ...ciiBody, ...overrides });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; reason: string }[];
    expect(details.map((d) => d.field)).not.toContain("attainedCII");
    expect(details.find((d) => d.field === field)?.reason).toMatch(reason);
  });

  it.each([2019, 2020, 2021, 2022])(
    "labels %i as not rated (ratings start with 2023): no letter, no status",
    async (year) => {
      const res = await post("/api/calculate-cii", { ...ciiBody, calculationYear: year });
      expect(res.statusCode).toBe(200);
      const r = res.json();
      expect(r).toMatchObject({ rated: false, rating: null, complianceStatus: null });
      expect(r.ratingNote).toMatch(/^Not rated: CII ratings start with the 2023 data/);
      expect(r.attainedCII).toBeGreaterThan(0); // still placed against the reference line
    },
  );

  it("rates 2023 (the first rated year)", async () => {
    const r = (await post("/api/calculate-cii", { ...ciiBody, calculationYear: 2023 })).json();
    expect(r.rated).toBe(true);
    expect(r.rating).toMatch(/^[A-E]$/);
    expect(r.ratingNote).toBeNull();
  });

  it("needs a signed-in user (401)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/calculate-cii", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/calculate-hull-performance", () => {
  it("finds no degradation when the current condition equals the baseline", async () => {
    const res = await post("/api/calculate-hull-performance", {
      currentPower: 8_000,
      baselinePower: 8_000,
      currentSpeed: 14,
      baselineSpeed: 14,
      currentSfoc: 175,
      baselineSfoc: 175,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hullEfficiency).toBeCloseTo(0, 6);
    expect(body.economicImpact.annualExtraCost).toBeCloseTo(0, 6);
    expect(body.weatherCorrected).toBe(false);
    expect(body.calculationMethod.length).toBeGreaterThan(20);
  });

  it("reports degradation when more power is needed for the same speed", async () => {
    const res = await post("/api/calculate-hull-performance", {
      currentPower: 8_800,
      baselinePower: 8_000,
      currentSpeed: 14,
      baselineSpeed: 14,
      currentSfoc: 178,
      baselineSfoc: 175,
    });
    const body = res.json();
    expect(body.hullEfficiency).toBeLessThan(0);
    expect(body.hullRoughnessIndex).toBeGreaterThan(110);
    expect(body.economicImpact.additionalFuelCost).toBeGreaterThan(0);
  });

  it.each([
    ["a missing current power", { currentPower: undefined }, "currentPower", /^is required$/],
    ["a current power as text", { currentPower: "8000" }, "currentPower", /^must be a number$/],
    ["a sea state above 9", { seaState: 10 }, "seaState", /between 0 and 9/],
    ["a current speed of 0.001 kn", { currentSpeed: 0.001 }, "currentSpeed", /between 1 and 35 kn/],
    ["a baseline speed of 60 kn", { baselineSpeed: 60 }, "baselineSpeed", /between 1 and 35 kn/],
    [
      "speeds too far apart for the cube law",
      { currentSpeed: 5, baselineSpeed: 14 },
      "currentSpeed",
      /within 20 %/,
    ],
    ["a current power of 1e9 kW", { currentPower: 1e9 }, "currentPower", /between 10 and 120000 kW/],
    [
      "powers 100 times apart",
      { currentPower: 100_000, baselinePower: 1_000 },
      "currentPower",
      /hull efficiency/,
    ],
    ["an SFOC of 5000 g/kWh", { currentSfoc: 5_000 }, "currentSfoc", /between 120 and 350 g\/kWh/],
    ["a wave height of 45 m", { waveHeight: 45 }, "waveHeight", /between 0 and 30 m/],
    ["a wind speed of 500 kn", { windSpeed: 500 }, "windSpeed", /between 0 and 150 kn/],
    ["a cleaning cost of 1e308", { cleaningCost: 1e308 }, "cleaningCost", /at most|between/],
    ["a fuel price of 1e308", { fuelPricePerTonne: 1e308 }, "fuelPricePerTonne", /at most/],
    ["a ship length of 1e6 m", { lengthM: 1e6 }, "lengthM", /between 24 and 500 m/],
  ])("answers 400 naming the field for %s", async (_name, overrides, field, reason) => {
    const res = await post("/api/calculate-hull-performance", {
      currentPower: 8_000,
      baselinePower: 8_000,
      currentSfoc: 175,
      baselineSfoc: 175,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    const detail = res.json().error.details.find((d: { field: string }) => d.field === field);
    expect(detail?.reason).toMatch(reason);
    expect(detail?.reason).not.toMatch(/expected|received/); // no raw zod message reaches the user
  });

  it("never answers 500: every numeric field at 0, negative, tiny and huge values is a 200 or a 400", async () => {
    const body = {
      currentPower: 8_800,
      baselinePower: 8_000,
      currentSpeed: 14,
      baselineSpeed: 14,
      currentSfoc: 178,
      baselineSfoc: 175,
      seaState: 4,
      windSpeed: 20,
      waveHeight: 2,
      fuelPricePerTonne: 600,
      operatingDaysPerYear: 280,
      cleaningCost: 25_000,
      lengthM: 183,
      beamM: 32,
      bowLengthM: 25,
      frontalAreaM2: 500,
      windAngleOffBowDeg: 0,
      waveAngleOffBowDeg: 0,
      propulsiveEfficiency: 0.7,
    };
    for (const field of Object.keys(body)) {
      for (const value of [0, -1, 1e-300, 1e308, -1e308]) {
        const res = await post("/api/calculate-hull-performance", { ...body, [field]: value });
        expect([200, 400], `${field} = ${value}`).toContain(res.statusCode);
        if (res.statusCode === 400)
          expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    }
  });

  it("does not apply STAwave-1 to following seas (waves from 180°): 10 % excess stays a degradation, with a note", async () => {
    const body = {
      currentPower: 11_000,
      baselinePower: 10_000,
      currentSpeed: 14,
      baselineSpeed: 14,
      currentSfoc: 180,
      baselineSfoc: 180,
    };
    const calm = (await post("/api/calculate-hull-performance", body)).json();
    const res = await post("/api/calculate-hull-performance", {
      ...body,
      waveHeight: 2,
      waveAngleOffBowDeg: 180,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.hullEfficiency).toBeCloseTo(-1000 / 110, 9); // −100·F/(100+F), F = 10 %: the hull records' meaning
    expect(r.hullEfficiency).toBe(calm.hullEfficiency);
    expect(r.weatherCorrected).toBe(false);
    expect(r.corrections).toContainEqual({
      correction: "waves",
      applied: false,
      note: expect.stringMatching(/outside STAwave-1's validity \(head waves within ±45° of the bow/),
    });
  });

  it("says the weather was not corrected when no current speed is given, instead of ignoring it silently", async () => {
    const res = await post("/api/calculate-hull-performance", {
      currentPower: 8_800,
      baselinePower: 8_000,
      currentSfoc: 175,
      baselineSfoc: 175,
      windSpeed: 25,
      waveHeight: 2,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.weatherCorrected).toBe(false);
    for (const correction of ["wind", "waves", "speed"]) {
      const c = r.corrections.find((x: { correction: string }) => x.correction === correction);
      expect(c.applied).toBe(false);
      expect(c.note).toMatch(/^Not applied: /);
    }
  });
});
