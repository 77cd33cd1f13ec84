/**
 * Trim analysis on performance values (issue 14 item 6, decision 033): each voyage's
 * sailing conditions are read as their measured fuel (or power) relative to the ship's speed–power reference
 * at their speed and displacement (ISO 19030-2's excess-power form), and the trim effect is fitted jointly
 * with a level and a fouling trend per interval between hull maintenance events, so that the hull's state
 * and the loading no longer pass for a trim effect. Voyages are the unit: the interval is a bootstrap over
 * whole voyages. Pure functions, no I/O.
 */
import { JULIAN_YEAR_MS } from "../time/units.js";
import { requireFinite, requirePositive } from "./guards.js";
import { plausibleTrimPenalty, quantile, TRIM_EVIDENCE } from "./trim-evidence.js";

/**
 * One pooled sailing condition of one voyage. `performance` is ln(measured / reference): the measured fuel
 * rate (or delivered power) over the ship's reference power at the condition's speed and displacement
 * (`referencePowerKw`), any constant factor (an SFOC, the reference's scale) being absorbed by the levels.
 */
export type TrimPerformanceSample = {
  voyageId: number;
  trimM: number;
  meanDraughtM: number;
  speedKn: number;
  performance: number;
  /** Mean instant of the condition's hours, ms since 1970. */
  timeMs: number;
  /** Hours at sea (a frequency weight). */
  weight: number;
};

/**
 * The neighbourhood of the current condition whose voyages are pooled (Sextant choice [MEM], decision
 * 033): ±1 m of mean draught and ±3 kn of speed. The 0.5 m × 1 kn bins rarely hold 5 voyages in
 * years of service; within the neighbourhood the optimum moves by a few tenths of a metre on the simulated
 * fleet. Chosen on the simulator (seed 11, 3 years of noon reports, weather off, fouling, drift, noise and
 * crew trim error on; ~35 conditions with ≥ 5 voyages): median optimum error 0.16 m (80 % within 0.25 m)
 * against 0.28 m for ±1 m × ±1.5 kn and 0.20 m for ±0.5 m × ±1 kn; trim × draught and trim × speed terms
 * made it worse (0.68 against 0.35 m with weather on).
 */
export const TRIM_PERFORMANCE = {
  draughtHalfWidthM: 1,
  speedHalfWidthKn: 3,
  /**
   * An optimum and both ends of its interval must lie this far inside the trims sailed (decision 034 [MEM]):
   * on the simulator (seed 29, 8 years, weather taken out) the only recommendations with a true effect
   * below zero had their optimum at the edge of the trims sailed.
   */
  interiorMarginM: 0.1,
} as const;

/** The reference power of a speed and displacement: P = k·Δ^(2/3)·Vⁿ (admiralty, reference-data.md §11 [C1]). */
export function admiraltyReferenceLog(speedKn: number, displacementT: number, speedExponent: number): number {
  return (
    (2 / 3) * Math.log(requirePositive("displacementT", displacementT)) + speedExponent * Math.log(speedKn)
  );
}

/**
 * What one voyage adds to the normal equations, per maintenance interval it sailed in: the weighted sums of
 * z·zᵀ (upper triangle, 15 values) and z·y (5 values) with z = (1, τ, n·u², n·u, 1 − n): the interval's level
 * and its fouling trend (τ years from the interval's start), the trim terms of the samples near the
 * condition (n = 1, u = trim − centre), and the offset of the ship's other conditions (n = 0), which inform
 * the levels and trends only. `min`/`max` are the trims sailed near the condition (±∞ when none).
 */
type VoyageSums = {
  parts: { interval: number; sums: Float64Array }[];
  min: number;
  max: number;
  near: boolean;
};
const NZ = 5;
/** Index of z_i·z_j (i ≤ j) in a voyage's sums; z_i·y follow at ZY + i. */
const zz = (i: number, j: number): number => (i <= j ? i * NZ - (i * (i - 1)) / 2 + (j - i) : zz(j, i));
const ZY = 15;
const SUMS = 20;

