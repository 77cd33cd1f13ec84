import { DomainInputError } from "../errors.js";
import { requireFinite, requirePositive } from "./guards.js";
import { fitQuadratic } from "./least-squares.js";

/**
 * One observation for trim analysis. Trim convention: trim = draught aft − draught fore [m], so a
 * positive trim is by the stern and a negative one by the head. `weight` is how many observations the
 * sample stands for (a frequency weight: the hours of a pooled sailing condition); default 1.
 */
export type TrimSample = {
  trimM: number;
  meanDraughtM: number;
  speedKn: number;
  fuelTonnesPerDay: number;
  weight?: number;
};

/** Binning and model options, all with documented defaults. */
export type TrimAnalysisOptions = {
  /** Width of a draught bin [m]; default 0.5 m (Sextant choice: trim effects change with draught). */
  draughtBinWidthM?: number;
  /** Width of a speed bin [kn]; default 1 kn. */
  speedBinWidthKn?: number;
  /** Exponent n used to bring each sample's fuel to the bin's centre speed, FC ∝ Vⁿ; default 3 (cube law, reference-data.md §11 [C1]). */
  speedExponent?: number;
  /** Width of the trim classes that observations are grouped by [m]; default 0.1 m. */
  trimClassM?: number;
  /** Bins whose samples weigh less in all (fewer hours, with hourly samples) are not analysed; default 6. */
  minWeightPerBin?: number;
  /**
   * A best-observed optimum is only picked among trim classes weighing at least this (hours); default 24 h,
   * a day's sailing: one class of a few hours is one weather spell, not a trim effect. When no class reaches
   * it the lightest evidence wins and the optimum is not supported (trim-evidence `trimOptimumSupport`).
   */
  minOptimumClassWeight?: number;
};

/** Fuel at the bin's centre speed as a function of trim: a convex parabola, or the observed table. */
export type TrimModel =
  | { kind: "quadratic"; a: number; b: number; c: number; r2: number }
  | { kind: "best-observed"; points: { trimM: number; fuelTonnesPerDay: number }[] };

/** The bin's samples of one trim class: weighted mean trim and normalised fuel, and their total weight. */
export type ObservedTrim = { trimM: number; fuelTonnesPerDay: number; weight: number };

/** One draught × speed bin with its fuel–trim model. Fuel is normalised to `referenceSpeedKn`. */
export type TrimBin = {
  draughtFromM: number;
  draughtToM: number;
  speedFromKn: number;
  speedToKn: number;
  referenceSpeedKn: number;
  sampleCount: number;
  /** Sum of the samples' weights (hours, with hourly or pooled-hour samples). */
  totalWeight: number;
  observedTrimRangeM: { min: number; max: number };
  /** Per trim class (`trimClassM`), ascending trim: what was sailed, for the chart and the fallback model. */
  observed: ObservedTrim[];
  model: TrimModel;
  optimumTrimM: number;
  fuelAtOptimumTonnesPerDay: number;
};

/** Defaults of `TrimAnalysisOptions` (Sextant choices, see each option's comment). */
export const TRIM_DEFAULTS = {
  draughtBinWidthM: 0.5,
  speedBinWidthKn: 1,
  speedExponent: 3,
  trimClassM: 0.1,
  minWeightPerBin: 6,
  minOptimumClassWeight: 24,
} as const;

/**
 * Trim from the draughts, m: aft − fore, positive by the stern (the convention of TrimSample). The database
 * applies the same rule where a trim record has draughts but no trim (server/metrics/series-sql.ts).
 */
export const trimFromDraughts = (draughtForeM: number, draughtAftM: number) => draughtAftM - draughtForeM;

/**
 * The sailing condition a sample belongs to: its draught bin, speed bin and trim class (indices: value /
 * width, floored for bins, rounded half up for classes). The database pools hours by the same indices
 * (server/metrics/trim-condition-sql.ts, tested equal to these).
 */
export const draughtBinOf = (meanDraughtM: number, widthM: number = TRIM_DEFAULTS.draughtBinWidthM) =>
  Math.floor(meanDraughtM / widthM);
export const speedBinOf = (speedKn: number, widthKn: number = TRIM_DEFAULTS.speedBinWidthKn) =>
  Math.floor(speedKn / widthKn);
// `+ 0` turns Math.round's -0 into 0: a class is an index, as the database's integer is
export const trimClassOf = (trimM: number, classM: number = TRIM_DEFAULTS.trimClassM) =>
  Math.round(trimM / classM) + 0;

