/**
 * hull-hull-resistance: ISO 19030-2 performance values over time (speed loss and excess power against the
 * ship's reference), the filter's rejections by reason and the method, from the daily hull rollup.
 */
import type { HullResistanceSectionResponse } from "../../../contracts/analysis/hull-resistance-section";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";
import { hullEmptyReason, loadHullAnalysis } from "../hull-performance";

export async function hullResistance(ctx: AnalysisContext): Promise<HullResistanceSectionResponse> {
  const a = await loadHullAnalysis(ctx);
  return {
    section: "hull-hull-resistance",
    status: "ready",
    shipId: ctx.ship.id,
    range: presentRange(ctx.range),
    method: a.method,
    reference: a.reference,
    missingReference: a.missingReference,
    series: a.series,
    filter: a.filter,
    events: a.presentEvents,
    emptyReason: hullEmptyReason(a),
  };
}
