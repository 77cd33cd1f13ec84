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

/** Of one sample's fields: how many were present (checked), implausible, stuck, outliers, flagged by any check. */
export type SampleTally = {
  checked: number;
  implausible: number;
  stuck: number;
  outlier: number;
  flagged: number;
};

export type ValueChecks = Pick<
  DataQualityInput,
  "ranges" | "stuckFields" | "stuckMinRun" | "outlierThreshold" | "outlierHalfWindow"
>;

/**
 * The value checks of `assessDataQuality`, per sample of `samples` (taken in the order given: time order):
 * plausibility, stuck runs and Hampel outliers per field. A sample's tally depends only on its neighbours
 * (stuckMinRun − 1 samples and outlierHalfWindow in-range values on each side), so a stretch of samples with
 * that many neighbours around it is tallied alike whatever lies beyond (the daily data-quality store relies on it).
 */
export function checkValues(
  samples: readonly QualitySample[],
  checks: ValueChecks,
): { perSample: SampleTally[]; issues: DataQualityIssue[] } {
  const stuckFields = new Set(checks.stuckFields ?? Object.keys(checks.ranges));
  const issues: DataQualityIssue[] = [];
  const perSample: SampleTally[] = samples.map(() => ({
    checked: 0,
    implausible: 0,
    stuck: 0,
    outlier: 0,
    flagged: 0,
  }));
  for (const [field, rule] of Object.entries(checks.ranges)) {
    const rangeAt = (i: number) => (typeof rule === "function" ? rule(samples[i]!) : rule);
    const series = samples.map((s) => s.values[field] ?? null);
    const flagged = new Set<number>();
    const add = (kind: DataQualityIssue["kind"], indices: number[]) => {
      if (indices.length > 0) issues.push({ field, kind, count: indices.length });
      for (const i of indices) {
        perSample[i]![kind === "implausible" ? "implausible" : kind] += 1;
        flagged.add(i);
      }
    };
    const present = series.flatMap((v, i) => (v === null ? [] : [i]));
    for (const i of present) perSample[i]!.checked += 1;
    const inRange = present.filter((i) => isPlausible(series[i]!, rangeAt(i)));
    const plausible = new Set(inRange);
    add(
      "implausible",
      present.filter((i) => !plausible.has(i)),
    );
    if (stuckFields.has(field)) {
      const runs = stuckRuns(series, checks.stuckMinRun ?? DEFAULT_STUCK_RUN);
      add(
        "stuck",
        runs.flatMap((r) => Array.from({ length: r.length }, (_, k) => r.start + k)),
      );
    }
    const outliers = hampelOutlierIndices(
      inRange.map((i) => series[i]!),
      checks.outlierHalfWindow,
      checks.outlierThreshold ?? MODIFIED_Z_THRESHOLD,
    );
    add(
      "outlier",
      outliers.map((k) => inRange[k]!),
    );
    for (const i of flagged) perSample[i]!.flagged += 1;
  }
  return { perSample, issues };
}

/** Sums sample tallies (of any stretch of samples: they add up). */
export function sumTallies(tallies: Iterable<SampleTally>): SampleTally {
  const sum = { checked: 0, implausible: 0, stuck: 0, outlier: 0, flagged: 0 };
  for (const t of tallies) {
    sum.checked += t.checked;
    sum.implausible += t.implausible;
    sum.stuck += t.stuck;
    sum.outlier += t.outlier;
    sum.flagged += t.flagged;
  }
  return sum;
}

/** The percent and its parts from a completeness ratio (0–1) and the summed value checks. */
export function qualityScore(
  completenessRatio: number,
  tally: SampleTally,
): Pick<DataQuality, "percent" | "parts"> {
  const clean = tally.checked === 0 ? 1 : (tally.checked - tally.flagged) / tally.checked;
  return {
    percent: 100 * completenessRatio * clean,
    parts: {
      completeness: 100 * completenessRatio,
      plausibility: pct(tally.checked - tally.implausible, tally.checked),
      notStuck: pct(tally.checked - tally.stuck, tally.checked),
      notOutlier: pct(tally.checked - tally.outlier, tally.checked),
    },
  };
}

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
  const { perSample, issues } = checkValues(samples, input);
  const tally = sumTallies(perSample);
  return {
    ...qualityScore(comp.ratio, tally),
    counts: {
      expected: comp.expected,
      present: comp.present,
      valuesChecked: tally.checked,
      flaggedValues: tally.flagged,
    },
    issues,
  };
}
