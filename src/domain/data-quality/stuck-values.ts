import { DomainInputError } from "../errors.js";

/** A run of identical consecutive samples. */
export type StuckRun = { start: number; length: number; value: number };

/** Default run length flagged as stuck: 12 identical consecutive samples (Sextant choice, no standard). */
export const DEFAULT_STUCK_RUN = 12;

/**
 * Runs of at least `minRun` identical consecutive values (a frozen sensor or a copied noon report).
 * Missing values (null/undefined) break a run. Indices refer to `values`. Sextant rule, no standard.
 */
export function stuckRuns(
  values: readonly (number | null | undefined)[],
  minRun = DEFAULT_STUCK_RUN,
): StuckRun[] {
  if (!Number.isInteger(minRun) || minRun < 2)
    throw new DomainInputError("minRun", "must be an integer >= 2");
  const runs: StuckRun[] = [];
  let start = 0;
  for (let i = 1; i <= values.length; i++) {
    const prev = values[i - 1];
    const same = i < values.length && prev != null && values[i] === prev;
    if (same) continue;
    if (prev != null && i - start >= minRun) runs.push({ start, length: i - start, value: prev });
    start = i;
  }
  return runs;
}
