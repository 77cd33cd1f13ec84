import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { DomainInputError } from "../errors.js";
import { CAPACITY_BASIS, CII_SHIP_TYPES, type CiiShipType } from "./capacity-basis.js";
import {
  CII_REFERENCE_LINES,
  LNG_CARRIER_BELOW_65K_A_AWAITING_CHECK,
  referenceCii,
  referenceLineFor,
} from "./reference-lines.js";

type JsonRow = {
  key: string;
  capacity_basis: "DWT" | "GT";
  reference_capacity_fixed: number | null;
  a: number;
  c: number;
};
const reference = JSON.parse(
  readFileSync(new URL("../../../docs/reference/reference-data.json", import.meta.url), "utf8"),
) as { cii_reference_lines_mepc353: { rows: JsonRow[] } };

describe("reference-line table equals reference-data.json (MEPC.353(78) Table 1, reference §1)", () => {
  const jsonRows = reference.cii_reference_lines_mepc353.rows;
  test("same rows, same order", () => {
    expect(CII_REFERENCE_LINES.map((r) => r.key)).toEqual(jsonRows.map((r) => r.key));
  });
  test.each(jsonRows.map((r) => [r.key, r] as const))("%s: a, c, basis and fixed capacity", (key, json) => {
    const ours = CII_REFERENCE_LINES.find((r) => r.key === key)!;
    expect(ours.a).toBe(json.a);
    expect(ours.c).toBe(json.c);
    expect(ours.capacityBasis).toBe(json.capacity_basis);
    expect(ours.fixedReferenceCapacity).toBe(json.reference_capacity_fixed);
  });
  test("LNG < 65k uses 14779E10 behind the flagged constant (reference §0)", () => {
    expect(LNG_CARRIER_BELOW_65K_A_AWAITING_CHECK).toBe(14779e10);
    expect(CII_REFERENCE_LINES.find((r) => r.key === "lng_lt65k")!.a).toBe(
      LNG_CARRIER_BELOW_65K_A_AWAITING_CHECK,
    );
  });
  test("no superseded MEPC.337(76) value is used (reference §1 notes)", () => {
    const superseded = [40853, 5739, 10952, 7540];
    for (const r of CII_REFERENCE_LINES) expect(superseded).not.toContain(r.a);
  });
});

describe("capacity basis: GT for vehicle carrier, ro-ro cargo, ro-pax, HSC, cruise; DWT otherwise (MEPC.352(78) §2.5, §4.2)", () => {
  const gt: CiiShipType[] = [
    "ro_ro_cargo_ship_vehicle_carrier",
    "ro_ro_cargo_ship",
    "ro_ro_passenger_ship",
    "ro_ro_passenger_ship_hsc",
    "cruise_passenger_ship",
  ];
  test.each(CII_SHIP_TYPES.map((t) => [t]))("%s", (type) => {
    expect(CAPACITY_BASIS[type]).toBe(gt.includes(type) ? "GT" : "DWT");
  });
});

