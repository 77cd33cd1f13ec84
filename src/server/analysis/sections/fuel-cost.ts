/** fuel-fuel-cost: cost per nautical mile over time and by voyage, from the organisation's dated fuel prices. */
import type { FuelCostSectionResponse } from "../../../contracts/analysis/fuel-cost-section";
import { type FuelBurnt, priceFuels, priceSpans } from "../../../domain/cost/fuel-pricing";
import { SPEC_DEFAULT_FUEL_PRICE_PER_TONNE } from "../../../domain/cost/price-table";
import { distanceSourceOf } from "../../../domain/records/fuel-sums";
import { fuelBucketsByType, pricedSpansOf, sumOfBuckets } from "../../metrics/fuel-buckets";
import { loadPricing } from "../../metrics/org-settings";
import { voyagesInRange } from "../../metrics/voyage-fuel";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

export async function fuelCost(ctx: AnalysisContext): Promise<FuelCostSectionResponse> {
  const { db, orgId, ship, range, now } = ctx;
  const pricingPromise = loadPricing(db, orgId);
  const [pricing, b, voyages] = await Promise.all([
    pricingPromise,
    fuelBucketsByType(db, orgId, ship.id, range),
    pricingPromise.then((p) => voyagesInRange(db, orgId, ship.id, range, now, p.changes)),
  ]);
  const priced = priceSpans(pricing, pricedSpansOf(b));
  const unpriced = priced.unpriced;
  const totals = sumOfBuckets(b);
  const byVoyage = {
    voyageId: [] as number[],
    voyageNumber: [] as string[],
    departedAt: [] as number[],
    fuelCost: [] as (number | null)[],
    distanceNm: [] as number[],
    costPerNm: [] as (number | null)[],
  };
  for (const v of voyages) {
    let cost: number | null = 0;
    // per span of days with one set of prices (see voyagesInRange), priced at the span's first day
    const days = new Map<string, FuelBurnt[]>();
    for (const f of v.fuel)
      days.set(f.day, [...(days.get(f.day) ?? []), { fuelType: f.fuelType, tonnes: f.fuelT }]);
    for (const [day, fuels] of days) {
      const c = priceFuels(pricing, new Date(`${day}T00:00:00Z`), fuels, 0, unpriced);
      cost = cost === null || c.fuelCost === null ? null : cost + c.fuelCost;
    }
    byVoyage.voyageId.push(v.id);
    byVoyage.voyageNumber.push(v.voyageNumber);
    byVoyage.departedAt.push(v.departedAt.getTime() / 1000);
    byVoyage.fuelCost.push(cost);
    byVoyage.distanceNm.push(v.distanceNm);
    byVoyage.costPerNm.push(cost !== null && v.distanceNm > 0 ? cost / v.distanceNm : null);
  }
  return {
    section: "fuel-fuel-cost",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    priceSource: pricing.source,
    currency: pricing.currency,
    initialPricePerTonne: SPEC_DEFAULT_FUEL_PRICE_PER_TONNE,
    unpricedFuelTypes: [...unpriced].sort(),
    series: priced.series,
    byVoyage,
    summary: {
      totalCost: priced.totalCost,
      distanceNm: priced.distanceNm,
      costPerNm: priced.costPerNm,
      distanceSource: distanceSourceOf(totals.distanceNm, totals.distanceDerivedNm),
    },
  };
}
