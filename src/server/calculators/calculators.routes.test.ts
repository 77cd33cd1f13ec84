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
    ["a missing current power", { currentPower: undefined }, "currentPower"],
    ["a sea state above 9", { seaState: 10 }, "seaState"],
  ])("answers 400 naming the field for %s", async (_name, overrides, field) => {
    const res = await post("/api/calculate-hull-performance", {
      currentPower: 8_000,
      baselinePower: 8_000,
      currentSfoc: 175,
      baselineSfoc: 175,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});
