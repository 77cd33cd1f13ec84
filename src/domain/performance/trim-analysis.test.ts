import { describe, expect, test } from "vitest";
import { analyseTrim, recommendTrim, type TrimSample, trimPenaltyPercent } from "./trim-analysis.js";

// Constructed fleet data: FC = 0.01·V³·(1 + 0.02·(trim − t_opt)²), t_opt = −0.4 m at 10.x m draught and
// +0.6 m at 7.x m draught (a quadratic penalty, normalised exactly by the cube law).
function samples(draught: number, optimum: number): TrimSample[] {
  const out: TrimSample[] = [];
  for (const trim of [-1.5, -1, -0.5, 0, 0.5, 1, 1.5]) {
    for (const v of [12.1, 12.5, 12.9]) {
      out.push({
        trimM: trim,
        meanDraughtM: draught,
        speedKn: v,
        fuelTonnesPerDay: 0.01 * v ** 3 * (1 + 0.02 * (trim - optimum) ** 2),
      });
    }
  }
  return out;
}
const bins = analyseTrim([...samples(10.2, -0.4), ...samples(7.3, 0.6)]);

describe("trim analysis: fuel penalty against trim per draught × speed bin", () => {
  test("bins by 0.5 m draught and 1 kn speed, one quadratic model each", () => {
    expect(bins.map((b) => [b.draughtFromM, b.speedFromKn, b.model.kind])).toEqual([
      [7, 12, "quadratic"],
      [10, 12, "quadratic"],
    ]);
  });

  test.each([
    ["loaded (10.2 m): optimum −0.4 m", 10.2, -0.4],
    ["ballast (7.3 m): optimum +0.6 m", 7.3, 0.6],
  ])("the constructed optimum is recovered, %s", (_n, draught, optimum) => {
    const r = recommendTrim(bins, { meanDraughtM: draught, speedKn: 12.5, currentTrimM: 1 })!;
    expect(r.optimumTrimM).toBeCloseTo(optimum, 8);
    const penalty = 0.02 * (1 - optimum) ** 2; // relative extra fuel at trim 1 m
    expect(r.expectedSavingPercent).toBeCloseTo((100 * penalty) / (1 + penalty), 8);
    expect(r.expectedSavingTonnesPerDay).toBeCloseTo(0.01 * 12.5 ** 3 * penalty, 8);
  });

  test("penalty is zero at the optimum and 2 % per m² away from it", () => {
    const loaded = bins.find((b) => b.draughtFromM === 10)!;
    expect(trimPenaltyPercent(loaded, -0.4)).toBeCloseTo(0, 8);
    expect(trimPenaltyPercent(loaded, 0.6)).toBeCloseTo(2, 8);
  });

  test("no bin for the condition → null (no guess)", () => {
    expect(recommendTrim(bins, { meanDraughtM: 14, speedKn: 12.5, currentTrimM: 0 })).toBeNull();
  });

  test("a concave (non-convex) bin falls back to the best observed trim, here the edge at 2 m", () => {
    const flat = [-1, 0, 1, 2].flatMap((t) =>
      [12.2, 12.4].map((v) => ({
        trimM: t,
        meanDraughtM: 9.1,
        speedKn: v,
        fuelTonnesPerDay: 0.01 * v ** 3 * (1 - 0.01 * t * t),
      })),
    );
    const [bin] = analyseTrim(flat);
    expect(bin!.model.kind).toBe("best-observed");
    expect(bin!.optimumTrimM).toBe(2);
  });

  test("a sample of weight w counts as w equal samples (pooled hours give the hourly answer)", () => {
    const hourly = samples(10.2, -0.4).flatMap((s, i) => Array.from({ length: 1 + (i % 4) }, () => s));
    const pooled = samples(10.2, -0.4).map((s, i) => ({ ...s, weight: 1 + (i % 4) }));
    const [a] = analyseTrim(hourly);
    const [b] = analyseTrim(pooled);
    expect(b!.optimumTrimM).toBeCloseTo(a!.optimumTrimM, 10);
    expect(b!.totalWeight).toBe(hourly.length);
    expect(b!.sampleCount).toBe(pooled.length);
    expect(b!.observed).toEqual(
      a!.observed.map((p) => ({ ...p, fuelTonnesPerDay: expect.closeTo(p.fuelTonnesPerDay, 10) })),
    );
  });

  test("observed trim classes: weighted mean trim and fuel per 0.1 m, ascending", () => {
    const [bin] = analyseTrim([
      { trimM: 0.52, meanDraughtM: 9.1, speedKn: 12.5, fuelTonnesPerDay: 30, weight: 3 },
      { trimM: 0.48, meanDraughtM: 9.1, speedKn: 12.5, fuelTonnesPerDay: 34, weight: 1 },
      { trimM: -0.2, meanDraughtM: 9.1, speedKn: 12.5, fuelTonnesPerDay: 31, weight: 4 },
    ]);
    expect(bin!.observed).toEqual([
      { trimM: -0.2, fuelTonnesPerDay: 31, weight: 4 },
      { trimM: expect.closeTo(0.51, 10), fuelTonnesPerDay: 31, weight: 4 },
    ]);
    // two trim classes: the fallback model, whose best is the lower-fuel class (a tie goes to the first)
    expect(bin!.model.kind).toBe("best-observed");
  });

  test("bins lighter than 6 in all are not analysed; a weight must be positive", () => {
    const light = samples(10.2, -0.4).slice(0, 5);
    expect(analyseTrim(light)).toEqual([]);
    expect(analyseTrim(light.map((s) => ({ ...s, weight: 2 })))).toHaveLength(1);
    expect(() => analyseTrim([{ ...light[0]!, weight: 0 }])).toThrow(/samples\[0\]\.weight/);
  });
});
