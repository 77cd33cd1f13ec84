import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { dailyFuelFromSfoc, sfocFromDailyFuel, sfocFromFuelMassAndEnergy } from "./sfoc-from-fuel.js";
import {
  fitSpeedFuelCurve,
  predictDailyFuel,
  speedForDailyFuel,
  speedFuelFitQuality,
} from "./speed-fuel-fit.js";

const speeds = [10, 11, 12, 13, 14, 15, 16];

describe("FC = k·Vⁿ fitted in log space (issue 3 item 8; cube law reference §11)", () => {
  test("noise-free data: k and n recovered exactly (property over k and n)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.1, noNaN: true }),
        fc.double({ min: 2, max: 4.5, noNaN: true }),
        (k, n) => {
          const fit = fitSpeedFuelCurve(speeds.map((v) => ({ speedKn: v, fuelTonnesPerDay: k * v ** n })));
          expect(fit.n).toBeCloseTo(n, 9);
          expect(fit.k / k).toBeCloseTo(1, 8);
          expect(fit.r2).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  test("deterministic ±3 % perturbations: n within 0.15 of 3.2, the 95 % interval covers it, R² > 0.98", () => {
    const pts = speeds.flatMap((v, i) =>
      [0, 1, 2].map((j) => ({
        speedKn: v + j * 0.3,
        fuelTonnesPerDay: 0.012 * (v + j * 0.3) ** 3.2 * (1 + 0.03 * Math.sin(7 * i + 3 * j)),
      })),
    );
    const fit = fitSpeedFuelCurve(pts);
    expect(Math.abs(fit.n - 3.2)).toBeLessThan(0.15);
    expect(fit.n - fit.nCi95HalfWidth).toBeLessThan(3.2);
    expect(fit.n + fit.nCi95HalfWidth).toBeGreaterThan(3.2);
    expect(fit.r2).toBeGreaterThan(0.98);
    expect(fit.nStdError).toBeGreaterThan(0);
  });

  test("prediction and its inverse: k = 0.01, n = 3 gives 0.01·14³ = 27.44 t/day at 14 kn", () => {
    expect(predictDailyFuel({ k: 0.01, n: 3 }, 14)).toBeCloseTo(27.44, 10);
    expect(speedForDailyFuel({ k: 0.01, n: 3 }, 27.44)).toBeCloseTo(14, 10);
  });

  test("non-positive speed or fuel is refused with the point named", () => {
    expect(() =>
      fitSpeedFuelCurve([
        { speedKn: 10, fuelTonnesPerDay: 20 },
        { speedKn: 0, fuelTonnesPerDay: 1 },
      ]),
    ).toThrow(/points\[1\]\.speedKn/);
  });

  test("weights: a point of weight 2 fits like two equal points; a non-positive weight is refused by name", () => {
    const pts = [
      { speedKn: 10, fuelTonnesPerDay: 20 },
      { speedKn: 12, fuelTonnesPerDay: 33 },
      { speedKn: 14, fuelTonnesPerDay: 57 },
    ];
    const weighted = fitSpeedFuelCurve(pts.map((p, i) => (i === 1 ? { ...p, weight: 2 } : p)));
    const repeated = fitSpeedFuelCurve([...pts, pts[1]!]);
    expect(weighted.n).toBeCloseTo(repeated.n, 12);
    expect(weighted.k).toBeCloseTo(repeated.k, 12);
    expect(weighted.r2).toBeCloseTo(repeated.r2, 12);
    expect(() => fitSpeedFuelCurve(pts.map((p) => ({ ...p, weight: 0 })))).toThrow(/points\[0\]\.weight/);
  });
});

describe("SFOC from fuel and energy (definition, g/kWh)", () => {
  test.each([
    ["1,800 kg over 10,000 kWh = 180 g/kWh", () => sfocFromFuelMassAndEnergy(1800, 10_000), 180],
    ["24 t/day at 5,555.56 kW = 180 g/kWh", () => sfocFromDailyFuel(24, 100_000 / 18), 180],
    ["180 g/kWh at 10,000 kW = 43.2 t/day", () => dailyFuelFromSfoc(180, 10_000), 43.2],
  ])("%s", (_n, f, expected) => {
    expect(f()).toBeCloseTo(expected, 9);
  });
});

describe("speedFuelFitQuality (when a fit may be read as the speed law)", () => {
  const law = (v: number) => 0.01 * v ** 3;
  const pts = (speeds: number[]) => speeds.map((v) => ({ speedKn: v, fuelTonnesPerDay: law(v) }));

  test.each([
    ["a clean cube law over 10–16 kn is reliable", [10, 11, 12, 13, 14, 15, 16], true],
    ["speeds within 1 kn are not (too narrow a span)", [13.5, 13.8, 14.1, 14.4], false],
  ])("%s", (_name, speeds, reliable) => {
    const fit = fitSpeedFuelCurve(pts(speeds));
    expect(speedFuelFitQuality(fit, speeds).reliable).toBe(reliable);
  });

  test("a tight exponent no hull has (fuel ∝ V^0.43 over 10–16 kn) is flagged with a reason", () => {
    const speeds = [10, 11, 12, 13, 14, 15, 16];
    const fit = fitSpeedFuelCurve(speeds.map((v) => ({ speedKn: v, fuelTonnesPerDay: 10.719 * v ** 0.43 })));
    expect(fit.n).toBeCloseTo(0.43, 9);
    expect(speedFuelFitQuality(fit, speeds)).toEqual({
      reliable: false,
      reason:
        "The exponent 0.43 is outside what a hull's speed law can be (1.5–5): other changes along the range dominate",
    });
  });

  test("a cloud that slopes the wrong way is flagged with a reason", () => {
    const speeds = [10, 11, 12, 13, 14, 15];
    const fuel = [30, 10, 28, 12, 26, 9];
    const fit = fitSpeedFuelCurve(speeds.map((v, i) => ({ speedKn: v, fuelTonnesPerDay: fuel[i]! })));
    const quality = speedFuelFitQuality(fit, speeds);
    expect(quality.reliable).toBe(false);
    expect(quality.reason).toMatch(/uncertain|explains little/);
  });
});