// Band edges of MEPC.353(78) Table 1: just below, on and above each threshold. The condition is tested on
// the ACTUAL capacity; `refCap` is the capacity the reference line uses (fixed where the table says so).
const EDGE_CASES: [CiiShipType, number, string, number][] = [
  ["bulk_carrier", 278_999, "bulk_lt279k", 278_999],
  ["bulk_carrier", 279_000, "bulk_ge279k", 279_000],
  ["bulk_carrier", 400_000, "bulk_ge279k", 279_000],
  ["gas_carrier", 64_999, "gas_lt65k", 64_999],
  ["gas_carrier", 65_000, "gas_ge65k", 65_000],
  ["gas_carrier", 65_001, "gas_ge65k", 65_001],
  ["tanker", 1, "tanker", 1],
  ["tanker", 300_000, "tanker", 300_000],
  ["container_ship", 150_000, "container", 150_000],
  ["general_cargo_ship", 19_999, "general_cargo_lt20k", 19_999],
  ["general_cargo_ship", 20_000, "general_cargo_ge20k", 20_000],
  ["general_cargo_ship", 20_001, "general_cargo_ge20k", 20_001],
  ["refrigerated_cargo_carrier", 10_000, "reefer", 10_000],
  ["combination_carrier", 100_000, "combination", 100_000],
  ["lng_carrier", 30_000, "lng_lt65k", 65_000],
  ["lng_carrier", 64_999, "lng_lt65k", 65_000],
  ["lng_carrier", 65_000, "lng_65k_100k", 65_000],
  ["lng_carrier", 99_999, "lng_65k_100k", 99_999],
  ["lng_carrier", 100_000, "lng_ge100k", 100_000],
  ["lng_carrier", 100_001, "lng_ge100k", 100_001],
  ["ro_ro_cargo_ship_vehicle_carrier", 29_999, "vehicle_carrier_lt30k", 29_999],
  ["ro_ro_cargo_ship_vehicle_carrier", 30_000, "vehicle_carrier_30k_57700", 30_000],
  ["ro_ro_cargo_ship_vehicle_carrier", 57_699, "vehicle_carrier_30k_57700", 57_699],
  ["ro_ro_cargo_ship_vehicle_carrier", 57_700, "vehicle_carrier_ge57700", 57_700],
  ["ro_ro_cargo_ship_vehicle_carrier", 75_000, "vehicle_carrier_ge57700", 57_700],
  ["ro_ro_cargo_ship", 40_000, "roro_cargo", 40_000],
  ["ro_ro_passenger_ship", 25_000, "ropax", 25_000],
  ["ro_ro_passenger_ship_hsc", 5_000, "ropax_hsc", 5_000],
  ["cruise_passenger_ship", 100_000, "cruise", 100_000],
];

describe("each ship type and size band selects its MEPC.353(78) row and capacity (reference §1)", () => {
  test.each(EDGE_CASES)("%s at %d uses %s with capacity %d", (type, capacity, key, refCap) => {
    const line = referenceLineFor(type, capacity);
    expect(line.key).toBe(key);
    expect(referenceCii(type, capacity)).toBeCloseTo(line.a * refCap ** -line.c, 12);
  });
  test("every row is reached by some case", () => {
    const reached = new Set(EDGE_CASES.map((c) => c[2]));
    for (const r of CII_REFERENCE_LINES) expect(reached.has(r.key)).toBe(true);
  });
});

describe("hand-computed reference CII values (reference §1, §12)", () => {
  test.each([
    [
      "bulk 50,000 DWT: 4745·50000^-0.622 (reference §12 verification report)",
      "bulk_carrier",
      50_000,
      5.6686,
      4,
    ],
    ["bulk capped at 279,000 DWT", "bulk_carrier", 350_000, 1.945675464, 9],
    ["ro-pax 25,000 GT (ETV-PY demo)", "ro_ro_passenger_ship", 25_000, 19.184190519387734, 12],
    [
      "LNG < 65k at fixed 65,000 with 14779E10 → 20.17 (reference §1 note)",
      "lng_carrier",
      40_000,
      20.17101,
      5,
    ],
    ["LNG ≥ 100k is flat at a = 9.827 (c = 0)", "lng_carrier", 170_000, 9.827, 12],
    [
      "vehicle carrier ≥ 57,700 GT fixed at 57,700",
      "ro_ro_cargo_ship_vehicle_carrier",
      60_000,
      5.629292636,
      9,
    ],
  ] as const)("%s", (_name, type, capacity, expected, digits) => {
    expect(referenceCii(type, capacity)).toBeCloseTo(expected, digits);
  });
});

describe("capacity must be > 0 and is named by its basis", () => {
  test.each([
    ["bulk_carrier", 0, "deadweight"],
    ["tanker", -5, "deadweight"],
    ["cruise_passenger_ship", Number.NaN, "grossTonnage"],
  ] as const)("%s with %d → DomainInputError(%s)", (type, capacity, field) => {
    expect(() => referenceCii(type, capacity)).toThrowError(DomainInputError);
    try {
      referenceCii(type, capacity);
    } catch (e) {
      expect((e as DomainInputError).field).toBe(field);
    }
  });
});