/** Fuel [t/day at the bin's centre speed] the model gives at `trimM`. */
export function modelFuel(model: TrimModel, trimM: number): number {
  if (model.kind === "quadratic") return model.a * trimM * trimM + model.b * trimM + model.c;
  const pts = model.points;
  if (pts.length === 1 || trimM <= pts[0]!.trimM) return pts[0]!.fuelTonnesPerDay;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1]!;
    const q = pts[i]!;
    if (trimM <= q.trimM)
      return (
        p.fuelTonnesPerDay +
        ((trimM - p.trimM) * (q.fuelTonnesPerDay - p.fuelTonnesPerDay)) / (q.trimM - p.trimM)
      );
  }
  return pts[pts.length - 1]!.fuelTonnesPerDay;
}

/** Weighted mean of `values` over the samples `idx` (weights `w`). */
function weightedMean(values: readonly number[], w: readonly number[], idx: readonly number[]): number {
  let sw = 0;
  let sv = 0;
  for (const i of idx) {
    sw += w[i]!;
    sv += w[i]! * values[i]!;
  }
  return sv / sw;
}

function buildBin(
  samples: TrimSample[],
  key: { d: number; s: number },
  o: Required<TrimAnalysisOptions>,
): TrimBin {
  const speedFromKn = key.s * o.speedBinWidthKn;
  const referenceSpeedKn = speedFromKn + o.speedBinWidthKn / 2;
  const trims = samples.map((s) => s.trimM);
  const weights = samples.map((s) => s.weight ?? 1);
  const fuels = samples.map((s) => s.fuelTonnesPerDay * (referenceSpeedKn / s.speedKn) ** o.speedExponent);
  const min = Math.min(...trims);
  const max = Math.max(...trims);
  const classes = new Map<number, number[]>();
  trims.forEach((t, i) => {
    const c = trimClassOf(t, o.trimClassM);
    const members = classes.get(c);
    if (members) members.push(i);
    else classes.set(c, [i]);
  });
  const observed = [...classes.values()]
    .map((idx) => ({
      trimM: weightedMean(trims, weights, idx),
      fuelTonnesPerDay: weightedMean(fuels, weights, idx),
      weight: idx.reduce((sum, i) => sum + weights[i]!, 0),
    }))
    .sort((p, q) => p.trimM - q.trimM);
  let model: TrimModel | undefined;
  if (new Set(trims).size >= 3) {
    const q = fitQuadratic(trims, fuels, weights);
    if (q.a > 0) model = { kind: "quadratic", a: q.a, b: q.b, c: q.c, r2: q.r2 };
  }
  // Fallback: the observed mean normalised fuel per trim class, read piecewise-linearly.
  model ??= {
    kind: "best-observed",
    points: observed.map((p) => ({ trimM: p.trimM, fuelTonnesPerDay: p.fuelTonnesPerDay })),
  };
  let optimumTrimM: number;
  if (model.kind === "quadratic") optimumTrimM = Math.min(max, Math.max(min, -model.b / (2 * model.a)));
  else {
    const heavy = observed.filter((p) => p.weight >= o.minOptimumClassWeight);
    optimumTrimM = (heavy.length > 0 ? heavy : observed).reduce((best, p) =>
      p.fuelTonnesPerDay < best.fuelTonnesPerDay ? p : best,
    ).trimM;
  }
  return {
    draughtFromM: key.d * o.draughtBinWidthM,
    draughtToM: (key.d + 1) * o.draughtBinWidthM,
    speedFromKn,
    speedToKn: speedFromKn + o.speedBinWidthKn,
    referenceSpeedKn,
    sampleCount: samples.length,
    totalWeight: weights.reduce((a, b) => a + b, 0),
    observedTrimRangeM: { min, max },
    observed,
    model,
    optimumTrimM,
    fuelAtOptimumTonnesPerDay: modelFuel(model, optimumTrimM),
  };
}

/**
 * Learns fuel against trim from a vessel's own data: bins samples by mean draught and speed, brings each
 * sample's fuel to the bin's centre speed with FC ∝ Vⁿ, then fits fuel = a·trim² + b·trim + c per bin
 * (least squares, each sample weighted by its `weight`). When the parabola is not convex (a ≤ 0) or fewer
 * than 3 distinct trims exist, the bin falls back to the observed mean fuel per trim class (0.1 m). The
 * optimum is never extrapolated outside the trims observed in the bin. Source: Sextant method for issue 3 item 8 (no standard defines trim
 * optimisation); the speed normalisation uses the cube law (reference-data.md §11 [C1]).
 */
