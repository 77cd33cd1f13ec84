import { describe, expect, test } from "vitest";
import { DomainInputError } from "../errors.js";
import { CII_CALCULATOR_DEFAULTS, type CiiCalculatorInput, calculateCii } from "./cii-calculator.js";
import { CiiYearNotAdoptedError } from "./reduction-factors.js";

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainInputError) return e.field;
    throw e;
  }
  return undefined;
}

describe("specification defaults (spec §7): Bulk carrier, 50000 DWT, 6570 t HFO, 120000 nm, 2024", () => {
  const r = calculateCii(CII_CALCULATOR_DEFAULTS);
  test("attained = 6570·3.114·10⁶ / (50000·120000) = 3.40983 g CO2/(DWT·nm) (MEPC.352(78))", () => {
    expect(r.attainedCII).toBeCloseTo((6570 * 3.114e6) / (50_000 * 120_000), 12);
  });
  test("required 5.2718, Z 7 %, rating A, Compliant, next year 0.91·ref, DWT (MEPC.353/354(78), MEPC.338(76))", () => {
    expect(r.requiredCII).toBeCloseTo(5.2718, 4);
    expect(r.referenceCII).toBeCloseTo(5.6686, 4);
    expect(r.reductionFromBaseline).toBe(7);
    expect(r.rating).toBe("A");
    expect(r.complianceStatus).toBe("Compliant");
    expect(r.nextYearTarget).toBeCloseTo(0.91 * r.referenceCII, 12);
    expect(r.capacityBasis).toBe("DWT");
    expect(r.shipType).toBe("bulk_carrier");
    expect(r.co2Tonnes).toBeCloseTo(6570 * 3.114, 9);
  });
});

describe("the specification's ship-type names map to IMO types, case-insensitive (spec §7 table)", () => {
  test.each([
    ["Bulk carrier", "bulk_carrier"],
    ["BULK CARRIER", "bulk_carrier"],
    ["Gas tanker", "gas_carrier"],
    ["Gas carrier", "gas_carrier"],
    ["Tanker", "tanker"],
    ["Container ship", "container_ship"],
    ["General cargo ship", "general_cargo_ship"],
    ["General Cargo", "general_cargo_ship"],
    ["Refrigerated cargo carrier", "refrigerated_cargo_carrier"],
    ["Combination carrier", "combination_carrier"],
    ["LNG carrier", "lng_carrier"],
    ["Ro-ro cargo ship", "ro_ro_cargo_ship"],
    ["Ro-ro cargo ship (vehicle carrier)", "ro_ro_cargo_ship_vehicle_carrier"],
    ["Ro-ro passenger ship", "ro_ro_passenger_ship"],
    ["Ro-ro passenger ship (high-speed craft)", "ro_ro_passenger_ship_hsc"],
    ["ro-ro passenger high-speed craft", "ro_ro_passenger_ship_hsc"],
    ["Cruise passenger ship", "cruise_passenger_ship"],
  ])("'%s' → %s", (name, key) => {
    const r = calculateCii({ ...CII_CALCULATOR_DEFAULTS, shipType: name, grossTonnage: 40_000 });
    expect(r.shipType).toBe(key);
  });
});

describe("GT-based types use grossTonnage and need it (MEPC.352(78) §4.2)", () => {
  test("cruise ship with grossTonnage: capacity = GT, basis GT", () => {
    const r = calculateCii({
      ...CII_CALCULATOR_DEFAULTS,
      shipType: "Cruise passenger ship",
      grossTonnage: 90_000,
    });
    expect(r.capacityBasis).toBe("GT");
    expect(r.capacity).toBe(90_000);
    expect(r.attainedCII).toBeCloseTo((6570 * 3.114e6) / (90_000 * 120_000), 12);
  });
  test("cruise ship without grossTonnage → error on grossTonnage", () => {
    expect(
      fieldOf(() => calculateCii({ ...CII_CALCULATOR_DEFAULTS, shipType: "Cruise passenger ship" })),
    ).toBe("grossTonnage");
  });
});

