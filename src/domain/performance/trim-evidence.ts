/**
 * What a trim optimum and a trim saving must rest on before the screen may recommend them (issue 11 item 4).
 * Service data mix trim with weather, hull fouling and loading, and a crew keeps one trim per voyage: the
 * unit of replication of a trim comparison is the voyage, not the hour. Decision record 005.
 */
import { requireFinite, requirePositive } from "./guards.js";
import { type QuadraticMoments, quadraticFromMoments } from "./least-squares.js";
import {
  analyseTrim,
  draughtBinOf,
  modelFuel,
  speedBinOf,
  TRIM_DEFAULTS,
  type TrimAnalysisOptions,
  type TrimBin,
  type TrimModel,
  type TrimSample,
  trimClassOf,
} from "./trim-analysis.js";

/**
 * Thresholds of the evidence, one place (Sextant choices [MEM], decision record 005):
 * - `minVoyages`: voyages that sailed the draught × speed bin; with fewer, a between-voyage interval is not
 *   worth the name (a bootstrap over 4 units has at most 35 distinct resamples).
 * - `minHours`: hours at sea in the bin.
 * - `penaltyCapPercent`: the largest fuel penalty trim can physically cause. Basis: model-basin and
 *   service experience puts trim effects at a few percent, up to about 10–15 % for extreme trims on full
 *   forms [MEM]; the simulator (ground truth, decision 003) caps its trim penalty at the same 15 %
 *   (simulator physics `trimPenaltyFraction`). A larger difference between trims is weather, fouling or
 *   loading, not trim.
 * - `bootstrapResamples`, `confidence`: the percentile bootstrap over voyages.
 */
export const TRIM_EVIDENCE = {
  minVoyages: 5,
  minHours: 48,
  penaltyCapPercent: 15,
  bootstrapResamples: 500,
  confidence: 0.95,
} as const;

/** A trim sample tagged with the voyage it was sailed on (the unit of replication). */
export type VoyageTrimSample = TrimSample & { voyageId: number };

/** Whether a bin's optimum may be shown as one, and why not. */
export type TrimSupport = { supported: boolean; reason: string | null };

/**
 * A bin's optimum is supported when the bin holds at least `minVoyages` voyages and `minHours` hours, and a
 * best-observed optimum rests on a trim class of at least TRIM_DEFAULTS.minOptimumClassWeight hours.
 * The reason names the first test that failed, for the screen.
 */
export function trimOptimumSupport(
  bin: Pick<TrimBin, "totalWeight" | "observed" | "optimumTrimM"> & { model: Pick<TrimModel, "kind"> },
  voyageCount: number,
): TrimSupport {
  if (voyageCount < TRIM_EVIDENCE.minVoyages)
    return {
      supported: false,
      reason: `only ${voyageCount} voyage${voyageCount === 1 ? "" : "s"} sailed this draught and speed (at least ${TRIM_EVIDENCE.minVoyages} needed)`,
    };
  if (bin.totalWeight < TRIM_EVIDENCE.minHours)
    return {
      supported: false,
      reason: `only ${Math.round(bin.totalWeight)} h at sea in this draught and speed (at least ${TRIM_EVIDENCE.minHours} h needed)`,
    };
  if (bin.model.kind === "best-observed") {
    const at = bin.observed.find((p) => p.trimM === bin.optimumTrimM);
    if (!at || at.weight < TRIM_DEFAULTS.minOptimumClassWeight)
      return {
        supported: false,
        reason: `the best trim sailed rests on ${Math.round(at?.weight ?? 0)} h (at least ${TRIM_DEFAULTS.minOptimumClassWeight} h needed)`,
      };
  }
  return { supported: true, reason: null };
}

/** Whether a fuel penalty [%] is within what trim can physically cause (TRIM_EVIDENCE.penaltyCapPercent). */
export const plausibleTrimPenalty = (penaltyPercent: number) =>
  Math.abs(penaltyPercent) <= TRIM_EVIDENCE.penaltyCapPercent;

/** The saving of moving from the current trim to the bin's optimum, with its interval over voyages. */
export type TrimSavingEstimate = {
  bin: TrimBin;
  optimumTrimM: number;
  method: TrimModel["kind"];
  /** % of the fuel at the current trim (point estimate on all voyages). */
  savingPercent: number;
  /** t/day at the condition's speed. */
  savingTonnesPerDay: number;
  /**
   * Percentile bootstrap interval of `savingPercent` over voyages (`confidence`); null when an earlier test
   * (evidence, saving > 0, physical cap) already refused the recommendation.
   */
  interval: { lowPercent: number; highPercent: number } | null;
  voyageCount: number;
  hoursAtSea: number;
  /** True only when the evidence is sufficient and the interval excludes a zero (or negative) saving. */
  recommended: boolean;
  /** Why there is no recommendation, for the screen; null when `recommended`. */
  reason: string | null;
};