function voyageSums(
  samples: readonly (TrimPerformanceSample & { near: boolean })[],
  intervalOf: (ms: number) => number,
  intervalStart: (k: number) => number,
  centre: number,
): VoyageSums {
  const byInterval = new Map<number, Float64Array>();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let near = false;
  for (const s of samples) {
    const k = intervalOf(s.timeMs);
    const sums = byInterval.get(k) ?? new Float64Array(SUMS);
    byInterval.set(k, sums);
    const u = s.trimM - centre;
    const n = s.near ? 1 : 0;
    const z = [1, (s.timeMs - intervalStart(k)) / JULIAN_YEAR_MS, n * u * u, n * u, 1 - n];
    for (let i = 0; i < NZ; i++) {
      sums[ZY + i]! += s.weight * z[i]! * s.performance;
      for (let j = i; j < NZ; j++) sums[zz(i, j)]! += s.weight * z[i]! * z[j]!;
    }
    if (s.near) {
      near = true;
      min = Math.min(min, s.trimM);
      max = Math.max(max, s.trimM);
    }
  }
  return { parts: [...byInterval].map(([interval, sums]) => ({ interval, sums })), min, max, near };
}

/** The trim terms of a fit: performance(u) = A·u² + B·u + the interval's level and trend. */
type TrimFit = { A: number; B: number; min: number; max: number };

/** Solves the symmetric system M·x = r by Gaussian elimination with partial pivoting; null when singular. */
function solve(M: number[][], r: number[]): number[] | null {
  const n = r.length;
  const a = M.map((row, i) => [...row, r[i]!]);
  const scale = Math.max(...M.map((row, i) => Math.abs(row[i]!)), 0);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(a[i]![c]!) > Math.abs(a[p]![c]!)) p = i;
    if (!(Math.abs(a[p]![c]!) > 1e-12 * scale)) return null;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let i = c + 1; i < n; i++) {
      const f = a[i]![c]! / a[c]![c]!;
      for (let j = c; j <= n; j++) a[i]![j]! -= f * a[c]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let v = a[i]![n]!;
    for (let j = i + 1; j < n; j++) v -= a[i]![j]! * x[j]!;
    x[i] = v / a[i]![i]!;
  }
  return x;
}

/**
 * Weighted least squares of the model from the voyages' sums, voyage k counted `counts[k]` times (all once
 * when null). The normal equations are block-diagonal in the intervals' (level, trend) pairs, coupled only
 * through the three global terms (A, B, the other conditions' offset), so each interval is eliminated by its
 * 2 × 2 Schur complement and the global terms solve a 3 × 3 system (2 × 2 when no other condition was
 * sailed): O(voyages + intervals) per fit. An interval whose trend cannot be told (its voyages at one
 * instant) keeps its level only.
 */
