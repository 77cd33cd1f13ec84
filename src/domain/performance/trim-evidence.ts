/**
 * What a trim optimum and a trim saving must rest on before the screen may recommend them (issue 11 item 4).
 * Service data mix trim with weather, hull fouling and loading, and a crew keeps one trim per voyage: the
 * unit of replication of a trim comparison is the voyage, not the hour. Decision record 005.
 */
import { requireFinite, requirePositive } from "./guards.js";
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
    const savings: number[] = [];
    for (let b = 0; b < TRIM_EVIDENCE.bootstrapResamples; b++) {
      const resample: TrimSample[] = [];
      for (let k = 0; k < voyages.length; k++)
        resample.push(...voyages[Math.min(voyages.length - 1, Math.floor(random() * voyages.length))]!);
      const rb = binOf(resample)!;
      savings.push(savingPercentOf(rb.model, rb.observedTrimRangeM, t0, optimum));
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
