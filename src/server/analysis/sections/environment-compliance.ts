/**
 * environment-compliance: the CII, EU ETS and FuelEU Maritime figures of the calendar year the range ends in,
 * from the year's start to the range's end (or now): compliance is assessed per calendar year whatever the
 * range, over all fuel burnt on board (both consumers, whatever the engine filter).
 */
import type { EnvironmentComplianceSectionResponse } from "../../../contracts/analysis/environment-compliance-section";
import { complianceYear } from "../compliance/compliance-year";
import { type AnalysisContext, presentRange } from "../context";

export async function environmentCompliance(
  ctx: AnalysisContext,
): Promise<EnvironmentComplianceSectionResponse> {
  const { db, orgId, ship, range, now } = ctx;
  const end = new Date(Math.min(range.to.getTime(), now.getTime()));
  const year = new Date(end.getTime() - 1).getUTCFullYear();
  const { projectionDetail: _p, ...figures } = await complianceYear(db, orgId, ship, year, end);
  return {
    section: "environment-compliance",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    ...figures,
  };
}
