import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  co2FromFuel,
  FUEL_PROPERTIES,
  FUEL_TYPES,
  type FuelType,
  isFuelType,
  parseFuelType,
} from "./fuel-types.js";

type ImoFuelRow = { id: string; cf_t_co2_per_t: number; lcv_kj_per_kg: number; carbon_content: number };
const reference = JSON.parse(
  readFileSync(new URL("../../../docs/reference/reference-data.json", import.meta.url), "utf8"),
) as { imo_cf_lcv: { fuels: ImoFuelRow[] } };

/** Our fuel types mapped to the rows of reference-data.json `imo_cf_lcv` (MDO and MGO share one row). */
const REFERENCE_ROW: Record<FuelType, string> = {
  HFO: "HFO",
  LFO: "LFO",
  MDO: "MDO_MGO",
  MGO: "MDO_MGO",
  LNG: "LNG",
  LPG_PROPANE: "LPG_PROPANE",
  LPG_BUTANE: "LPG_BUTANE",
  ETHANE: "ETHANE",
  METHANOL: "METHANOL",
  ETHANOL: "ETHANOL",
};

function row(fuel: FuelType): ImoFuelRow {
  const found = reference.imo_cf_lcv.fuels.find((r) => r.id === REFERENCE_ROW[fuel]);
  if (!found) throw new Error(`no reference row for ${fuel}`);
  return found;
}

describe("fuel Cf, LCV and carbon content equal MEPC.364(79) as in reference-data.json §4", () => {
  test.each(FUEL_TYPES.map((f) => [f]))("%s matches the reference row", (fuel) => {
    const ref = row(fuel);
    expect(FUEL_PROPERTIES[fuel].cf).toBe(ref.cf_t_co2_per_t);
    expect(FUEL_PROPERTIES[fuel].lcvKjPerKg).toBe(ref.lcv_kj_per_kg);
    expect(FUEL_PROPERTIES[fuel].carbonContent).toBe(ref.carbon_content);
  });

  test("every reference fuel row is covered by a fuel type", () => {
    const covered = new Set(Object.values(REFERENCE_ROW));
    for (const r of reference.imo_cf_lcv.fuels) expect(covered.has(r.id)).toBe(true);
  });

  test("the ANU error is not copied: propane 3.000 < butane 3.030, ethane 2.927 (reference §13)", () => {
    expect(FUEL_PROPERTIES.LPG_PROPANE.cf).toBe(3.0);
    expect(FUEL_PROPERTIES.LPG_BUTANE.cf).toBe(3.03);
    expect(FUEL_PROPERTIES.ETHANE.cf).toBe(2.927);
  });
});

describe("co2FromFuel = FC × Cf (MEPC.364(79); MEPC.352(78) §4.1)", () => {
  test.each([
    ["HFO", 10_000, 31_140],
    ["MGO", 19_000, 60_914],
    ["LNG", 1, 2.75],
    ["METHANOL", 100, 137.5],
    ["HFO", 0, 0],
  ] as const)("%s: %d t fuel gives %d t CO2", (fuel, tonnes, co2) => {
    expect(co2FromFuel(tonnes, fuel)).toBeCloseTo(co2, 9);
  });
});

describe("isFuelType accepts exactly the usual short names", () => {
  test.each([
    ["HFO", true],
    ["LPG_BUTANE", true],
    ["hfo", false],
    ["VLSFO", false],
  ] as const)("%s → %s", (name, ok) => {
    expect(isFuelType(name)).toBe(ok);
  });
});

describe("parseFuelType returns a stored fuel type or names what it got", () => {
  test("a fuel type comes back as itself", () => expect(parseFuelType("LNG")).toBe("LNG"));
  test.each([["VLSFO"], [""], [null], [42]])("%s is refused with the list", (value) => {
    expect(() => parseFuelType(value)).toThrow(/not a fuel type: .*\(one of: HFO, LFO/);
  });
});
