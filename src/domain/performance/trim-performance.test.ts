import { describe, expect, it } from "vitest";
import { seededUniform } from "./trim-evidence.js";
import { type TrimPerformanceSample, trimFromPerformance } from "./trim-performance.js";

const DAY = 86_400_000;
const T0 = Date.parse("2024-01-01T00:00:00Z");
/** Normal deviates from the seeded uniform generator (Box–Muller). */
function normal(random: () => number) {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Constructed service history: `n` voyages of 10 days, one every 12 days, each sailing one trim (uniform on
 * −1.5..+1.5 m) in two pools (its own condition: the same draught, speed 12 ± 0.5 kn). Performance value =
 * ln(1 + fouling) + ln(1 + 0.02·(trim − optimum)²) + noise, fouling growing 8 %/year from 1 % after each
 * cleaning in `cleanings` (so that the fouling, not the trim, is the largest difference between voyages).
 */
function history(n: number, opts: { optimum: number; cleanings: number[]; noiseSd: number; seed: number }) {
  const u = seededUniform(opts.seed);
  const z = normal(seededUniform(opts.seed + 1));
  const samples: TrimPerformanceSample[] = [];
  for (let k = 0; k < n; k++) {
    const trim = -1.5 + 3 * u();
    for (const half of [0, 1]) {
      const timeMs = T0 + k * 12 * DAY + (2.5 + 5 * half) * DAY;
      const last = [...opts.cleanings].filter((c) => c <= timeMs).at(-1) ?? T0 - 200 * DAY;
      const fouling = 0.01 + (0.08 * (timeMs - last)) / (365.25 * DAY);
      samples.push({
        voyageId: k + 1,
        trimM: Math.round((trim + 0.02 * half) * 1000) / 1000,
        meanDraughtM: 10 + 0.1 * half,
        speedKn: 12 + (half ? 0.5 : -0.5),
        performance:
          Math.log(1 + fouling) + Math.log(1 + 0.02 * (trim - opts.optimum) ** 2) + opts.noiseSd * z(),
        timeMs,
        weight: 120,
      });
    }
  }
  return samples;
}

const condition = { meanDraughtM: 10, speedKn: 12, currentTrimM: 1.2 };
const cleanings = [T0 + 250 * DAY, T0 + 500 * DAY];

describe("trimFromPerformance: trim on performance values, fouling trend per interval, voyages as the unit", () => {
  it("recovers the optimum and the saving of a fouling hull when the trend is taken out per interval", () => {
    const s = history(60, { optimum: -0.3, cleanings, noiseSd: 0.003, seed: 3 });
    const r = trimFromPerformance(s, condition, cleanings, seededUniform(7))!;
    expect(r.reason).toBeNull();
    expect(r.recommended).toBe(true);
    expect(r.voyageCount).toBe(60);
    expect(Math.abs(r.optimumTrimM - -0.3)).toBeLessThan(0.05);
    const trueSaving = 100 * (1 - 1 / (1 + 0.02 * (1.2 + 0.3) ** 2));
    expect(Math.abs(r.savingPercent - trueSaving)).toBeLessThan(0.1 * trueSaving);
    expect(r.optimumInterval!.lowM).toBeLessThanOrEqual(-0.3);
    expect(r.optimumInterval!.highM).toBeGreaterThanOrEqual(-0.3);
    expect(r.savingInterval!.lowPercent).toBeGreaterThan(0);
  });

  it("without the maintenance events the fouling passes for trim: the optimum moves (why the events matter)", () => {
    const s = history(60, { optimum: -0.3, cleanings, noiseSd: 0.003, seed: 3 });
    const withEvents = trimFromPerformance(s, condition, cleanings, seededUniform(7))!;
    const without = trimFromPerformance(s, condition, [], seededUniform(7))!;
    expect(Math.abs(without.optimumTrimM - -0.3)).toBeGreaterThan(
      3 * Math.abs(withEvents.optimumTrimM - -0.3),
    );
  });

  it("the same data and seed give the same interval", () => {
    const s = history(40, { optimum: 0.4, cleanings, noiseSd: 0.01, seed: 5 });
    const a = trimFromPerformance(s, condition, cleanings, seededUniform(9));
    const b = trimFromPerformance(s, condition, cleanings, seededUniform(9));
    expect(a).toEqual(b);
  });

  it("noise larger than the trim effect: no recommendation, and the reason says why", () => {
    const s = history(20, { optimum: 0.4, cleanings, noiseSd: 0.05, seed: 11 });
    const r = trimFromPerformance(s, condition, cleanings, seededUniform(9))!;
    expect(r.recommended).toBe(false);
    expect(r.reason).toEqual(expect.any(String));
  });

  it("voyages are counted beyond each interval's level and trend", () => {
    // 8 voyages within one interval: 5 + 2 needed → enough; spread over two intervals: 5 + 4 needed → not
    const one = history(8, { optimum: 0, cleanings: [], noiseSd: 0.001, seed: 2 });
    expect(trimFromPerformance(one, condition, [], seededUniform(1))!.reason ?? "").not.toMatch(/^only/);
    const split = trimFromPerformance(one, condition, [T0 + 50 * DAY], seededUniform(1))!;
    expect(split.recommended).toBe(false);
    expect(split.reason).toMatch(/^only 8 voyages .*at least 9 needed/);
  });

  it("only voyages near the condition count; none near gives null", () => {
    const s = history(30, { optimum: 0, cleanings: [], noiseSd: 0.001, seed: 2 });
    expect(trimFromPerformance(s, { ...condition, meanDraughtM: 14 }, [], seededUniform(1))).toBeNull();
    expect(trimFromPerformance(s, { ...condition, speedKn: 16 }, [], seededUniform(1))).toBeNull();
  });
});

describe("trimFromPerformance: the ship's other conditions inform the hull's state", () => {
  /** Voyages at another draught (14 m) with their own offset, sharing the fouling history, no trim effect. */
  function otherCondition(n: number, opts: { cleanings: number[]; seed: number }) {
    const u = seededUniform(opts.seed);
    return Array.from({ length: n }, (_, k): TrimPerformanceSample => {
      const timeMs = T0 + k * 12 * DAY + 6 * DAY;
      const last = [...opts.cleanings].filter((c) => c <= timeMs).at(-1) ?? T0 - 200 * DAY;
      return {
        voyageId: 1000 + k,
        trimM: -1 + 2 * u(),
        meanDraughtM: 14,
        speedKn: 12,
        performance: 0.07 + Math.log(1 + 0.01 + (0.08 * (timeMs - last)) / (365.25 * DAY)),
        timeMs,
        weight: 240,
      };
    });
  }

  it("few voyages near the condition across many intervals: the others carry the levels and trends", () => {
    // 9 near voyages over 3 intervals: 5 + 6 needed from them alone; with 60 others, the trim terms need 7
    const events = [T0 + 40 * DAY, T0 + 80 * DAY, ...cleanings];
    const near = history(60, { optimum: -0.3, cleanings: events, noiseSd: 0.001, seed: 3 }).filter(
      (s) => s.voyageId % 7 === 0,
    );
    const alone = trimFromPerformance(near, condition, events, seededUniform(7))!;
    expect(alone.recommended).toBe(false);
    expect(alone.reason).toMatch(/^only \d+ voyages .*at least \d+ needed/);
    const all = [...near, ...otherCondition(60, { cleanings: events, seed: 4 })];
    const r = trimFromPerformance(all, condition, events, seededUniform(7))!;
    expect(r.voyageCount).toBe(new Set(near.map((s) => s.voyageId)).size);
    expect(Math.abs(r.optimumTrimM - -0.3)).toBeLessThan(0.05);
    expect(r.reason).toBeNull();
  });

  it("an optimum at the edge of the trims sailed is not recommended: the fit extrapolates there", () => {
    // the true optimum (−2 m) lies beyond every trim sailed (−1.5..+1.5 m): the vertex sits at the edge
    const s = history(60, { optimum: -2, cleanings, noiseSd: 0.001, seed: 3 });
    const r = trimFromPerformance(s, { ...condition, currentTrimM: 0 }, cleanings, seededUniform(7))!;
    expect(r.recommended).toBe(false);
    expect(r.reason).toMatch(/not bracketed by the trims sailed/);
  });
});

describe("trimFromPerformance's fit (intervals eliminated by their Schur complements)", () => {
  it("exact data: levels, trends and the trim parabola are separated exactly", () => {
    // performance = level_k + slope_k·τ + 0.03·(trim − 0.25)², three intervals with their own level and trend
    const events = [T0 + 100 * DAY, T0 + 200 * DAY];
    const samples: TrimPerformanceSample[] = [];
    for (let k = 0; k < 30; k++) {
      const timeMs = T0 + 5 * DAY + k * 10 * DAY;
      const interval = events.filter((e) => e <= timeMs).length;
      const since = (timeMs - (interval === 0 ? T0 + 5 * DAY : events[interval - 1]!)) / (365.25 * DAY);
      const trim = -1 + ((k * 7) % 11) * 0.2;
      samples.push({
        voyageId: k,
        trimM: trim,
        meanDraughtM: 10,
        speedKn: 12,
        performance:
          [0.1, 0.02, 0.05][interval]! + [0.3, 0.1, -0.2][interval]! * since + 0.03 * (trim - 0.25) ** 2,
        timeMs,
        weight: 24 + k,
      });
    }
    const r = trimFromPerformance(
      samples,
      { meanDraughtM: 10, speedKn: 12, currentTrimM: 1 },
      events,
      seededUniform(1),
    )!;
    expect(r.optimumTrimM).toBeCloseTo(0.25, 9);
    expect(r.curvaturePerM2).toBeCloseTo(0.03, 9);
    expect(r.savingPercent).toBeCloseTo(100 * (1 - Math.exp(-0.03 * 0.75 ** 2)), 9);
    expect(r.recommended).toBe(true);
  });
});