function fitOf(groups: readonly VoyageSums[], counts: readonly number[] | null, intervals: number): TrimFit {
  const acc = new Float64Array(SUMS * intervals);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let g = 0; g < groups.length; g++) {
    const c = counts ? counts[g]! : 1;
    if (c === 0) continue;
    const v = groups[g]!;
    for (const { interval, sums } of v.parts)
      for (let e = 0; e < SUMS; e++) acc[SUMS * interval + e]! += c * sums[e]!;
    if (v.min < min) min = v.min;
    if (v.max > max) max = v.max;
  }
  // M θ = r for θ = (A, B, offset): Σ over intervals of T − Cᵀ D⁻¹ C and t − Cᵀ D⁻¹ d
  const M = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const r = [0, 0, 0];
  // scalars and two reused rows, not arrays per interval: the bootstrap refits 500 times over every
  // maintenance interval, and the small arrays' garbage cost more than the arithmetic
  const e0 = [0, 0, 0];
  const e1 = [0, 0, 0];
  for (let k = 0; k < intervals; k++) {
    const o = SUMS * k;
    const d00 = acc[o + zz(0, 0)]!;
    if (!(d00 > 0)) continue;
    const d01 = acc[o + zz(0, 1)]!;
    const d11 = acc[o + zz(1, 1)]!;
    const det = d00 * d11 - d01 * d01;
    // D⁻¹ (level only when the trend is not identified)
    const trend = det > 1e-9 * d00 * d11;
    const i00 = trend ? d11 / det : 1 / d00;
    const i01 = trend ? -d01 / det : 0;
    const i10 = trend ? -d01 / det : 0;
    const i11 = trend ? d00 / det : 0;
    // E = D⁻¹·C (C: rows level, trend × the global columns) and f = D⁻¹·d
    for (let g = 0; g < 3; g++) {
      const c0 = acc[o + zz(0, 2 + g)]!;
      const c1 = acc[o + zz(1, 2 + g)]!;
      e0[g] = i00 * c0 + i01 * c1;
      e1[g] = i10 * c0 + i11 * c1;
    }
    const f0 = i00 * acc[o + ZY]! + i01 * acc[o + ZY + 1]!;
    const f1 = i10 * acc[o + ZY]! + i11 * acc[o + ZY + 1]!;
    for (let i = 0; i < 3; i++) {
      const c0 = acc[o + zz(0, 2 + i)]!;
      const c1 = acc[o + zz(1, 2 + i)]!;
      r[i]! += acc[o + ZY + 2 + i]! - (c0 * f0 + c1 * f1);
      for (let j = 0; j < 3; j++) M[i]![j]! += acc[o + zz(2 + i, 2 + j)]! - (c0 * e0[j]! + c1 * e1[j]!);
    }
  }
  // no other condition sailed: the offset has no column
  const x = M[2]![2]! > 0 ? solve(M, r) : solve([M[0]!.slice(0, 2), M[1]!.slice(0, 2)], r.slice(0, 2));
  if (!x?.every(Number.isFinite)) return { A: 0, B: 0, min, max };
  return { A: x[0]!, B: x[1]!, min, max };
}

/** The trim of least performance value within the trims sailed [min, max] (the parabola's vertex if convex). */
function optimumOf(f: TrimFit, centre: number): number {
  const value = (t: number) => f.A * (t - centre) ** 2 + f.B * (t - centre);
  const vertex = f.A > 0 ? centre - f.B / (2 * f.A) : Number.NaN;
  if (Number.isFinite(vertex)) return Math.min(f.max, Math.max(f.min, vertex));
  return value(f.min) <= value(f.max) ? f.min : f.max;
}

/** Saving, % of the fuel at `fromM`, of moving to `toM` under the fit (performance is a log ratio). */
function savingPercent(f: TrimFit, centre: number, fromM: number, toM: number): number {
  const clamp = (t: number) => Math.min(f.max, Math.max(f.min, t)) - centre;
  const u0 = clamp(fromM);
  const u1 = clamp(toM);
  const drop = f.A * (u0 * u0 - u1 * u1) + f.B * (u0 - u1);
  return 100 * (1 - Math.exp(-drop));
}

export type TrimPerformanceEstimate = {
  optimumTrimM: number;
  /** Percentile bootstrap interval of the optimum over voyages; null when no bootstrap ran. */
  optimumInterval: { lowM: number; highM: number } | null;
  /** % of the fuel at the current trim. */
  savingPercent: number;
  savingInterval: { lowPercent: number; highPercent: number } | null;
  /** Fitted curvature of the performance value, per m² (ln units ≈ fraction of fuel). */
  curvaturePerM2: number;
  voyageCount: number;
  hoursAtSea: number;
  trimRangeM: { min: number; max: number };
  recommended: boolean;
  reason: string | null;
};

