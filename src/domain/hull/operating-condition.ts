import { solveLinearSystems } from "../performance/least-squares.js";
import { DAY_MS, JULIAN_YEAR_DAYS } from "../time/units.js";

/**
 * The ship's operating condition taken out of its daily hull values before the fouling trend is read.
 *
 * Why: a ship sailing off its optimum trim needs more power, q·(trim − optimum)², the optimum moving with
 * draught and speed; crews set a trim per voyage, so the daily excess power carries a voyage-long offset
 * of 0–10 points that the admiralty displacement correction does not remove. Measured on the simulator
 * (decision 009): it was the largest error left after the weather correction, and its days are correlated
 * voyage by voyage, so a fouling line read through it is off by 20–60 % of the rate.
 *
 * Method: one least-squares fit over every day of the ship's intervals between maintenance events,
 *   value = α_i + β_i·(t − t_i) + Σ γ_j·m_j(trim, draught, ln V),
 * a level and a slope per interval i (the fouling, free to step at each event) and, shared by all intervals,
 * terms of degree 1 and 2 in the day's mean trim and mean draught and the products of trim and of draught
 * with ln speed (centred; see `monomials`), each day weighing its `weight` (its accepted records). They hold
 * q·(trim − a₀ − a₁·T − a₂·V)² for any optimum linear in draught and speed, without assuming where the
 * optimum lies (that is the trim analysis' question, not this one). The values must be additive in the
 * condition: the caller passes log ratios (power: P = P_clean·(1 + F)·(1 + T)). The day's value is then
 * returned with its operating-condition term replaced by the term at the optimum trim the fit finds for the
 * day's draught and speed (the draught part at its mean): the level and the slopes are the hull's own,
 * without the crew's mean trim penalty as a factor. Pure regression adjustment (e.g. Montgomery, Peck &
 * Vining, Introduction to Linear Regression Analysis, 5th ed., §3.2); no physical constant is assumed.
 */

/**
 * One day's hull figures (e.g. excess power and speed loss, each fitted on its own with the same terms) and
 * its operating condition. `interval`: index of the interval between events.
 */
export type ConditionDay = {
  dayMs: number;
  values: readonly number[];
  interval: number;
  /** Mean trim (aft − fore, m) and mean draught (m) of the day's accepted records; null when not recorded. */
  trimM: number | null;
  draughtM: number | null;
  /** Mean ln(speed through water, kn) of the day's accepted records. */
  lnSpeed: number;
  /** The day's accepted records (its weight in the fit, as in fouling-trend's DailyValue); 1 when absent. */
  weight?: number;
};

export type OperatingConditionAdjustment = {
  /** Per figure, the days' values with the operating-condition term replaced by its mean (input order). */
  values: number[][];
  /** Days the fit used (those with trim and draught). */
  fittedDays: number;
  /**
   * Per interval (by its index), the variance inflation factor of its slope: how much the slope's variance
   * grows because the condition terms are fitted with it (a trim change in mid-interval is partly confounded
   * with the fouling's growth). VIF_j = [(XᵀWX)⁻¹]_jj · Σw(t − t̄)² over the interval's days (Montgomery, Peck
   * & Vining, 5th ed., §9.4.1); 1 when the terms are orthogonal to time. The same for every figure.
   */
  slopeVarianceInflation: Map<number, number>;
};

/** Share of days that must carry trim and draught for the adjustment (Sextant choice: most of them). */
export const CONDITION_MIN_SHARE = 0.8;
/** Days the fit needs beyond its parameters (Sextant choice: a month of sailing days). */
export const CONDITION_MIN_SPARE_DAYS = 30;
const TERMS = 7;

/**
 * Trim a, draught b, ln speed c (centred): the terms of q·(a − a₀ − a₁·b − a₂·c)² less those in speed alone
 * (c, c²). Speed is not a free regressor: a fouled ship at its engine's limit sails slower, so a speed term
 * would take up part of the fouling (measured on daily reports: the rate's median error 16 % with c, c² and
 * b·c, 9 % without); speed enters only where it moves the trim optimum, with trim (a·c) and with draught
 * (b·c, measured on hourly records: the worst rate error of seed 14's long intervals 11.1 → 8.9 %).
 */
const monomials = (a: number, b: number, c: number) => [a, b, a * a, b * b, a * b, a * c, b * c];

/**
 * The adjusted values, or null when too few days carry trim and draught, or the fit is singular (e.g. a
 * ship that always sails at one draught and trim): the caller then reads the values as they are.
 */
