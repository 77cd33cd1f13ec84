import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { CII_SHIP_TYPES, type CiiShipType } from "./capacity-basis.js";
import { CII_DD_VECTORS, ddVectorFor } from "./dd-vectors.js";

const reference = JSON.parse(
  readFileSync(new URL("../../../docs/reference/reference-data.json", import.meta.url), "utf8"),
) as { cii_dd_vectors_mepc354: { rows: { key: string; exp_d: number[] }[] } };

describe("dd vectors equal reference-data.json (MEPC.354(78) Table 1, exp(d) as printed, reference §2)", () => {
  test.each(reference.cii_dd_vectors_mepc354.rows.map((r) => [r.key, r.exp_d] as const))(
    "%s",
    (key, expD) => {
      expect(CII_DD_VECTORS.find((r) => r.key === key)!.expD).toEqual(expD);
    },
  );
  test("HSC uses the ro-pax row (reference §2, KR-PRD)", () => {
    expect(ddVectorFor("ro_ro_passenger_ship_hsc", 5_000).expD).toEqual(
      ddVectorFor("ro_ro_passenger_ship", 5_000).expD,
    );
  });
  test("every CII ship type has a vector, boundaries strictly increasing around 1", () => {
    for (const type of CII_SHIP_TYPES) {
      const [d1, d2, d3, d4] = ddVectorFor(type, 50_000).expD;
      expect(d1 < d2 && d2 < 1 && 1 < d3 && d3 < d4).toBe(true);
    }
  });
});

describe("dd vector size bands switch at the MEPC.354(78) thresholds (actual DWT)", () => {
  test.each([
    ["gas_carrier", 64_999, "gas_lt65k"],
    ["gas_carrier", 65_000, "gas_ge65k"],
    ["gas_carrier", 65_001, "gas_ge65k"],
    ["lng_carrier", 99_999, "lng_lt100k"],
    ["lng_carrier", 100_000, "lng_ge100k"],
    ["lng_carrier", 40_000, "lng_lt100k"],
    ["bulk_carrier", 400_000, "bulk"],
    ["ro_ro_cargo_ship_vehicle_carrier", 20_000, "vehicle_carrier"],
  ] as [CiiShipType, number, string][])("%s at %d → %s", (type, capacity, key) => {
    expect(ddVectorFor(type, capacity).key).toBe(key);
  });
});
