import { mean, sampleStdDev } from "../performance/statistics.js";
import { normalizeDegrees180, toDegrees, toRadians } from "../weather/units.js";
import { erfc } from "./erfc.js";

/**
 * Chauvenet's criterion threshold: reject a sample when N·erfc(|x − μ|/(σ√2)) < 0.5, i.e. when fewer than
 * half a sample that far from the mean is expected among N. Source: ISO 19030-2 via LAB021,
 * reference-data.md §8 [C1].
 */
export const CHAUVENET_THRESHOLD = 0.5;

function keepMask(deviations: readonly number[], sigma: number): boolean[] {
  const n = deviations.length;
  if (!(sigma > 0)) return deviations.map(() => true);
  return deviations.map((d) => n * erfc(Math.abs(d) / (sigma * Math.SQRT2)) >= CHAUVENET_THRESHOLD);
}

/**
 * Chauvenet's criterion on one channel of one block (single pass, sample mean and sample standard
 * deviation of the block). Returns one flag per value: true = keep. Blocks with σ = 0 keep everything.
 * Source: ISO 19030-2 step 3, reference-data.md §8 [C1].
 */
export function chauvenetKeepMask(values: readonly number[]): boolean[] {
  if (values.length < 3) return values.map(() => true);
  const mu = mean(values);
  return keepMask(
    values.map((v) => v - mu),
    sampleStdDev(values),
  );
}

/**
 * Chauvenet's criterion for an angular channel [deg] (heading, wind direction) with circular statistics:
 * circular mean atan2(Σsin, Σcos), deviation wrapped to (−180, 180], circular standard deviation
 * √(−2·ln R̄) (Mardia & Jupp, Directional Statistics, 2000). ISO 19030-2 asks for circular statistics on
 * angles (reference-data.md §8 [C1]). Returns true = keep.
 */
export function chauvenetKeepMaskAngles(anglesDeg: readonly number[]): boolean[] {
  const n = anglesDeg.length;
  if (n < 3) return anglesDeg.map(() => true);
  let s = 0;
  let c = 0;
  for (const a of anglesDeg) {
    s += Math.sin(toRadians(a));
    c += Math.cos(toRadians(a));
  }
  const rBar = Math.min(1, Math.hypot(s, c) / n);
  const mu = toDegrees(Math.atan2(s, c));
  const sigma = rBar > 0 ? toDegrees(Math.sqrt(-2 * Math.log(rBar))) : Number.POSITIVE_INFINITY;
  return keepMask(
    anglesDeg.map((a) => normalizeDegrees180(a - mu)),
    sigma,
  );
}
