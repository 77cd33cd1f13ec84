/**
 * The speed span a speed–power reference curve may be drawn over (issue 35 item 3: a curve is drawn only
 * where the data it rests on reaches). One rule for every place that draws the hull reference (Resistance
 * Analysis on screen; the vessel report if it ever draws it):
 * - an entered curve (sea trial or model test) over its own points' span, min–max: its points are
 *   measurements the curve passes through, with no outliers to trim, and the power law between them is
 *   what was entered;
 * - a reference fitted on the ship's records over the record-weighted 5th–95th percentile of the speeds
 *   it was fitted on. The fit is least squares over the records, so the few records in the tails carry
 *   little weight and the law is not established there; the middle 90 % of the records is where it is.
 *   The speeds are the fitting period's daily mean speeds weighted by their records, because the rollup
 *   the fit reads (hull_daily) keeps per-day sums, not each record's speed; a day's mean lies inside its
 *   records' span, so the span never reaches past the speeds actually sailed.
 * Outside the span no point is drawn: never the 0.6–1.0 × design speed the reference was not fitted on.
 */
import { DomainInputError } from "../errors.js";

export type ReferenceSpanBasis = "entered-points" | "fitted-speeds";

export type ReferenceSpan = {
  /** Lowest and highest speed (kn) the curve may be drawn at. */
  fromKn: number;
  toKn: number;
  basis: ReferenceSpanBasis;
};

/** The share of records left out below and above a fitted reference's span (5th–95th percentile). */
export const FITTED_SPAN_TAIL = 0.05;

/** A span narrower than this (kn) is a single speed: no curve is drawn over it. */
export const MIN_DRAWN_SPAN_KN = 0.1;

/** The span of an entered curve: its points' lowest to highest speed; null without two distinct speeds. */
export function enteredCurveSpan(points: readonly { speedKn: number }[]): ReferenceSpan | null {
  const speeds = points.map((p) => p.speedKn).filter((v) => Number.isFinite(v) && v > 0);
  if (speeds.length < 2) return null;
  const fromKn = Math.min(...speeds);
  const toKn = Math.max(...speeds);
  return toKn - fromKn >= MIN_DRAWN_SPAN_KN ? { fromKn, toKn, basis: "entered-points" } : null;
}

/**
 * The span of a fitted reference: the record-weighted 5th–95th percentile of the speeds it was fitted on,
 * given as groups (a speed and its record count, e.g. a day's mean speed and its accepted records). Null
 * when no records or when the span is narrower than MIN_DRAWN_SPAN_KN.
 */
export function fittedReferenceSpan(groups: readonly { speedKn: number; n: number }[]): ReferenceSpan | null {
  const valid = groups
    .filter((g) => Number.isFinite(g.speedKn) && g.speedKn > 0 && g.n > 0)
    .sort((a, b) => a.speedKn - b.speedKn);
  const total = valid.reduce((a, g) => a + g.n, 0);
  if (total === 0) return null;
  const quantile = (p: number) => {
    // the lowest speed whose cumulative share of records reaches p
    let cum = 0;
    for (const g of valid) {
      cum += g.n;
      if (cum / total >= p) return g.speedKn;
    }
    return valid[valid.length - 1]!.speedKn;
  };
  const fromKn = quantile(FITTED_SPAN_TAIL);
  const toKn = quantile(1 - FITTED_SPAN_TAIL);
  return toKn - fromKn >= MIN_DRAWN_SPAN_KN ? { fromKn, toKn, basis: "fitted-speeds" } : null;
}

/** `count` (≥ 2) evenly spaced speeds from the span's start to its end, both included: where to draw. */
export function speedsOverSpan(span: ReferenceSpan, count = 9): number[] {
  if (!(Number.isInteger(count) && count >= 2)) throw new DomainInputError("count", "must be an integer ≥ 2");
  const step = (span.toKn - span.fromKn) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? span.toKn : span.fromKn + i * step));
}
