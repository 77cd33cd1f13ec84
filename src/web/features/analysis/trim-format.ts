/**
 * What the trim section's chart draws (engine-trim-optimization): the bins whose curve the server's drawing
 * rule allows (domain trimCurve, sent as a non-empty `curve` or a `noCurveReason`), the current condition's
 * bin first, and for every other bin the reason it has no curve. Pure, so the rule is unit-tested.
 */
import type { TrimOptimizationSectionResponse } from "../../../contracts/analysis/trim-optimization-section";
import { CATEGORY_COLORS } from "../../ui/charts/chart-theme";
import type { XYSeries } from "../../ui/charts/charts";
import { binCovers, binLabel } from "./section-format";

type Bin = TrimOptimizationSectionResponse["bins"][number];
type Current = TrimOptimizationSectionResponse["current"];

/** How many bins' curves the chart draws at most: the current condition's first, then the best sampled. */
export const MAX_TRIM_CURVES = 5;

/** Whether a bin may be drawn: the server sent its curve (an empty one comes with its reason). */
const drawable = (bin: Bin) => bin.noCurveReason === null && bin.curve.trimM.length > 1;

/**
 * The chart's series (per drawn bin its model's curve and, as dots of the same colour, the trims sailed)
 * and the bins left out with why: 'No curve for T 10–10.5 m · 12–13 kn: only 3 voyages …'. A bin
 * left out for want of room (more than MAX_TRIM_CURVES) is not listed: it has a curve, just not here.
 */
export function trimChartBins(
  bins: readonly Bin[],
  current: Current,
): { series: XYSeries[]; omitted: { label: string; reason: string }[] } {
  const covers = (b: Bin) => current !== null && binCovers(b, current.meanDraughtM, current.speedKn);
  const supported = bins.filter(drawable);
  const shown = [
    ...supported.filter(covers),
    ...supported.filter((b) => !covers(b)).sort((a, b) => b.hoursAtSea - a.hoursAtSea),
  ].slice(0, MAX_TRIM_CURVES);
  const series = shown.flatMap((bin, i): XYSeries[] => {
    const color = CATEGORY_COLORS[i % CATEGORY_COLORS.length]!;
    return [
      {
        label: binLabel(bin),
        x: bin.curve.trimM,
        y: bin.curve.penaltyPercent,
        color,
        width: i === 0 && covers(bin) ? 3 : 1.5,
        decimals: 2,
      },
      {
        label: `${binLabel(bin)}, sailed`,
        kind: "points",
        x: bin.observed.trimM,
        y: bin.observed.penaltyPercent,
        color,
        decimals: 2,
      },
    ];
  });
  const omitted = [
    ...bins.filter((b) => !drawable(b) && covers(b)),
    ...bins.filter((b) => !drawable(b) && !covers(b)),
  ].map((b) => ({
    label: binLabel(b),
    reason: b.noCurveReason ?? b.unsupportedReason ?? "fewer than two points to draw",
  }));
  return { series, omitted };
}

/** The line under the chart for a bin without a curve. */
export const noCurveText = (o: { label: string; reason: string }) => `No curve for ${o.label}: ${o.reason}`;
