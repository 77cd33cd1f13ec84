/**
 * Where a plotted time series has no data: a line is broken where the time between two points is much
 * longer than its usual step (a port stay, a sensor outage) instead of drawing a straight bridge across it.
 * One rule for every chart that draws a series, on screen (web charts) and in the PDF vessel report.
 */

/** A y column: numbers with null for a missing value. */
type Column = ArrayLike<number | null | undefined>;

/**
 * Inserts a row of nulls after every jump in time larger than `factor` times the usual (median) step, so
 * that a line breaks where there is no data (a port stay) instead of drawing a straight bridge across it.
 * `times` must be ascending; columns are aligned with it. Unchanged when there are fewer than 3 rows.
 */
export function breakGaps(
  times: ArrayLike<number>,
  columns: readonly Column[],
  factor = 3,
): { times: number[]; columns: Array<Array<number | null>> } {
  const n = times.length;
  const copy = () => ({
    times: Array.from(times),
    columns: columns.map((c) => Array.from({ length: n }, (_, i) => c[i] ?? null)),
  });
  if (n < 3) return copy();
  const steps: number[] = [];
  for (let i = 1; i < n; i++) steps.push(times[i]! - times[i - 1]!);
  steps.sort((a, b) => a - b);
  const median = steps[Math.floor(steps.length / 2)]!;
  if (!(median > 0)) return copy();
  const limit = median * factor;
  const outTimes: number[] = [];
  const outColumns: Array<Array<number | null>> = columns.map(() => []);
  for (let i = 0; i < n; i++) {
    outTimes.push(times[i]!);
    columns.forEach((c, j) => {
      outColumns[j]!.push(c[i] ?? null);
    });
    if (i < n - 1 && times[i + 1]! - times[i]! > limit) {
      outTimes.push(times[i]! + median);
      for (const column of outColumns) column.push(null);
    }
  }
  return { times: outTimes, columns: outColumns };
}