export function analyseTrim(samples: readonly TrimSample[], options: TrimAnalysisOptions = {}): TrimBin[] {
  const o = { ...TRIM_DEFAULTS, ...options };
  requirePositive("draughtBinWidthM", o.draughtBinWidthM);
  requirePositive("speedBinWidthKn", o.speedBinWidthKn);
  requirePositive("speedExponent", o.speedExponent);
  requirePositive("trimClassM", o.trimClassM);
  const bins = new Map<string, { key: { d: number; s: number }; items: TrimSample[] }>();
  samples.forEach((s, i) => {
    requireFinite(`samples[${i}].trimM`, s.trimM);
    requirePositive(`samples[${i}].meanDraughtM`, s.meanDraughtM);
    requirePositive(`samples[${i}].speedKn`, s.speedKn);
    requirePositive(`samples[${i}].fuelTonnesPerDay`, s.fuelTonnesPerDay);
    if (s.weight !== undefined) requirePositive(`samples[${i}].weight`, s.weight);
    const key = {
      d: draughtBinOf(s.meanDraughtM, o.draughtBinWidthM),
      s: speedBinOf(s.speedKn, o.speedBinWidthKn),
    };
    const id = `${key.d}:${key.s}`;
    const bin = bins.get(id) ?? { key, items: [] };
    bin.items.push(s);
    bins.set(id, bin);
  });
  return [...bins.values()]
    .filter((b) => b.items.reduce((sum, s) => sum + (s.weight ?? 1), 0) >= o.minWeightPerBin)
    .map((b) => buildBin(b.items, b.key, o))
    .sort((p, q) => p.draughtFromM - q.draughtFromM || p.speedFromKn - q.speedFromKn);
}

/** Fuel penalty [% above the bin's optimum] of sailing at `trimM` in `bin`: 100·(FC(trim) − FC(opt))/FC(opt). */
export function trimPenaltyPercent(bin: TrimBin, trimM: number): number {
  requireFinite("trimM", trimM);
  return (
    (100 * (modelFuel(bin.model, trimM) - bin.fuelAtOptimumTonnesPerDay)) / bin.fuelAtOptimumTonnesPerDay
  );
}

/** The analysed bin that holds a condition (mean draught m, speed kn), or undefined. */
export function binCovering<
  B extends Pick<TrimBin, "draughtFromM" | "draughtToM" | "speedFromKn" | "speedToKn">,
>(bins: readonly B[], meanDraughtM: number, speedKn: number): B | undefined {
  return bins.find(
    (b) =>
      meanDraughtM >= b.draughtFromM &&
      meanDraughtM < b.draughtToM &&
      speedKn >= b.speedFromKn &&
      speedKn < b.speedToKn,
  );
}

/** The optimum trim for one sailing condition and what moving to it is expected to save. */
export type TrimRecommendation = {
  bin: TrimBin;
  optimumTrimM: number;
  /** Expected saving as % of the fuel at the current trim. */
  expectedSavingPercent: number;
  /** Expected saving [t/day] at the condition's speed (bin model scaled by (V/V_ref)ⁿ). */
  expectedSavingTonnesPerDay: number;
  method: TrimModel["kind"];
};

/**
 * Optimum trim [m] for a condition (mean draught [m], speed [kn]) and the expected saving versus
 * `currentTrimM`, from the bin that contains the condition. Returns null when no analysed bin covers it
 * (say so to the user rather than guess). A current trim outside the bin's observed range is read from
 * the model at the nearest observed trim: the saving is then a lower bound.
 */
export function recommendTrim(
  bins: readonly TrimBin[],
  condition: { meanDraughtM: number; speedKn: number; currentTrimM: number },
  options: Pick<TrimAnalysisOptions, "speedExponent"> = {},
): TrimRecommendation | null {
  const n = options.speedExponent ?? TRIM_DEFAULTS.speedExponent;
  const d = requirePositive("meanDraughtM", condition.meanDraughtM);
  const v = requirePositive("speedKn", condition.speedKn);
  requireFinite("currentTrimM", condition.currentTrimM);
  const bin = binCovering(bins, d, v);
  if (!bin) return null;
  const t = Math.min(
    bin.observedTrimRangeM.max,
    Math.max(bin.observedTrimRangeM.min, condition.currentTrimM),
  );
  const scale = (v / bin.referenceSpeedKn) ** n;
  const current = modelFuel(bin.model, t) * scale;
  const best = bin.fuelAtOptimumTonnesPerDay * scale;
  if (!(current > 0)) throw new DomainInputError("currentTrimM", "model gives no positive fuel at this trim");
  return {
    bin,
    optimumTrimM: bin.optimumTrimM,
    expectedSavingPercent: (100 * (current - best)) / current,
    expectedSavingTonnesPerDay: current - best,
    method: bin.model.kind,
  };
}
