import { describe, expect, it } from "vitest";
import { analyseTrim, modelFuel, type TrimSample } from "./trim-analysis";
import {
  plausibleTrimPenalty,
  seededUniform,
  TRIM_EVIDENCE,
  trimOptimumSupport,
  trimSavingWithInterval,
  type VoyageTrimSample,
} from "./trim-evidence";

/**
 * Voyages of 48 h each at one trim (as a crew sails), draught 10.2 m, 12.5 kn. True fuel
 * 30·(1 + 0.02·(trim − 0.5)²) t/day (optimum 0.5 m), times a per-voyage factor (1 + e) for the voyage's
 * weather and hull state.
 */
function voyages(trims: number[], voyageError: (i: number) => number): VoyageTrimSample[] {
  return trims.flatMap((trim, i) =>
    [12.3, 12.7].map((speedKn) => ({
      voyageId: i + 1,
      trimM: trim,
      meanDraughtM: 10.2,
      speedKn,
      fuelTonnesPerDay: 30 * (speedKn / 12.5) ** 3 * (1 + 0.02 * (trim - 0.5) ** 2) * (1 + voyageError(i)),
      weight: 24,
    })),
  );
}
const TRIMS = [-1, -0.5, 0, 0.5, 1, 1.5, 2, -0.8];
const condition = { meanDraughtM: 10.2, speedKn: 12.5, currentTrimM: -1 };
const truthPercent = (from: number, to: number) => {
  const f = (t: number) => 1 + 0.02 * (t - 0.5) ** 2;
  return (100 * (f(from) - f(to))) / f(from);
};

describe("trimSavingWithInterval: the saving of the optimum with an interval over voyages", () => {
  it("clean voyages: recommends the true optimum, and the interval excludes zero", () => {
    const e = trimSavingWithInterval(
      voyages(TRIMS, () => 0),
      condition,
      seededUniform(1),
    )!;
    expect(e.voyageCount).toBe(8);
    expect(e.method).toBe("quadratic");
    expect(e.optimumTrimM).toBeCloseTo(0.5, 6);
    expect(e.savingPercent).toBeCloseTo(truthPercent(-1, 0.5), 6);
    expect(e.interval!.lowPercent).toBeGreaterThan(0);
    expect(e.recommended).toBe(true);
    expect(e.reason).toBeNull();
  });

  it("voyages scattered by ±10 % of weather and hull: no recommendation, and the screen is told why", () => {
    // a fixed, unlucky pattern: the voyages far from the optimum happened to meet fair weather
    const errors = [-0.1, 0.08, 0.1, 0.09, -0.05, 0.02, -0.09, 0.06];
    const e = trimSavingWithInterval(
      voyages(TRIMS, (i) => errors[i]!),
      condition,
      seededUniform(1),
    )!;
    expect(e.recommended).toBe(false);
    expect(e.reason).toMatch(/not distinguishable from zero|already the optimum|exceeds/);
    if (e.interval) expect(e.interval.lowPercent).toBeLessThanOrEqual(0);
  });

  it(`fewer than ${TRIM_EVIDENCE.minVoyages} voyages: no recommendation, whatever the fit says`, () => {
    const e = trimSavingWithInterval(
      voyages([-1, 0.5, 2], () => 0),
      condition,
      seededUniform(1),
    )!;
    expect(e.voyageCount).toBe(3);
    expect(e.recommended).toBe(false);
    expect(e.reason).toBe(
      `only 3 voyages sailed this draught and speed (at least ${TRIM_EVIDENCE.minVoyages} needed)`,
    );
  });

  it("a difference beyond what trim can cause is not a saving", () => {
    // voyage 1 at −1 m burnt 40 % more (a storm), the others are clean
    const e = trimSavingWithInterval(
      voyages(TRIMS, (i) => (i === 0 ? 0.4 : 0)),
      condition,
      seededUniform(1),
    )!;
    expect(e.savingPercent).toBeGreaterThan(TRIM_EVIDENCE.penaltyCapPercent);
    expect(e.recommended).toBe(false);
    expect(e.reason).toMatch(/exceeds what trim can cause/);
  });

  it("the same seed gives the same interval; no sample in the condition's bin gives null", () => {
    const s = voyages(TRIMS, (i) => 0.03 * Math.sin(i));
    const a = trimSavingWithInterval(s, condition, seededUniform(7))!;
    const b = trimSavingWithInterval(s, condition, seededUniform(7))!;
    expect(a.interval).toEqual(b.interval);
    expect(trimSavingWithInterval(s, { ...condition, speedKn: 15.5 }, seededUniform(7))).toBeNull();
  });
});

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