/** Saving % of moving from `fromM` to `toM` under `model`, both read within the trims sailed `[min, max]`. */
function savingPercentOf(model: TrimModel, range: { min: number; max: number }, fromM: number, toM: number) {
  const clamp = (x: number) => Math.min(range.max, Math.max(range.min, x));
  const current = modelFuel(model, clamp(fromM));
  return (100 * (current - modelFuel(model, clamp(toM)))) / current;
}

/** The q-quantile (0..1) of sorted values, linear between order statistics. */
function quantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * The optimum trim for a condition (mean draught m, speed kn, current trim m) and the saving of moving to it,
 * learned from the samples of the condition's draught × speed bin (domain analyseTrim), with an interval over
 * voyages: a percentile bootstrap (Efron & Tibshirani 1993, ch. 13) that resamples whole voyages with
 * replacement, refits the bin and re-reads the saving of moving from the current trim to the optimum found
 * on all voyages. A voyage sails one trim, so there is no per-voyage saving to average (a t-interval over
 * voyage means would need each voyage to sail both trims); resampling voyages keeps each voyage's weather,
 * hull state and loading together, which is what scatters the fuel between trims. `random` gives uniform
 * numbers in [0, 1) (seeded by the caller, so that the answer is reproducible).
 * Recommended only when the bin holds enough evidence (trimOptimumSupport), the point saving is within the
 * physical cap, and the interval's lower end is above zero. Returns null when no sample is in the bin.
 */
export function trimSavingWithInterval(
  samples: readonly VoyageTrimSample[],
  condition: { meanDraughtM: number; speedKn: number; currentTrimM: number },
  random: () => number,
  options: Pick<TrimAnalysisOptions, "speedExponent"> = {},
): TrimSavingEstimate | null {
  const d = requirePositive("meanDraughtM", condition.meanDraughtM);
  const v = requirePositive("speedKn", condition.speedKn);
  const t0 = requireFinite("currentTrimM", condition.currentTrimM);
  const inBin = samples.filter(
    (s) => draughtBinOf(s.meanDraughtM) === draughtBinOf(d) && speedBinOf(s.speedKn) === speedBinOf(v),
  );
  const binOf = (xs: readonly TrimSample[]) => analyseTrim(xs, { ...options, minWeightPerBin: 0 })[0];
  const bin = binOf(inBin);
  if (!bin) return null;
  const n = options.speedExponent ?? TRIM_DEFAULTS.speedExponent;
  const byVoyage = new Map<number, VoyageTrimSample[]>();
  for (const s of inBin) byVoyage.set(s.voyageId, [...(byVoyage.get(s.voyageId) ?? []), s]);
  const voyages = [...byVoyage.values()];
  const optimum = bin.optimumTrimM;
  const savingPercent = savingPercentOf(bin.model, bin.observedTrimRangeM, t0, optimum);
  const clamped = Math.min(bin.observedTrimRangeM.max, Math.max(bin.observedTrimRangeM.min, t0));
  const savingTonnesPerDay =
    (modelFuel(bin.model, clamped) - bin.fuelAtOptimumTonnesPerDay) * (v / bin.referenceSpeedKn) ** n;
  // the cheap tests first: the bootstrap (the cost of this function) only runs when they pass
  const support = trimOptimumSupport(bin, voyages.length);
  let reason = support.reason;
  if (reason === null && !(savingPercent > 0)) reason = "the current trim is already the optimum found";
  else if (reason === null && !plausibleTrimPenalty(savingPercent))
    reason = `the difference between trims (${savingPercent.toFixed(1)} %) exceeds what trim can cause (${TRIM_EVIDENCE.penaltyCapPercent} %): weather, hull fouling or loading differ between the voyages`;
  let interval: TrimSavingEstimate["interval"] = null;
  if (reason === null) {
    const groups = voyages.map((vs) => voyageStats(vs, bin.referenceSpeedKn, n, bin.observed[0]!.trimM));
    const counts = new Array<number>(voyages.length);
    const savings: number[] = [];
    for (let b = 0; b < TRIM_EVIDENCE.bootstrapResamples; b++) {
      counts.fill(0);
      for (let k = 0; k < voyages.length; k++)
        counts[Math.min(voyages.length - 1, Math.floor(random() * voyages.length))]! += 1;
      const rb = resampleFit(groups, counts, bin.observed[0]!.trimM);
      savings.push(savingPercentOf(rb.model, rb.range, t0, optimum));
    }
    savings.sort((a, b) => a - b);
    const tail = (1 - TRIM_EVIDENCE.confidence) / 2;
    interval = { lowPercent: quantile(savings, tail), highPercent: quantile(savings, 1 - tail) };
    if (!(interval.lowPercent > 0))
      reason = `the saving is not distinguishable from zero between voyages (${Math.round(100 * TRIM_EVIDENCE.confidence)} % interval ${interval.lowPercent.toFixed(1)} to ${interval.highPercent.toFixed(1)} %)`;
  }
  return {
    bin,
    optimumTrimM: optimum,
    method: bin.model.kind,
    savingPercent,
    savingTonnesPerDay,
    interval,
    voyageCount: voyages.length,
    hoursAtSea: bin.totalWeight,
    recommended: reason === null,
    reason,
  };
}

