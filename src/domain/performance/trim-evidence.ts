/**
 * What a trim optimum and a trim saving must rest on before the screen may recommend them (issue 11 item 4).
 * Service data mix trim with weather, hull fouling and loading, and a crew keeps one trim per voyage: the
 * unit of replication of a trim comparison is the voyage, not the hour. Decision record 005.
 */
import { TRIM_DEFAULTS, type TrimBin, type TrimModel } from "./trim-analysis.js";

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

/** A bin's model as a line, or no line and why (issue 35 item 3). */
export type TrimCurve<P> = { points: P[]; reason: string | null };

/**
 * The one rule for drawing a bin's fuel-penalty-against-trim curve, on screen or in a report: a curve shows
 * an optimum, so it is drawn only where the optimum is supported (trimOptimumSupport); its points are those
 * within what trim can physically cause (plausibleTrimPenalty), and fewer than two such points make no line.
 * An empty `points` always comes with the reason.
 */
export function trimCurve<P extends { penaltyPercent: number }>(
  support: TrimSupport,
  points: readonly P[],
): TrimCurve<P> {
  if (!support.supported) return { points: [], reason: support.reason ?? "the optimum is not supported" };
  const plausible = points.filter((p) => plausibleTrimPenalty(p.penaltyPercent));
  if (plausible.length < 2)
    return {
      points: [],
      reason: `the model's penalties exceed the ${TRIM_EVIDENCE.penaltyCapPercent} % trim can cause`,
    };
  return { points: plausible, reason: null };
}

/** The q-quantile (0..1) of sorted values, linear between order statistics (the bootstrap's percentiles). */
export function quantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
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