describe("several fuels by type (MEPC.364(79) Cf per fuel)", () => {
  test("HFO 5000 t + LNG 2000 t", () => {
    const r = calculateCii({
      shipType: "Container ship",
      deadweight: 100_000,
      fuels: [
        { fuelType: "HFO", tonnes: 5_000 },
        { fuelType: "LNG", tonnes: 2_000 },
      ],
      distanceTravelled: 100_000,
      calculationYear: 2025,
    });
    expect(r.co2Tonnes).toBeCloseTo(5_000 * 3.114 + 2_000 * 2.75, 9);
    expect(r.attainedCII).toBeCloseTo((r.co2Tonnes * 1e6) / (100_000 * 100_000), 12);
    expect(r.reductionFromBaseline).toBe(9);
  });
});

const BASE: CiiCalculatorInput = { ...CII_CALCULATOR_DEFAULTS };
describe("bad input is a DomainInputError naming the field (issue 3 item 11: 400 with the field)", () => {
  test.each([
    ["unknown ship type", { ...BASE, shipType: "Submarine" }, "shipType"],
    ["research vessel is not CII-rated", { ...BASE, shipType: "Research Vessel" }, "shipType"],
    ["missing deadweight", { ...BASE, deadweight: undefined }, "deadweight"],
    ["zero deadweight", { ...BASE, deadweight: 0 }, "deadweight"],
    ["negative fuel", { ...BASE, fuelConsumption: -1 }, "fuelConsumption"],
    ["no fuel at all", { ...BASE, fuelConsumption: undefined }, "fuelConsumption"],
    ["both fuelConsumption and fuels", { ...BASE, fuels: [{ fuelType: "HFO", tonnes: 1 }] }, "fuels"],
    [
      "negative tonnes in fuels",
      { ...BASE, fuelConsumption: undefined, fuels: [{ fuelType: "MDO", tonnes: -3 }] },
      "fuels[0].tonnes",
    ],
    ["zero distance", { ...BASE, distanceTravelled: 0 }, "distanceTravelled"],
    ["zero fuel (not an A)", { ...BASE, fuelConsumption: 0 }, "fuelConsumption"],
    ["fuel 1e308 t (not attainedCII)", { ...BASE, fuelConsumption: 1e308 }, "fuelConsumption"],
    ["distance 1e308 nm (not an A)", { ...BASE, distanceTravelled: 1e308 }, "distanceTravelled"],
    ["deadweight 1e9 t", { ...BASE, deadweight: 1e9 }, "deadweight"],
    [
      "fuels summing to 0 t",
      { ...BASE, fuelConsumption: undefined, fuels: [{ fuelType: "HFO", tonnes: 0 }] },
      "fuels",
    ],
    ["year 2031 (no adopted Z)", { ...BASE, calculationYear: 2031 }, "calculationYear"],
    ["year 2018", { ...BASE, calculationYear: 2018 }, "calculationYear"],
  ] as const)("%s → %s", (_name, input, field) => {
    expect(fieldOf(() => calculateCii(input as CiiCalculatorInput))).toBe(field);
  });
  test("2031 throws the typed CiiYearNotAdoptedError", () => {
    expect(() => calculateCii({ ...BASE, calculationYear: 2031 })).toThrowError(CiiYearNotAdoptedError);
  });
});

describe("next year's target: required CII of year + 1 while Z exists (MEPC.400(83) ends at 2030)", () => {
  test.each([
    [2026, 1 - 0.13625],
    [2029, 1 - 0.215],
    [2030, null],
  ])("%d → factor %s", (year, factor) => {
    const r = calculateCii({ ...BASE, calculationYear: year });
    if (factor === null) expect(r.nextYearTarget).toBeNull();
    else expect(r.nextYearTarget).toBeCloseTo(factor * r.referenceCII, 12);
  });
});

describe("ratings start with 2023 (MARPOL Annex VI reg. 28; CII_FIRST_RATED_YEAR)", () => {
  test.each([2019, 2020, 2021, 2022])("%i is assessed against the reference line but not rated", (year) => {
    const r = calculateCii({ ...BASE, calculationYear: year });
    expect(r).toMatchObject({ rated: false, rating: null, complianceStatus: null });
    expect(r.ratingNote).toMatch(/^Not rated: CII ratings start with the 2023 data/);
    expect(r.attainedCII).toBeGreaterThan(0);
  });
  test.each([2023, 2030])("%i is rated", (year) => {
    const r = calculateCii({ ...BASE, calculationYear: year });
    expect(r.rated).toBe(true);
    expect(r.rating).toMatch(/^[A-E]$/);
    expect(r.ratingNote).toBeNull();
  });
});
