import { describe, expect, expectTypeOf, test } from "vitest";
import {
  calculateHullPerformance,
  type HullCalculatorInput,
  type HullCalculatorResult,
} from "../domain/hull/hull-calculator.js";
import {
  type CalculateHullPerformanceBody,
  type CalculateHullPerformanceResponse,
  calculateHullPerformanceBody,
  calculateHullPerformanceResponse,
} from "./hull-calculator.js";

const valid = { currentPower: 11_000, baselinePower: 10_000, currentSfoc: 182, baselineSfoc: 178 };

// Spec §5: currentPower, currentSfoc, baselinePower, baselineSfoc required; speeds, environment, seaState 0–9 optional.
describe("POST /api/calculate-hull-performance body", () => {
  test("the four required fields alone are valid, and every documented option is accepted", () => {
    expect(calculateHullPerformanceBody.safeParse(valid).success).toBe(true);
    const full = {
      ...valid,
      currentSpeed: 13,
      baselineSpeed: 14,
      seaState: 4,
      windSpeed: 18,
      waveHeight: 2,
      fuelPricePerTonne: 650,
      operatingDaysPerYear: 300,
      cleaningCost: 30_000,
      lengthM: 200,
      beamM: 32,
      bowLengthM: 28,
      frontalAreaM2: 600,
      windCoefficients: "container-laden",
      windAngleOffBowDeg: 30,
      waveAngleOffBowDeg: -20,
      propulsiveEfficiency: 0.68,
    };
    expect(calculateHullPerformanceBody.safeParse(full).success).toBe(true);
  });

  test.each([
    ["currentPower missing", { ...valid, currentPower: undefined }, "currentPower"],
    ["baselineSfoc zero", { ...valid, baselineSfoc: 0 }, "baselineSfoc"],
    ["currentSpeed zero", { ...valid, currentSpeed: 0 }, "currentSpeed"],
    ["seaState 10", { ...valid, seaState: 10 }, "seaState"],
    ["seaState 2.5 (not whole)", { ...valid, seaState: 2.5 }, "seaState"],
    ["windSpeed negative", { ...valid, windSpeed: -1 }, "windSpeed"],
    ["waveHeight negative", { ...valid, waveHeight: -0.5 }, "waveHeight"],
    ["power as a string", { ...valid, currentPower: "11000" }, "currentPower"],
    ["unknown wind table", { ...valid, windCoefficients: "yacht" }, "windCoefficients"],
  ])("rejects %s, naming the field", (_n, body, field) => {
    const r = calculateHullPerformanceBody.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });

  test("strict: an unknown field is rejected", () => {
    expect(calculateHullPerformanceBody.safeParse({ ...valid, hullColour: "red" }).success).toBe(false);
  });

  test("the domain result parses as the response", () => {
    const body = calculateHullPerformanceBody.parse({ ...valid, currentSpeed: 14, waveHeight: 1.5 });
    const result = calculateHullPerformance(body);
    expect(calculateHullPerformanceResponse.parse(result)).toEqual(result);
  });

  test("contract and domain types agree in both directions", () => {
    expectTypeOf<CalculateHullPerformanceBody>().toExtend<HullCalculatorInput>();
    expectTypeOf<Required<HullCalculatorInput>>().toExtend<Required<CalculateHullPerformanceBody>>();
    expectTypeOf<HullCalculatorResult>().toExtend<CalculateHullPerformanceResponse>();
    expectTypeOf<CalculateHullPerformanceResponse>().toExtend<HullCalculatorResult>();
  });
});
