/** Threshold on |modified z-score| above which a value is an outlier (Iglewicz & Hoaglin, 1993). */
export const MODIFIED_Z_THRESHOLD = 3.5;

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Modified z-scores M_i = 0.6745·(x_i − median)/MAD, MAD = median |x_i − median|
 * (Iglewicz & Hoaglin, "How to Detect and Handle Outliers", 1993). All 0 when MAD = 0 (no spread to judge by).
 */
export function modifiedZScores(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  const med = median([...values].sort((a, b) => a - b));
  const mad = median(values.map((v) => Math.abs(v - med)).sort((a, b) => a - b));
  if (mad === 0) return values.map(() => 0);
  return values.map((v) => (0.6745 * (v - med)) / mad);
}

/** Indices of values whose |modified z-score| exceeds the threshold (default 3.5, Iglewicz & Hoaglin). */
export function outlierIndices(values: readonly number[], threshold = MODIFIED_Z_THRESHOLD): number[] {
  return modifiedZScores(values).flatMap((z, i) => (Math.abs(z) > threshold ? [i] : []));
}

/** Neighbours on each side that the Hampel filter compares a sample with (12 = half a day of hourly data). */
export const HAMPEL_HALF_WINDOW = 12;

/**
 * Hampel filter (Hampel 1974; Pearson, "Outlier detection in process identification", 2002): a sample is an
 * outlier when its modified z-score within its ±`halfWindow` neighbours (in time order) exceeds the threshold.
 * Unlike a z-score over the whole period it does not flag a change of regime (laden and ballast legs, sea and
 * port, a new speed order) as a cloud of outliers; it flags the isolated spike. A window without spread
 * (MAD = 0) does not judge, as in `modifiedZScores`.
 */
export function hampelOutlierIndices(
  values: readonly number[],
  halfWindow = HAMPEL_HALF_WINDOW,
  threshold = MODIFIED_Z_THRESHOLD,
): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const window = values.slice(Math.max(0, i - halfWindow), i + halfWindow + 1);
    const med = median([...window].sort((a, b) => a - b));
    const mad = median(window.map((v) => Math.abs(v - med)).sort((a, b) => a - b));
    if (mad > 0 && (0.6745 * Math.abs(values[i]! - med)) / mad > threshold) out.push(i);
  }
  return out;
}
