import { completeness, type Period } from "./completeness.js";
import { hampelOutlierIndices, MODIFIED_Z_THRESHOLD } from "./outliers.js";
import { isPlausible, type PlausibilityRange } from "./plausibility.js";
import { DEFAULT_STUCK_RUN, stuckRuns } from "./stuck-values.js";

/** One sample: its time and its field values (null or absent = not measured); a fuel record's fuel, for rules that depend on it. */
export type QualitySample = {
  timestamp: Date;
  values: Readonly<Record<string, number | null | undefined>>;
  fuelType?: string;
};

/** A field's plausible range: fixed, or per sample when it depends on the record (SFOC: engine kind and fuel). */
export type PlausibilityRule = PlausibilityRange | ((sample: QualitySample) => PlausibilityRange);

export type DataQualityIssue = { field: string; kind: "implausible" | "stuck" | "outlier"; count: number };

export type DataQuality = {
  /** completeness × share of clean values, 0–100. */
  percent: number;
  /** Each part 0–100: share of expected samples present; of values in range; not stuck; not outliers. */
  parts: { completeness: number; plausibility: number; notStuck: number; notOutlier: number };
  counts: { expected: number; present: number; valuesChecked: number; flaggedValues: number };
  issues: DataQualityIssue[];
};

export type DataQualityInput = {
  samples: readonly QualitySample[];
  period: Period;
  cadenceMs: number;
  /** Intervals in which samples are expected at all (see `completeness`); default: the whole period. */
  expectedWithin?: readonly Period[];
  /** Fields to check with their plausible ranges (e.g. a pick of PLAUSIBILITY_RANGES, or sfocPlausibilityRange per sample). */
  ranges: Readonly<Record<string, PlausibilityRule>>;
  /** Fields checked for stuck runs (default: all in `ranges`). */
  stuckFields?: readonly string[];
  stuckMinRun?: number;
  outlierThreshold?: number;
  /** Neighbours on each side for the Hampel outlier test (default HAMPEL_HALF_WINDOW). */
  outlierHalfWindow?: number;
};

const pct = (part: number, whole: number) => (whole === 0 ? 100 : (100 * part) / whole);

/**
 * One data-quality percent with its parts: completeness against the cadence × the share of present
 * values that are plausible, not stuck and not outliers (Hampel filter: modified z-score among the neighbours).
 * A value flagged by several checks counts once. Samples are taken in time order. Sextant rule, no standard.
 */
export function assessDataQuality(input: DataQualityInput): DataQuality {
  const samples = [...input.samples].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  const comp = completeness(
    samples.map((s) => s.timestamp),
    input.period,
    input.cadenceMs,
    input.expectedWithin,
  );
  const stuckFields = new Set(input.stuckFields ?? Object.keys(input.ranges));
  const issues: DataQualityIssue[] = [];
  const tally = { checked: 0, flagged: 0, implausible: 0, stuck: 0, outlier: 0 };
  for (const [field, rule] of Object.entries(input.ranges)) {
    const rangeAt = (i: number) => (typeof rule === "function" ? rule(samples[i]!) : rule);
    const series = samples.map((s) => s.values[field] ?? null);
    const flagged = new Set<number>();
    const add = (kind: DataQualityIssue["kind"], indices: number[]) => {
      if (indices.length > 0) issues.push({ field, kind, count: indices.length });
      tally[kind === "outlier" ? "outlier" : kind] += indices.length;
      for (const i of indices) flagged.add(i);
    };
    const present = series.flatMap((v, i) => (v === null ? [] : [i]));
    const inRange = present.filter((i) => isPlausible(series[i]!, rangeAt(i)));
    const plausible = new Set(inRange);
    add(
      "implausible",
      present.filter((i) => !plausible.has(i)),
    );
    if (stuckFields.has(field)) {
      const runs = stuckRuns(series, input.stuckMinRun ?? DEFAULT_STUCK_RUN);
      add(
        "stuck",
        runs.flatMap((r) => Array.from({ length: r.length }, (_, k) => r.start + k)),
      );
    }
    const outliers = hampelOutlierIndices(
      inRange.map((i) => series[i]!),
      input.outlierHalfWindow,
      input.outlierThreshold ?? MODIFIED_Z_THRESHOLD,
    );
    add(
      "outlier",
      outliers.map((k) => inRange[k]!),
    );
    tally.checked += present.length;
    tally.flagged += flagged.size;
  }
  const clean = tally.checked === 0 ? 1 : (tally.checked - tally.flagged) / tally.checked;
  return {
    percent: 100 * comp.ratio * clean,
    parts: {
      completeness: 100 * comp.ratio,
      plausibility: pct(tally.checked - tally.implausible, tally.checked),
      notStuck: pct(tally.checked - tally.stuck, tally.checked),
      notOutlier: pct(tally.checked - tally.outlier, tally.checked),
    },
    counts: {
      expected: comp.expected,
      present: comp.present,
      valuesChecked: tally.checked,
      flaggedValues: tally.flagged,
    },
    issues,
  };
}
