import { describe, expect, test } from "vitest";
import { interpolateLinear, interpolateMonotoneCubic, prepareCurve } from "./interpolation.js";
import { fitLine, fitQuadratic } from "./least-squares.js";
import { sampleStdDev, studentT975 } from "./statistics.js";

describe("least squares (textbook OLS)", () => {
  test("an exact line is recovered with R² = 1 and zero standard error", () => {
    const xs = [0, 1, 2, 3, 4];
    const f = fitLine(
      xs,
      xs.map((x) => 3 + 2 * x),
    );
    expect(f.slope).toBeCloseTo(2, 12);
    expect(f.intercept).toBeCloseTo(3, 12);
    expect(f.r2).toBeCloseTo(1, 12);
    expect(f.slopeStdError).toBeCloseTo(0, 12);
  });

  test("hand-worked standard error: x 1..4, y 1,3,2,4 → slope 0.8, intercept 0.5, SE √(1.8/2)/√5 = 0.42426", () => {
    const f = fitLine([1, 2, 3, 4], [1, 3, 2, 4]);
    expect(f.slope).toBeCloseTo(0.8, 12);
    expect(f.intercept).toBeCloseTo(0.5, 12);
    expect(f.slopeStdError).toBeCloseTo(Math.sqrt(0.9 / 5), 12);
    expect(f.slopeCi95HalfWidth).toBeCloseTo(4.303 * Math.sqrt(0.9 / 5), 12);
  });

  test("an exact parabola is recovered", () => {
    const xs = [-1, -0.5, 0, 0.5, 1, 2];
    const q = fitQuadratic(
      xs,
      xs.map((x) => 0.5 * x * x - 0.3 * x + 40),
    );
    expect(q.a).toBeCloseTo(0.5, 9);
    expect(q.b).toBeCloseTo(-0.3, 9);
    expect(q.c).toBeCloseTo(40, 9);
  });

  test("frequency weights: a point of weight w counts as w equal points", () => {
    const xs = [1, 2, 3, 4];
    const ys = [1, 3, 2, 4.5];
    const w = [2, 1, 3, 1];
    const rep = (v: number[]) => v.flatMap((x, i) => Array.from({ length: w[i]! }, () => x));
    const weighted = fitLine(xs, ys, w);
    const repeated = fitLine(rep(xs), rep(ys));
    for (const k of ["slope", "intercept", "r2", "slopeStdError", "n"] as const)
      expect(weighted[k]).toBeCloseTo(repeated[k], 12);
    const q = fitQuadratic(xs, ys, w);
    const qr = fitQuadratic(rep(xs), rep(ys));
    for (const k of ["a", "b", "c", "r2", "n"] as const) expect(q[k]).toBeCloseTo(qr[k], 10);
    expect(() => fitLine(xs, ys, [1, 1, 0, 1])).toThrow(/weights\[2\]/);
    expect(() => fitLine(xs, ys, [1, 1])).toThrow(/weights/);
  });

  test("degenerate inputs are refused", () => {
    expect(() => fitLine([1, 1], [2, 3])).toThrow(/xs/);
    expect(() => fitQuadratic([1, 2, 1, 2], [1, 2, 3, 4])).toThrow(/xs/);
  });
});

describe("Student t(0.975, df) from the NIST table, interpolated in 1/df", () => {
  test.each([
    [1, 12.706],
    [2, 4.303],
    [10, 2.228],
    [30, 2.042],
    [60, 2.0],
    [1e9, 1.96],
  ])("df %i → %f", (df, t) => {
    expect(studentT975(df)).toBeCloseTo(t, 3);
  });

  test("df 45 lies between the 40 and 60 entries", () => {
    expect(studentT975(45)).toBeLessThan(2.021);
    expect(studentT975(45)).toBeGreaterThan(2.0);
  });

  test("sample standard deviation uses n − 1: [2,4,4,4,5,5,7,9] → 2.13809", () => {
    expect(sampleStdDev([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.13809, 5);
  });
});

describe("interpolation", () => {
  const pts = prepareCurve("t", [
    { x: 2, y: 4 },
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ]);
  test("points are sorted and read linearly", () => {
    expect(interpolateLinear(pts, 1.5)).toBeCloseTo(2.5, 12);
  });
  test("monotone cubic passes through the points and keeps monotone data monotone", () => {
    expect(interpolateMonotoneCubic(pts, 1)).toBeCloseTo(1, 12);
    let prev = -1;
    for (let x = 0; x <= 2; x += 0.05) {
      const y = interpolateMonotoneCubic(pts, x);
      expect(y).toBeGreaterThanOrEqual(prev);
      prev = y;
    }
  });
});