/**
 * The optimum trim at the current condition and the saving of moving there, from performance values
 * (TrimPerformanceSample) of the voyages that sailed within TRIM_PERFORMANCE of the condition. Model
 * (weighted least squares, each sample weighted by its hours):
 *   performance = α_k + β_k·t  (interval k between maintenance events; t years since its start: the fouling
 *                               trend, which ISO 19030-2 §5 reads per interval between events)
 *               + A·u² + B·u     (u = trim − the neighbourhood's mean trim)
 * so the optimum is the vertex −B/(2A), kept within the trims sailed. The weather is not modelled: it is
 * the residual that the bootstrap over voyages measures (decision 033). The interval is a
 * percentile bootstrap over whole voyages (Efron & Tibshirani 1993, ch. 13; TRIM_EVIDENCE resamples and
 * confidence), each resample refitted from per-voyage normal-equation sums. Recommended only with
 * TRIM_EVIDENCE.minVoyages voyages beyond the two the level and trend of each interval sailed take, its hours, a convex fit, a positive saving within the physical cap whose interval's
 * lower end is above zero. `maintenanceMs` are the ship's hull maintenance events (cleaning, polishing,
 * dry-docking), ascending. Returns null when no sample lies in the neighbourhood.
 */
export function trimFromPerformance(
  samples: readonly TrimPerformanceSample[],
  condition: { meanDraughtM: number; speedKn: number; currentTrimM: number },
  maintenanceMs: readonly number[],
  random: () => number,
): TrimPerformanceEstimate | null {
  const d0 = requirePositive("meanDraughtM", condition.meanDraughtM);
  const v0 = requirePositive("speedKn", condition.speedKn);
  const t0 = requireFinite("currentTrimM", condition.currentTrimM);
  const usable = samples.filter((s) => s.weight > 0 && Number.isFinite(s.performance));
  const isNear = (s: TrimPerformanceSample) =>
    Math.abs(s.meanDraughtM - d0) <= TRIM_PERFORMANCE.draughtHalfWidthM &&
    Math.abs(s.speedKn - v0) <= TRIM_PERFORMANCE.speedHalfWidthKn;
  const tagged = usable.map((s) => ({ ...s, near: isNear(s) }));
  const near = tagged.filter((s) => s.near);
  if (near.length === 0) return null;
  const events = [...maintenanceMs].sort((a, b) => a - b);
  const intervalOf = (ms: number) => {
    let k = 0;
    while (k < events.length && events[k]! <= ms) k++;
    return k;
  };
  const earliest = Math.min(...tagged.map((s) => s.timeMs));
  const intervalStart = (k: number) => (k === 0 ? earliest : events[k - 1]!);
  let sw = 0;
  let swt = 0;
  for (const s of near) {
    sw += s.weight;
    swt += s.weight * s.trimM;
  }
  const centre = swt / sw;

  const byVoyage = new Map<number, (typeof tagged)[number][]>();
  for (const s of tagged) byVoyage.set(s.voyageId, [...(byVoyage.get(s.voyageId) ?? []), s]);
  const groups = [...byVoyage.values()].map((vs) => voyageSums(vs, intervalOf, intervalStart, centre));
  const nearVoyages = groups.filter((g) => g.near).length;
  const intervals = events.length + 1;
  const fit = fitOf(groups, null, intervals);
  const optimum = optimumOf(fit, centre);
  const saving = savingPercent(fit, centre, t0, optimum);
  const base = {
    optimumTrimM: optimum,
    savingPercent: saving,
    curvaturePerM2: fit.A,
    voyageCount: nearVoyages,
    hoursAtSea: sw,
    trimRangeM: { min: fit.min, max: fit.max },
  };
  let reason: string | null = null;
  // the trim terms rest on the voyages near the condition; each interval sailed takes a level and a trend
  // out of all the ship's voyages (every condition informs the hull's state), the other conditions an offset
  const intervalsSailed = new Set(tagged.map((s) => intervalOf(s.timeMs))).size;
  const neededNear = TRIM_EVIDENCE.minVoyages + 2;
  const others = groups.length > nearVoyages || tagged.some((s) => !s.near);
  const neededAll = TRIM_EVIDENCE.minVoyages + 2 * intervalsSailed + (others ? 1 : 0);
  if (nearVoyages < neededNear)
    reason = `only ${nearVoyages} voyage${nearVoyages === 1 ? "" : "s"} sailed near this draught and speed (at least ${neededNear} needed: ${TRIM_EVIDENCE.minVoyages} beyond the two trim terms)`;
  else if (groups.length < neededAll)
    reason = `only ${groups.length} voyages in all (at least ${neededAll} needed: ${TRIM_EVIDENCE.minVoyages} beyond a level and a fouling trend for ${intervalsSailed === 1 ? "the period" : `each of the ${intervalsSailed} periods`} between maintenance events${others ? ", and an offset for the other conditions" : ""})`;
  else if (sw < TRIM_EVIDENCE.minHours)
    reason = `only ${Math.round(sw)} h at sea near this draught and speed (at least ${TRIM_EVIDENCE.minHours} h needed)`;
  else if (!(fit.A > 0))
    reason =
      "with loading and hull fouling taken out, fuel does not rise on either side of the trims sailed (the weather between voyages hides any trim effect): no optimum can be read";
  else if (!(saving > 0)) reason = "the current trim is already the optimum found";
  else if (!plausibleTrimPenalty(saving))
    reason = `the difference between trims (${saving.toFixed(1)} %) exceeds what trim can cause (${TRIM_EVIDENCE.penaltyCapPercent} %)`;
  if (reason !== null)
    return { ...base, optimumInterval: null, savingInterval: null, recommended: false, reason };
  const counts = new Array<number>(groups.length);
  const savings: number[] = [];
  const optima: number[] = [];
  for (let b = 0; b < TRIM_EVIDENCE.bootstrapResamples; b++) {
    counts.fill(0);
    for (let k = 0; k < groups.length; k++)
      counts[Math.min(groups.length - 1, Math.floor(random() * groups.length))]! += 1;
    const f = fitOf(groups, counts, intervals);
    // a resample without a voyage near the condition tells no trim effect: zero saving (conservative)
    if (!Number.isFinite(f.min)) {
      savings.push(0);
      continue;
    }
    savings.push(savingPercent(f, centre, t0, optimum));
    optima.push(optimumOf(f, centre));
  }
  savings.sort((a, b) => a - b);
  optima.sort((a, b) => a - b);
  const tail = (1 - TRIM_EVIDENCE.confidence) / 2;
  const savingInterval = { lowPercent: quantile(savings, tail), highPercent: quantile(savings, 1 - tail) };
  const optimumInterval = { lowM: quantile(optima, tail), highM: quantile(optima, 1 - tail) };
  const inside = (t: number) =>
    t > fit.min + TRIM_PERFORMANCE.interiorMarginM && t < fit.max - TRIM_PERFORMANCE.interiorMarginM;
  if (!(savingInterval.lowPercent > 0))
    reason = `the saving is not distinguishable from zero between voyages (${Math.round(100 * TRIM_EVIDENCE.confidence)} % interval ${savingInterval.lowPercent.toFixed(1)} to ${savingInterval.highPercent.toFixed(1)} %)`;
  // An optimum at (or whose interval reaches) the edge of the trims sailed is the fit's extrapolation, not a
  // minimum the voyages bracket: on the simulator every recommendation worse than the current trim was one.
  else if (!(inside(optimum) && inside(optimumInterval.lowM) && inside(optimumInterval.highM)))
    reason = `the optimum found (${optimum.toFixed(2)} m, ${Math.round(100 * TRIM_EVIDENCE.confidence)} % interval ${optimumInterval.lowM.toFixed(2)} to ${optimumInterval.highM.toFixed(2)} m) is not bracketed by the trims sailed (${fit.min.toFixed(2)} to ${fit.max.toFixed(2)} m)`;
  return { ...base, optimumInterval, savingInterval, recommended: reason === null, reason };
}
