/**
 * How far the year-end attained CII may land from its linear projection (projection.ts), from the ship's own
 * days of the year so far: the basis of the projection's 95 % interval. A Sextant method over the regulatory
 * arithmetic of MEPC.352(78) (attained CII = Σ CO2 / (capacity · Σ distance)); stated here and in
 * docs/decisions/040-cii-outlook.md, with its coverage measured on simulated ship-years
 * (src/simulator/cii-projection-coverage.test.ts).
 *
 * The model. The year-end CII mixes the year so far and the rest of the year by distance; the projection
 * takes the rest to sail at the year so far's CII R, so its error is w·(R_rest − R), w the rest's share of
 * the year. Each day's residual e = CO2 − R·distance (t) sums to 0 over the year so far; blocks of days
 * (calendar months, or weeks) give the residuals' variance per day, σ² = Σ E_b² · k / ((k − 1) · n) over the
 * k blocks' sums E_b and n days with data (batch means: days inside a block may be correlated, as the days of
 * one voyage are). With d̄ the distance per day, R_rest and R then differ by σ/d̄ · √(1/n_rest + 1/n), n_rest
 * the rest's days with data at the year so far's rate. Quantile: Student's t with k − 1 degrees of freedom
 * (NIST/SEMATECH e-Handbook §1.3.6.7.2): with few blocks the spread itself is unsure.
 *
 * Two bases:
 * - **the ship's months** (at least CII_OWN_MONTHS_MIN calendar months with distance): blocks are its
 *   calendar months; a trend within them (hull fouling, seasons) shows as their spread.
 * - **the ship's weeks and a drift** (fewer months): blocks of up to 7 days, and because a few weeks cannot
 *   show how the CII moves over a year, a stated drift: the rest of the year's CII may differ from the year
 *   so far's by a linear trend of standard deviation CII_DRIFT_PER_YEAR per year, over the half year between
 *   the two periods' mid-points (w · drift · ½, normal quantile). The two parts add in quadrature.
 */
import { studentT975 } from "../performance/statistics.js";
import { DAY_MS } from "../time/units.js";
import { daysInYear } from "./projection.js";

/** One UTC day of the year so far with records: day of the year (0 = 1 January), its CO2 and distance. */
export type CiiDay = { dayOfYear: number; co2Tonnes: number; distanceNm: number };

/** Calendar months with distance from which the interval rests on the ship's months alone (Sextant rule, 040). */
export const CII_OWN_MONTHS_MIN = 6;
/** Longest block of the weeks basis, days. */
export const CII_WEEK_DAYS = 7;
/**
 * Drift of a ship's CII over a year that a few weeks cannot show, one standard deviation, as a fraction
 * [Sextant prior, MEM: hull fouling adds some 10–30 % power between cleanings, and weather and trade change
 * with the seasons]. Checked, not fitted, on simulated ship-years (src/simulator/cii-projection-coverage.test.ts).
 */
export const CII_DRIFT_PER_YEAR = 0.2;
/** Spread (fraction of the projection, one s.d.) when the days so far make a single block: nothing to measure. */
export const CII_SINGLE_BLOCK_SPREAD = 1;
/** Two-sided 95 % normal quantile. */
const Z975 = 1.96;

export type CiiIntervalBasis = {
  /** 'ship-months': the spread of the ship's calendar months; 'ship-weeks': its weeks plus the stated drift. */
  kind: "ship-months" | "ship-weeks";
  /** Blocks the spread was measured over, and their length (days; for months, the mean of days with data). */
  blocks: number;
  blockDays: number;
  degreesOfFreedom: number;
  /** Days of the year so far with records. */
  daysWithData: number;
  /** The drift prior used (fraction per year; 0 for the months basis). */
  driftPerYear: number;
  /** One standard deviation of the year-end CII from the spread and from the drift, fractions of the projection. */
  spread: number;
  drift: number;
  /** Half width of the 95 % interval, fraction of the projection. */
  halfWidth: number;
};

