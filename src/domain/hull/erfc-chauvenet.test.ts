import { describe, expect, test } from "vitest";
import { chauvenetKeepMask, chauvenetKeepMaskAngles } from "./chauvenet.js";
import { erfc } from "./erfc.js";

// Known values: Abramowitz & Stegun Table 7.1 / any 15-digit erfc table.
describe("erfc (Numerical Recipes erfcc) agrees with tabulated values to 1.2e-7 relative", () => {
  test.each([
    [0, 1],
    [0.1, 0.887537083981715],
    [0.5, 0.479500122186953],
    [1, 0.157299207050285],
    [1.5, 0.033894853524689],
    [2, 0.004677734981047],
    [3, 2.20904969985854e-5],
    [-0.5, 1.520499877813047],
    [-1, 1.842700792949715],
    [-3, 1.999977909503001],
  ])("erfc(%f) = %f", (x, expected) => {
    expect(Math.abs(erfc(x) - expected) / expected).toBeLessThan(1.2e-7);
  });
});

// Criterion N·erfc(|x−μ|/(σ√2)) < 0.5: ISO 19030-2 via LAB021, reference-data.md §8 [C1].
describe("Chauvenet's criterion", () => {
  const normal = Array.from({ length: 60 }, (_, i) => 12 + 0.1 * Math.sin(i * 1.3));

  test("keeps every sample of well-behaved (bounded, deterministic) data", () => {
    expect(chauvenetKeepMask(normal).every(Boolean)).toBe(true);
  });

  test("rejects a planted outlier and keeps the rest", () => {
    const values = [...normal.slice(0, 30), 15, ...normal.slice(30)];
    const mask = chauvenetKeepMask(values);
    expect(mask[30]).toBe(false);
    expect(mask.filter((k) => !k)).toHaveLength(1);
  });

  test("a constant channel (σ = 0) and tiny blocks keep everything", () => {
    expect(chauvenetKeepMask([5, 5, 5, 5])).toEqual([true, true, true, true]);
    expect(chauvenetKeepMask([1, 100])).toEqual([true, true]);
  });

  test("angles use circular statistics: headings around north are not split at 0/360", () => {
    const headings = Array.from({ length: 40 }, (_, i) => (i % 2 ? 359 - (i % 3) : 1 + (i % 3)));
    expect(chauvenetKeepMaskAngles(headings).every(Boolean)).toBe(true);
    const mask = chauvenetKeepMaskAngles([...headings, 90]);
    expect(mask[40]).toBe(false);
    expect(mask.filter((k) => !k)).toHaveLength(1);
  });
});
