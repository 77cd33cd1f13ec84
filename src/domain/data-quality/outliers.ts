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