/**
 * What the bootstrap needs of one voyage's samples in the bin, summed once: the moments of normalised fuel
 * against trim (about `x0`), the trims sailed (range, distinct values) and per trim class the sums of weight,
 * weight × trim and weight × fuel. Fuel is brought to the bin's centre speed as analyseTrim does.
 */
type VoyageStats = {
  moments: QuadraticMoments;
  min: number;
  max: number;
  trims: number[];
  classes: Map<number, { w: number; wt: number; wy: number }>;
};

function voyageStats(
  samples: readonly TrimSample[],
  referenceSpeedKn: number,
  speedExponent: number,
  x0: number,
): VoyageStats {
  const m: QuadraticMoments = { n: 0, s1: 0, s2: 0, s3: 0, s4: 0, t0: 0, t1: 0, t2: 0 };
  const classes: VoyageStats["classes"] = new Map();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const s of samples) {
    const w = s.weight ?? 1;
    const y = s.fuelTonnesPerDay * (referenceSpeedKn / s.speedKn) ** speedExponent;
    const u = s.trimM - x0;
    m.n += w;
    m.s1 += w * u;
    m.s2 += w * u * u;
    m.s3 += w * u ** 3;
    m.s4 += w * u ** 4;
    m.t0 += w * y;
    m.t1 += w * u * y;
    m.t2 += w * u * u * y;
    min = Math.min(min, s.trimM);
    max = Math.max(max, s.trimM);
    const c = trimClassOf(s.trimM);
    const sums = classes.get(c) ?? { w: 0, wt: 0, wy: 0 };
    sums.w += w;
    sums.wt += w * s.trimM;
    sums.wy += w * y;
    classes.set(c, sums);
  }
  return { moments: m, min, max, trims: [...new Set(samples.map((s) => s.trimM))], classes };
}

/**
 * analyseTrim's model and trim range for a resample in which voyage k is drawn `counts[k]` times: the same
 * estimator (a convex weighted parabola when 3 distinct trims or more, else the observed mean fuel per trim
 * class) from the voyages' summed statistics, O(voyages × classes) rather than a refit over every sample.
 * Equal to the refit to rounding (trim-evidence.test.ts).
 */
function resampleFit(
  groups: readonly VoyageStats[],
  counts: readonly number[],
  x0: number,
): { model: TrimModel; range: { min: number; max: number } } {
  const m: QuadraticMoments = { n: 0, s1: 0, s2: 0, s3: 0, s4: 0, t0: 0, t1: 0, t2: 0 };
  const distinct = new Set<number>();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < groups.length; k++) {
    const c = counts[k]!;
    if (c === 0) continue;
    const g = groups[k]!;
    const gm = g.moments;
    m.n += c * gm.n;
    m.s1 += c * gm.s1;
    m.s2 += c * gm.s2;
    m.s3 += c * gm.s3;
    m.s4 += c * gm.s4;
    m.t0 += c * gm.t0;
    m.t1 += c * gm.t1;
    m.t2 += c * gm.t2;
    if (g.min < min) min = g.min;
    if (g.max > max) max = g.max;
    if (distinct.size < 3) for (const t of g.trims) distinct.add(t);
  }
  let model: TrimModel | undefined;
  if (distinct.size >= 3) {
    const q = quadraticFromMoments(m, x0);
    // r² is not used by the saving; analyseTrim's model carries it for the chart
    if (q.a > 0) model = { kind: "quadratic", a: q.a, b: q.b, c: q.c, r2: Number.NaN };
  }
  if (!model) {
    const classes = new Map<number, { w: number; wt: number; wy: number }>();
    groups.forEach((g, k) => {
      const c = counts[k]!;
      if (c === 0) return;
      for (const [id, s] of g.classes) {
        const sums = classes.get(id) ?? { w: 0, wt: 0, wy: 0 };
        sums.w += c * s.w;
        sums.wt += c * s.wt;
        sums.wy += c * s.wy;
        classes.set(id, sums);
      }
    });
    model = {
      kind: "best-observed",
      points: [...classes.values()]
        .map((s) => ({ trimM: s.wt / s.w, fuelTonnesPerDay: s.wy / s.w }))
        .sort((p, q) => p.trimM - q.trimM),
    };
  }
  return { model, range: { min, max } };
}

/**
 * A seeded uniform generator on [0, 1) (mulberry32, public domain, T. Ettinger): the bootstrap's resamples
 * are reproducible, so the same data give the same interval on every call.
 */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