function monthOf(year: number, dayOfYear: number): number {
  return new Date(Date.UTC(year, 0, 1) + Math.floor(dayOfYear) * DAY_MS).getUTCMonth();
}

/**
 * The basis and half width (fraction of the projected CII) of the 95 % interval of the year-end CII, from the
 * year so far's days (see the module comment). `daysElapsed` is the projection's (days from 1 January to the
 * data's end); at the year's end the half width is 0.
 */
export function yearEndSpread(days: readonly CiiDay[], year: number, daysElapsed: number): CiiIntervalBasis {
  const yearDays = daysInYear(year);
  const data = days.filter((d) => d.co2Tonnes >= 0 && d.distanceNm >= 0);
  const n = data.length;
  const remaining = Math.max(0, yearDays - daysElapsed);
  const w = remaining / yearDays;
  const monthsSailed = new Set(data.filter((d) => d.distanceNm > 0).map((d) => monthOf(year, d.dayOfYear)));
  const kind = monthsSailed.size >= CII_OWN_MONTHS_MIN ? "ship-months" : "ship-weeks";
  const blockDays = Math.max(1, Math.min(CII_WEEK_DAYS, Math.floor(n / 4)));
  const last = Math.max(...data.map((d) => d.dayOfYear));
  const blockOf = (d: CiiDay) =>
    kind === "ship-months" ? monthOf(year, d.dayOfYear) : Math.floor((last - d.dayOfYear) / blockDays);
  const co2 = data.reduce((a, d) => a + d.co2Tonnes, 0);
  const distance = data.reduce((a, d) => a + d.distanceNm, 0);
  const sums = new Map<number, number>();
  if (distance > 0)
    for (const d of data)
      sums.set(blockOf(d), (sums.get(blockOf(d)) ?? 0) + d.co2Tonnes - (co2 / distance) * d.distanceNm);
  const k = sums.size;
  const driftPerYear = kind === "ship-weeks" ? CII_DRIFT_PER_YEAR : 0;
  const drift = w * driftPerYear * 0.5;
  let spread = w * CII_SINGLE_BLOCK_SPREAD;
  let quantile = Z975;
  if (k >= 2) {
    const variancePerDay = ([...sums.values()].reduce((a, e) => a + e * e, 0) * k) / ((k - 1) * n);
    const restDays = (remaining * n) / Math.max(daysElapsed, 1);
    const ratio = co2 / distance;
    const perDay = distance / n;
    spread =
      restDays > 0
        ? ((w * Math.sqrt(variancePerDay)) / (perDay * ratio)) * Math.sqrt(1 / restDays + 1 / n)
        : 0;
    quantile = studentT975(k - 1);
  }
  return {
    kind,
    blocks: k,
    blockDays: kind === "ship-months" ? n / Math.max(k, 1) : blockDays,
    degreesOfFreedom: Math.max(k - 1, 0),
    daysWithData: n,
    driftPerYear,
    spread,
    drift,
    halfWidth: Math.hypot(quantile * spread, Z975 * drift),
  };
}

/** The basis in words, for the projection's method. */
export function describeIntervalBasis(b: CiiIntervalBasis): string {
  const df = `Student's t, ${b.degreesOfFreedom} degrees of freedom`;
  if (b.kind === "ship-months")
    return `95 % interval from the spread of the ship's ${b.blocks} calendar months so far (${df}).`;
  const spread =
    b.blocks >= 2
      ? `the spread of the ship's ${b.blocks} blocks of ${b.blockDays} day${b.blockDays === 1 ? "" : "s"} so far (${df})`
      : `a spread of ±${Math.round(CII_SINGLE_BLOCK_SPREAD * 100)} % (one block of days: nothing to measure yet)`;
  return (
    `95 % interval from ${spread} and a drift of the CII over the rest of the year of ` +
    `${Math.round(b.driftPerYear * 100)} % a year (1 s.d.; fouling, seasons), as fewer than ` +
    `${CII_OWN_MONTHS_MIN} months have been sailed.`
  );
}