/**
 * The bootstrap as it was before it summed per-voyage statistics: each resample concatenates the drawn
 * voyages' samples and refits the bin with analyseTrim. The reference the fast path must equal.
 */
function refitInterval(
  samples: readonly VoyageTrimSample[],
  currentTrimM: number,
  optimum: number,
  random: () => number,
  speedExponent?: number,
) {
  const byVoyage = new Map<number, VoyageTrimSample[]>();
  for (const s of samples) byVoyage.set(s.voyageId, [...(byVoyage.get(s.voyageId) ?? []), s]);
  const voyageList = [...byVoyage.values()];
  const savings: number[] = [];
  for (let b = 0; b < TRIM_EVIDENCE.bootstrapResamples; b++) {
    const resample: TrimSample[] = [];
    for (let k = 0; k < voyageList.length; k++)
      resample.push(
        ...voyageList[Math.min(voyageList.length - 1, Math.floor(random() * voyageList.length))]!,
      );
    const rb = analyseTrim(resample, { minWeightPerBin: 0, ...(speedExponent ? { speedExponent } : {}) })[0]!;
    const clamp = (x: number) => Math.min(rb.observedTrimRangeM.max, Math.max(rb.observedTrimRangeM.min, x));
    const current = modelFuel(rb.model, clamp(currentTrimM));
    savings.push((100 * (current - modelFuel(rb.model, clamp(optimum)))) / current);
  }
  savings.sort((a, b) => a - b);
  const q = (p: number) => {
    const h = (savings.length - 1) * p;
    const lo = Math.floor(h);
    return savings[lo]! + (h - lo) * (savings[Math.ceil(h)]! - savings[lo]!);
  };
  const tail = (1 - TRIM_EVIDENCE.confidence) / 2;
  return { lowPercent: q(tail), highPercent: q(1 - tail) };
}

/**
 * Realistic service voyages in one bin: each voyage sails a few trims, at speeds across the bin, with
 * hour weights, a voyage factor (weather, fouling) and an hourly scatter, from a fixed seed.
 */
function serviceVoyages(count: number, seed: number, trimsOf: (i: number) => number[]): VoyageTrimSample[] {
  const r = seededUniform(seed);
  return Array.from({ length: count }, (_, i) => {
    const factor = 1 + 0.04 * (r() - 0.5);
    return trimsOf(i).flatMap((trim) =>
      Array.from({ length: 6 }, () => {
        const speedKn = 12 + 0.999 * r();
        return {
          voyageId: 100 + i,
          trimM: trim,
          meanDraughtM: 10 + 0.49 * r(),
          speedKn,
          fuelTonnesPerDay:
            30 * (speedKn / 12.5) ** 3 * (1 + 0.02 * (trim - 0.5) ** 2) * factor * (1 + 0.01 * (r() - 0.5)),
          weight: 1 + Math.floor(12 * r()),
        };
      }),
    );
  }).flat();
}

describe("trimSavingWithInterval's bootstrap from per-voyage sums equals a refit per resample", () => {
  const cases: [string, VoyageTrimSample[], number, number | undefined][] = [
    ["clean voyages", voyages(TRIMS, () => 0), 1, undefined],
    ["voyages scattered", voyages(TRIMS, (i) => 0.03 * Math.sin(i)), 7, undefined],
    [
      "60 service voyages, several trims each, fitted exponent",
      serviceVoyages(60, 3, (i) => [-1 + (i % 7) * 0.45, -0.6 + (i % 5) * 0.3]),
      11,
      3.2,
    ],
    // voyages at one of two trims only: resamples with fewer than 3 distinct trims fall back to best-observed
    ["few distinct trims", serviceVoyages(6, 5, (i) => [[-1, -1, 0.5, 0.5, 0.45, 1][i]!]), 2, undefined],
  ];
  for (const [name, samples, seed, speedExponent] of cases)
    it(`${name}: the same interval to 1e-9`, () => {
      const cond = { meanDraughtM: 10.2, speedKn: 12.5, currentTrimM: -1 };
      const options = speedExponent ? { speedExponent } : {};
      const e = trimSavingWithInterval(samples, cond, seededUniform(seed), options)!;
      expect(e.interval).not.toBeNull();
      const ref = refitInterval(
        samples,
        cond.currentTrimM,
        e.optimumTrimM,
        seededUniform(seed),
        speedExponent,
      );
      expect(Math.abs(e.interval!.lowPercent - ref.lowPercent)).toBeLessThan(1e-9);
      expect(Math.abs(e.interval!.highPercent - ref.highPercent)).toBeLessThan(1e-9);
    });
});
