import { describe, expect, it } from "vitest";
import { analyseTrim } from "./trim-analysis";
import {
  plausibleTrimPenalty,
  quantile,
  seededUniform,
  TRIM_EVIDENCE,
  trimCurve,
  trimOptimumSupport,
} from "./trim-evidence";

describe("trimOptimumSupport and plausibleTrimPenalty", () => {
  it("a best-observed optimum on a few hours is not supported", () => {
    // two trims, so the bin falls back to the best trim sailed; the better one was sailed 4 h
    const samples = [
      { trimM: 0, meanDraughtM: 10.2, speedKn: 12.5, fuelTonnesPerDay: 30, weight: 4 },
      { trimM: 1, meanDraughtM: 10.2, speedKn: 12.5, fuelTonnesPerDay: 31, weight: 200 },
    ];
    const [bin] = analyseTrim(samples);
    expect(bin!.model.kind).toBe("best-observed");
    // the optimum is the heavy class: the 4 h class cannot be picked
    expect(bin!.optimumTrimM).toBe(1);
    const thin = analyseTrim([
      { ...samples[0]!, weight: 4 },
      { ...samples[1]!, weight: 5 },
    ])[0]!;
    expect(trimOptimumSupport(thin, 6)).toEqual({
      supported: false,
      reason: `only 9 h at sea in this draught and speed (at least ${TRIM_EVIDENCE.minHours} h needed)`,
    });
    expect(trimOptimumSupport({ ...thin, totalWeight: 100 }, 6).reason).toMatch(/rests on 4 h/);
    expect(trimOptimumSupport(bin!, 6)).toEqual({ supported: true, reason: null });
  });

  it(`penalties beyond ${TRIM_EVIDENCE.penaltyCapPercent} % are not trim's`, () => {
    expect(plausibleTrimPenalty(14.9)).toBe(true);
    expect(plausibleTrimPenalty(153)).toBe(false);
  });
});

describe("trimCurve: a bin's curve only where its optimum is supported", () => {
  const points = [
    { trimM: -1, penaltyPercent: 4 },
    { trimM: 0, penaltyPercent: 0 },
    { trimM: 1, penaltyPercent: 20 },
  ];
  it("an unsupported bin has no curve, and the reason is the support's", () => {
    const reason = "only 3 voyages sailed this draught and speed (at least 5 needed)";
    expect(trimCurve({ supported: false, reason }, points)).toEqual({ points: [], reason });
  });
  it("a supported bin draws the points within the physical cap", () => {
    expect(trimCurve({ supported: true, reason: null }, points)).toEqual({
      points: points.slice(0, 2),
      reason: null,
    });
  });
  it("fewer than two plausible points draw no line, and say why", () => {
    const got = trimCurve({ supported: true, reason: null }, [points[1]!, points[2]!]);
    expect(got.points).toEqual([]);
    expect(got.reason).toMatch(/exceed the 15 %/);
  });
});

describe("quantile and seededUniform (the bootstrap's percentiles and draws)", () => {
  it("reads between order statistics linearly", () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.025)).toBeCloseTo(0.25, 12);
    expect(quantile([0, 10], 0.975)).toBeCloseTo(9.75, 12);
  });
  it("the same seed draws the same numbers in [0, 1)", () => {
    const a = seededUniform(7);
    const b = seededUniform(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Math.abs(xs.reduce((p, q) => p + q, 0) / xs.length - 0.5)).toBeLessThan(0.05);
  });
});
