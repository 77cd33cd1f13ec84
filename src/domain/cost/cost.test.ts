import { describe, expect, test } from "vitest";
import { costPerNauticalMile, fuelCost } from "./cost-per-mile.js";
import { type DatedFuelPrice, priceInForce, pricesInForce } from "./price-table.js";

describe("cost per nautical mile = Σ tonnes × price / distance (accounting identity)", () => {
  test.each([
    [
      "24 t HFO at 600 over 350 nm",
      [{ fuelType: "HFO", tonnes: 24 }],
      { HFO: 600 },
      350,
      14_400,
      14_400 / 350,
    ],
    [
      "HFO + MGO mix",
      [
        { fuelType: "HFO", tonnes: 20 },
        { fuelType: "MGO", tonnes: 2 },
      ],
      { HFO: 550, MGO: 800 },
      400,
      12_600,
      31.5,
    ],
    ["in port: 0 nm → no cost per mile", [{ fuelType: "MGO", tonnes: 3 }], { MGO: 800 }, 0, 2_400, null],
    ["a fuel not burnt needs no price", [{ fuelType: "LNG", tonnes: 0 }], {}, 10, 0, 0],
  ] as const)("%s", (_name, fuels, prices, distanceNm, cost, perNm) => {
    const r = costPerNauticalMile({ fuels, prices, distanceNm });
    expect(r.fuelCost).toBeCloseTo(cost, 9);
    if (perNm === null) expect(r.costPerNm).toBeNull();
    else expect(r.costPerNm).toBeCloseTo(perNm, 9);
  });
  test("a burnt fuel without a price is an input error naming prices.<type>", () => {
    expect(() => fuelCost([{ fuelType: "MDO", tonnes: 1 }], { HFO: 600 })).toThrow(
      expect.objectContaining({ field: "prices.MDO" }),
    );
  });
  test("negative distance is an input error", () => {
    expect(() => costPerNauticalMile({ fuels: [], prices: {}, distanceNm: -1 })).toThrow(
      expect.objectContaining({ field: "distanceNm" }),
    );
  });
});

const d = (iso: string) => new Date(iso);
const TABLE: DatedFuelPrice[] = [
  { fuelType: "HFO", effectiveFrom: d("2024-01-01"), pricePerTonne: 500 },
  { fuelType: "HFO", effectiveFrom: d("2024-07-01"), pricePerTonne: 560 },
  { fuelType: "MGO", effectiveFrom: d("2024-03-01"), pricePerTonne: 800 },
  { fuelType: "HFO", effectiveFrom: d("2024-07-01"), pricePerTonne: 555 }, // same-day correction
];

describe("price in force at a date: latest effectiveFrom <= date; later entry wins a tie", () => {
  test.each([
    ["before any price", "HFO", "2023-12-31", undefined],
    ["on the first day", "HFO", "2024-01-01", 500],
    ["the day before a change", "HFO", "2024-06-30T23:59:59Z", 500],
    ["on the change day, corrected entry", "HFO", "2024-07-01", 555],
    ["long after", "HFO", "2030-01-01", 555],
    ["another fuel", "MGO", "2024-05-01", 800],
    ["a fuel with no prices", "LNG", "2024-05-01", undefined],
  ] as const)("%s: %s at %s → %s", (_name, fuel, at, price) => {
    expect(priceInForce(TABLE, fuel, d(at))).toBe(price);
  });
  test("all prices in force on 2024-02-01", () => {
    expect(pricesInForce(TABLE, d("2024-02-01"))).toEqual({ HFO: 500 });
    expect(pricesInForce(TABLE, d("2024-08-01"))).toEqual({ HFO: 555, MGO: 800 });
  });
});
