import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  MS_PER_YEAR,
  performanceValuePercent,
  speedLossPercent,
  speedLossSeries,
  speedLossTrend,
} from "./speed-loss.js";
import {
  expectedPowerKw,
  expectedSpeedKn,
  fitSpeedPowerCurve,
  type SpeedPowerCurve,
} from "./speed-power-curve.js";

// Reference curve V = b·P^a with a = 1/3 (cube law, reference §11) through 14 kn at 8000 kW, Δ_ref 60,000 t.
const a = 1 / 3;
const b = 14 / 8000 ** a;
const curve: SpeedPowerCurve = { kind: "power-law", a, b, referenceDisplacementT: 60_000 };

describe("ISO 19030-2 performance value and speed loss (reference §8 [C1]; loss positive per §0)", () => {
  test("PV = 100·(V_meas − V_exp)/V_exp and loss is its negative", () => {
    expect(performanceValuePercent(13.3, 14)).toBeCloseTo(-5, 12);
    expect(speedLossPercent(13.3, 14)).toBeCloseTo(5, 12);
  });

  test("samples exactly on the reference curve have zero speed loss (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 500, max: 30_000, noNaN: true }), (p) => {
        const v = b * p ** a;
        const [pt] = speedLossSeries(
          [{ timestampMs: 0, speedThroughWaterKn: v, powerKw: p, displacementT: 60_000 }],
          curve,
        );
        expect(Math.abs(pt!.speedLossPercent)).toBeLessThan(1e-9);
      }),
    );
  });

  test.each([
    ["+10 % power for the same speed → loss 100·(1 − 1.1^(−1/3)) = 3.1271 %", 0.1, 3.1271],
    ["+25 % power → loss 7.1682 %", 0.25, 7.1682],
    ["−5 % power (better than new) → negative loss −1.7245 %", -0.05, -1.7245],
  ])("a curve shifted by a known power: %s", (_n, shift, loss) => {
    const obs = [10, 12, 14, 15].map((v, i) => ({
      timestampMs: i,
      speedThroughWaterKn: v,
      powerKw: (v / b) ** 3 * (1 + shift),
      displacementT: 60_000,
    }));
    for (const pt of speedLossSeries(obs, curve)) expect(pt.speedLossPercent).toBeCloseTo(loss, 4);
  });

  test("displacement correction: twice the displacement needs 2^(2/3) the power for the same speed (admiralty law, §11)", () => {
    expect(expectedSpeedKn(curve, 8000 * 2 ** (2 / 3), 120_000)).toBeCloseTo(14, 10);
  });

  test("fitting V = b·P^a through points of the curve recovers a and b", () => {
    const pts = [4000, 6000, 8000, 10_000].map((p) => ({ powerKw: p, speedKn: b * p ** a }));
    const { curve: fitted, r2Log } = fitSpeedPowerCurve(pts, 60_000);
    expect(fitted.kind === "power-law" && fitted.a).toBeCloseTo(a, 10);
    expect(fitted.kind === "power-law" && fitted.b).toBeCloseTo(b, 8);
    expect(r2Log).toBeCloseTo(1, 12);
  });

  test("a table curve is read linearly and not extrapolated", () => {
    const table: SpeedPowerCurve = {
      kind: "table",
      referenceDisplacementT: 60_000,
      points: [
        { powerKw: 4000, speedKn: 11 },
        { powerKw: 8000, speedKn: 14 },
      ],
    };
    expect(expectedSpeedKn(table, 6000, 60_000)).toBeCloseTo(12.5, 12);
    expect(() => expectedSpeedKn(table, 9000, 60_000)).toThrow(/powerKw/);
    // the inverse reading (ISO 19030-2 excess power's denominator): power at a speed, same table
    expect(expectedPowerKw(table, 12.5, 60_000)).toBeCloseTo(6000, 9);
    expect(() => expectedPowerKw(table, 15, 60_000)).toThrow(/speedKn/);
  });

  test("expected power is the inverse of expected speed, displacement correction included", () => {
    for (const [v, disp] of [
      [10, 60_000],
      [14, 120_000],
      [12.3, 45_000],
    ] as const)
      expect(expectedSpeedKn(curve, expectedPowerKw(curve, v, disp), disp)).toBeCloseTo(v, 10);
  });
});

describe("speed-loss trend (least squares, % per year)", () => {
  test("an exact 2 %/year growth from 1 % is recovered with a zero-width interval", () => {
    const pts = Array.from({ length: 24 }, (_, i) => ({
      timestampMs: 1.7e12 + (i * MS_PER_YEAR) / 12,
      speedLossPercent: 1 + (2 * i) / 12,
    }));
    const t = speedLossTrend(pts);
    expect(t.slopePercentPerYear).toBeCloseTo(2, 10);
    expect(t.startPercent).toBeCloseTo(1, 10);
    expect(t.slopeCi95.high - t.slopeCi95.low).toBeLessThan(1e-9);
    expect(t.count).toBe(24);
  });

  test("with alternating ±0.5 % scatter the 95 % interval contains the true slope", () => {
    const pts = Array.from({ length: 36 }, (_, i) => ({
      timestampMs: (i * MS_PER_YEAR) / 12,
      speedLossPercent: 1 + (3 * i) / 12 + (i % 2 ? 0.5 : -0.5),
    }));
    const t = speedLossTrend(pts);
    expect(t.slopeCi95.low).toBeLessThan(3);
    expect(t.slopeCi95.high).toBeGreaterThan(3);
    expect(t.r2).toBeGreaterThan(0.9);
  });
});