export function adjustForOperatingCondition(
  days: readonly ConditionDay[],
): OperatingConditionAdjustment | null {
  const figures = days[0]?.values.length ?? 0;
  const known = days.filter(
    (d) => d.trimM !== null && d.draughtM !== null && d.values.every((v) => Number.isFinite(v)),
  );
  if (known.length === 0 || known.length < CONDITION_MIN_SHARE * days.length) return null;
  const mean = (f: (d: ConditionDay) => number) => known.reduce((s, d) => s + f(d), 0) / known.length;
  const mt = mean((d) => d.trimM!);
  const md = mean((d) => d.draughtM!);
  const mv = mean((d) => d.lnSpeed);
  // the shared terms of every known day, computed once (centred trim a, draught b, ln speed c)
  const terms = known.map((d) => monomials(d.trimM! - mt, d.draughtM! - md, d.lnSpeed - mv));
  // per interval: a level, and a slope when its days span at least two distinct days
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  for (const d of known) {
    first.set(d.interval, Math.min(first.get(d.interval) ?? d.dayMs, d.dayMs));
    last.set(d.interval, Math.max(last.get(d.interval) ?? d.dayMs, d.dayMs));
  }
  const col = new Map<number, { level: number; slope: number | null }>();
  let p = 0;
  for (const i of [...first.keys()].sort((x, y) => x - y)) {
    const sloped = last.get(i)! > first.get(i)!;
    col.set(i, { level: p, slope: sloped ? p + 1 : null });
    p += sloped ? 2 : 1;
  }
  const k = p + TERMS;
  if (known.length < k + CONDITION_MIN_SPARE_DAYS) return null;
  const xtx = Array.from({ length: k }, () => new Float64Array(k));
  const xty = Array.from({ length: figures }, () => new Float64Array(k));
  // a day's row is sparse (its interval's level and slope, and the shared terms): only those enter
  const at = new Int32Array(TERMS + 2);
  const x = new Float64Array(TERMS + 2);
  known.forEach((d, row) => {
    const c = col.get(d.interval)!;
    const wd = d.weight ?? 1;
    let m = 0;
    at[m] = c.level;
    x[m++] = 1;
    if (c.slope !== null) {
      at[m] = c.slope;
      x[m++] = (d.dayMs - first.get(d.interval)!) / DAY_MS / JULIAN_YEAR_DAYS;
    }
    for (let j = 0; j < TERMS; j++) {
      at[m] = p + j;
      x[m++] = terms[row]![j]!;
    }
    for (let r = 0; r < m; r++) {
      const xr = xtx[at[r]!]!;
      for (let f = 0; f < figures; f++) xty[f]![at[r]!]! += wd * x[r]! * d.values[f]!;
      for (let q = 0; q < m; q++) xr[at[q]!]! += wd * x[r]! * x[q]!;
    }
  });
  // one elimination for the figures' coefficients and, per sloped interval, the column of (XᵀWX)⁻¹ its VIF reads
  const sloped = [...col].filter(([, c]) => c.slope !== null) as [number, { level: number; slope: number }][];
  const solved = solveLinearSystems(
    xtx.map((r) => [...r]),
    [
      ...xty.map((v) => [...v]),
      ...sloped.map(([, c]) => {
        const unit = new Array<number>(k).fill(0);
        unit[c.slope] = 1;
        return unit;
      }),
    ],
  );
  if (!solved) return null;
  const slopeVarianceInflation = new Map<number, number>();
  const timeSums = new Map<number, { sw: number; swt: number; swtt: number }>();
  for (const d of known) {
    const w = d.weight ?? 1;
    const t = (d.dayMs - first.get(d.interval)!) / DAY_MS / JULIAN_YEAR_DAYS;
    const sum = timeSums.get(d.interval) ?? { sw: 0, swt: 0, swtt: 0 };
    sum.sw += w;
    sum.swt += w * t;
    sum.swtt += w * t * t;
    timeSums.set(d.interval, sum);
  }
  sloped.forEach(([i, c], j) => {
    const z = solved[figures + j]!;
    const { sw, swt, swtt } = timeSums.get(i)!;
    slopeVarianceInflation.set(i, Math.max(1, z[c.slope]! * (swtt - (swt * swt) / sw)));
  });
  // the trims sailed: the optimum is looked for inside them (as the trim analysis does, decision 005)
  const lowTrim = Math.min(...known.map((d) => d.trimM! - mt));
  const highTrim = Math.max(...known.map((d) => d.trimM! - mt));
  const out: number[][] = [];
  for (let f = 0; f < figures; f++) {
    const beta = solved[f]!;
    const gamma = beta.slice(p);
    const termOf = (m: readonly number[]) => m.reduce((s, v, j) => s + gamma[j]! * v, 0);
    const fitted = terms.map(termOf);
    // The level the days are read at. At the optimum trim when the fit finds the penalty's bowl (γ of a²
    // positive): for each day the trim that minimises its fitted term at its draught and speed, a* =
    // −(γ_a + γ_ab·b + γ_ac·c)/(2·γ_aa), kept inside the trims sailed; the mean of the term there is the
    // ship's level at the optimum trim, without the crew's mean trim penalty. Otherwise the mean term.
    const gaa = gamma[2]!;
    const reference = terms.map((_, row) => {
      if (!(gaa > 0)) return fitted[row]!;
      const d = known[row]!;
      const b = d.draughtM! - md;
      const c = d.lnSpeed - mv;
      const opt = Math.min(
        highTrim,
        Math.max(lowTrim, -(gamma[0]! + gamma[4]! * b + gamma[5]! * c) / (2 * gaa)),
      );
      return termOf(monomials(opt, b, c));
    });
    const meanTerm = reference.reduce((s, v) => s + v, 0) / reference.length;
    let next = 0;
    // `known` keeps the days' order, so its terms are met in turn
    out.push(days.map((d) => (known[next] === d ? d.values[f]! - fitted[next++]! + meanTerm : d.values[f]!)));
  }
  return { values: out, fittedDays: known.length, slopeVarianceInflation };
}
