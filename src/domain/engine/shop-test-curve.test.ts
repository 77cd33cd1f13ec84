import { describe, expect, test } from "vitest";
import {
  engineLoadPercent,
  type ShopTestPoint,
  sfocDeviationFromShopTest,
  shopTestSfocAt,
} from "./shop-test-curve.js";

// A constructed shop-test curve (typical two-stroke shape: minimum near 75 % load).
const curve: ShopTestPoint[] = [
  { loadPercent: 100, sfocGPerKwh: 176 },
  { loadPercent: 25, sfocGPerKwh: 190 },
  { loadPercent: 50, sfocGPerKwh: 178 },
  { loadPercent: 75, sfocGPerKwh: 172 },
];

describe("shop-test SFOC interpolation at the measured load", () => {
  test.each([
    ["at a test point (linear)", 75, "linear", 172],
    ["at a test point (monotone cubic)", 50, "monotone-cubic", 178],
    ["at the range ends", 25, "linear", 190],
    ["half-way between 50 % and 75 %: (178 + 172)/2", 62.5, "linear", 175],
    ["a fifth of the way from 75 % to 100 %: 172 + 0.2·4", 80, "linear", 172.8],
  ] as const)("%s", (_n, load, method, sfoc) => {
    expect(shopTestSfocAt(curve, load, method)).toBeCloseTo(sfoc, 10);
  });

  test("monotone cubic stays within the neighbouring points (no overshoot)", () => {
    for (let load = 25; load <= 100; load += 0.5) {
      const v = shopTestSfocAt(curve, load, "monotone-cubic");
      expect(v).toBeGreaterThanOrEqual(172 - 1e-9);
      expect(v).toBeLessThanOrEqual(190 + 1e-9);
    }
    const between = shopTestSfocAt(curve, 37.5, "monotone-cubic");
    expect(between).toBeGreaterThan(178);
    expect(between).toBeLessThan(190);
  });

  test("loads outside the tested range are refused, not extrapolated", () => {
    expect(() => shopTestSfocAt(curve, 20)).toThrow(/loadPercent/);
    expect(() => shopTestSfocAt(curve, 110)).toThrow(/loadPercent/);
  });

  test("duplicate loads in the curve are refused", () => {
    expect(() => shopTestSfocAt([...curve, { loadPercent: 50, sfocGPerKwh: 179 }], 60)).toThrow(/shopTest/);
  });

  test("deviation: 180 g/kWh at 75 % load is +8 g/kWh, +4.651 % over the shop test", () => {
    const d = sfocDeviationFromShopTest(curve, { loadPercent: 75, isoSfocGPerKwh: 180 });
    expect(d.expectedSfocGPerKwh).toBe(172);
    expect(d.deviationGPerKwh).toBeCloseTo(8, 12);
    expect(d.deviationPercent).toBeCloseTo(4.6512, 4);
  });

  test("engine load = power/MCR: 9,450 of 12,600 kW is 75 %", () => {
    expect(engineLoadPercent(9450, 12_600)).toBeCloseTo(75, 12);
  });
});
