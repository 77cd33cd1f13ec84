import { describe, expect, test } from "vitest";
import { assessCii } from "./cii-assessment.js";
import { ddVectorFor } from "./dd-vectors.js";
import { ciiRating, complianceStatus, ratingBoundaries } from "./rating.js";
import { referenceCii } from "./reference-lines.js";

describe("ETV-PY demo-results: ro-pax, 25,000 GT, 19,000 t MGO, 150,000 nm (reference §12)", () => {
  const a = assessCii({
    shipType: "ro_ro_passenger_ship",
    capacity: 25_000,
    fuels: [{ fuelType: "MGO", tonnes: 19_000 }],
    distanceNm: 150_000,
    year: 2019,
  });
  test("CII_ref(2019) = 19.184190519387734 to 1e-9", () => {
    expect(Math.abs(a.referenceCii - 19.184190519387734)).toBeLessThan(1e-9);
    expect(a.requiredCii).toBe(a.referenceCii); // Z(2019) = 0
  });
  test("attained = 16.243733333333335 g CO2/(GT·nm) to 1e-9", () => {
    expect(Math.abs(a.attainedCii - 16.243733333333335)).toBeLessThan(1e-9);
  });
  test.each([
    ["superior", 14.58],
    ["lower", 17.649],
    ["upper", 21.87],
    ["inferior", 24.939],
  ] as const)("2019 %s boundary ≈ %d", (edge, value) => {
    expect(a.boundaries[edge]).toBeCloseTo(value, 3);
  });
  test("rating letter B on the 2019 boundaries, Compliant, GT basis; the year itself is not rated (before 2023)", () => {
    expect(ciiRating(a.attainedCii, a.boundaries)).toBe("B");
    expect(complianceStatus("B")).toBe("Compliant");
    expect(a.rated).toBe(false);
    expect(a.rating).toBeNull();
    expect(a.complianceStatus).toBeNull();
    expect(a.capacityBasis).toBe("GT");
  });
});

describe("verification report: bulk 50,000 DWT, 10,000 t HFO, 50,000 nm, 2024 (reference §12)", () => {
  const a = assessCii({
    shipType: "bulk_carrier",
    capacity: 50_000,
    fuels: [{ fuelType: "HFO", tonnes: 10_000 }],
    distanceNm: 50_000,
    year: 2024,
  });
  test.each([
    ["attainedCii", 12.456, 3],
    ["referenceCii", 5.6686, 4],
    ["requiredCii", 5.2718, 4],
  ] as const)("%s = %d", (key, value, digits) => {
    expect(a[key]).toBeCloseTo(value, digits);
  });
  test.each([
    ["superior", 4.534],
    ["lower", 4.956],
    ["upper", 5.588],
    ["inferior", 6.221],
  ] as const)("%s boundary = %d", (edge, value) => {
    expect(a.boundaries[edge]).toBeCloseTo(value, 3);
  });
  test("rating E, Non-Compliant, Z = 7 %, next year's required = 0.91·CII_ref", () => {
    expect(a.rating).toBe("E");
    expect(a.complianceStatus).toBe("Non-Compliant");
    expect(a.reductionPercent).toBe(7);
    expect(a.nextYearRequiredCii).toBeCloseTo(0.91 * 5.6686138567, 9);
  });
});

describe("ETV README: required CII 10 gives bulk boundaries 8.6/9.4/10.6/11.8 (reference §12)", () => {
  test("boundaries", () => {
    const b = ratingBoundaries(10, ddVectorFor("bulk_carrier", 1).expD);
    expect([b.superior, b.lower, b.upper, b.inferior].map((x) => Number(x.toFixed(10)))).toEqual([
      8.6, 9.4, 10.6, 11.8,
    ]);
  });
});

describe("attained CII uses the actual capacity, not the reference line's fixed one (reference §0, §1)", () => {
  test.each([
    ["bulk_carrier", 320_000],
    ["lng_carrier", 50_000],
    ["ro_ro_cargo_ship_vehicle_carrier", 70_000],
  ] as const)("%s at %d", (type, capacity) => {
    const a = assessCii({
      shipType: type,
      capacity,
      fuels: [{ fuelType: "HFO", tonnes: 1 }],
      distanceNm: 1,
      year: 2023,
    });
    expect(a.attainedCii).toBeCloseTo(3.114e6 / capacity, 9);
    expect(a.referenceCii).toBe(referenceCii(type, capacity));
  });
});

describe("next year's target is null after 2030 (no adopted Z)", () => {
  test.each([
    [2029, true],
    [2030, false],
  ])("%d → next year target present: %s", (year, present) => {
    const a = assessCii({
      shipType: "tanker",
      capacity: 100_000,
      fuels: [{ fuelType: "HFO", tonnes: 10_000 }],
      distanceNm: 80_000,
      year,
    });
    expect(a.nextYearRequiredCii !== null).toBe(present);
  });
});
