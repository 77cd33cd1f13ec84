import { describe, expect, test } from "vitest";
import { calculateCii } from "../domain/cii/cii-calculator.js";
import { CII_CALCULATOR_DEFAULTS, calculateCiiBody, calculateCiiResponse } from "./cii-calculator.js";

const paths = (body: unknown) => {
  const r = calculateCiiBody.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("POST /api/calculate-cii body (spec §3, §7; issue 3 item 11)", () => {
  test("the specification's defaults are a valid body", () => {
    expect(calculateCiiBody.parse(CII_CALCULATOR_DEFAULTS)).toEqual(CII_CALCULATOR_DEFAULTS);
  });
  test.each([
    ["unknown field rejected (strict)", { ...CII_CALCULATOR_DEFAULTS, foo: 1 }, ""],
    ["unknown ship type", { ...CII_CALCULATOR_DEFAULTS, shipType: "Submarine" }, "shipType"],
    [
      "research vessel is not CII-rated",
      { ...CII_CALCULATOR_DEFAULTS, shipType: "Research Vessel" },
      "shipType",
    ],
    [
      "year 2031 has no reduction factor",
      { ...CII_CALCULATOR_DEFAULTS, calculationYear: 2031 },
      "calculationYear",
    ],
    ["year must be whole", { ...CII_CALCULATOR_DEFAULTS, calculationYear: 2024.5 }, "calculationYear"],
    [
      "numbers arrive as numbers, not strings",
      { ...CII_CALCULATOR_DEFAULTS, deadweight: "50000" },
      "deadweight",
    ],
    ["zero distance", { ...CII_CALCULATOR_DEFAULTS, distanceTravelled: 0 }, "distanceTravelled"],
    ["negative fuel", { ...CII_CALCULATOR_DEFAULTS, fuelConsumption: -1 }, "fuelConsumption"],
    [
      "GT-based type without grossTonnage",
      { ...CII_CALCULATOR_DEFAULTS, shipType: "Cruise passenger ship" },
      "grossTonnage",
    ],
    [
      "DWT-based type without deadweight",
      { ...CII_CALCULATOR_DEFAULTS, deadweight: undefined },
      "deadweight",
    ],
    [
      "both fuelConsumption and fuels",
      { ...CII_CALCULATOR_DEFAULTS, fuels: [{ fuelType: "HFO", tonnes: 1 }] },
      "fuels",
    ],
    [
      "unknown fuel type",
      { ...CII_CALCULATOR_DEFAULTS, fuelConsumption: undefined, fuels: [{ fuelType: "VLSFO", tonnes: 1 }] },
      "fuels.0.fuelType",
    ],
    ["no fuel at all", { ...CII_CALCULATOR_DEFAULTS, fuelConsumption: undefined }, "fuelConsumption"],
  ])("%s → 400 on '%s'", (_name, body, path) => {
    expect(paths(body)).toContain(path);
  });
  test("a ro-pax with grossTonnage and several fuels is valid", () => {
    expect(
      paths({
        shipType: "ro-ro passenger ship",
        grossTonnage: 25_000,
        fuels: [
          { fuelType: "MGO", tonnes: 19_000 },
          { fuelType: "LNG", tonnes: 100 },
        ],
        distanceTravelled: 150_000,
        calculationYear: 2026,
      }),
    ).toEqual([]);
  });
});

describe("calculateCii's answer satisfies the response schema", () => {
  test.each([
    ["spec defaults (2024)", CII_CALCULATOR_DEFAULTS],
    ["2030: nextYearTarget null", { ...CII_CALCULATOR_DEFAULTS, calculationYear: 2030 }],
    [
      "cruise ship on GT",
      { ...CII_CALCULATOR_DEFAULTS, shipType: "Cruise passenger ship", grossTonnage: 90_000 },
    ],
  ])("%s", (_name, body) => {
    const result = calculateCii(calculateCiiBody.parse(body));
    expect(calculateCiiResponse.parse(result)).toEqual(result);
  });
});
