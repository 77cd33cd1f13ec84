/** fuel-fuel-cost: cost per nautical mile over time and by voyage, from the organisation's dated fuel prices. */
import type { FuelCostSectionResponse } from "../../../contracts/analysis/fuel-cost-section";
import { costPerNauticalMile, type FuelPrices } from "../../../domain/cost/cost-per-mile";
import {
  type DatedFuelPrice,
  pricesInForce,
  SPEC_DEFAULT_FUEL_PRICE_PER_TONNE,
} from "../../../domain/cost/price-table";
import type { FuelType } from "../../../domain/fuels/fuel-types";
import { datedPrices, listFuelPrices } from "../../settings/settings.repository";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";
import { type BucketsByType, fuelBucketsByType } from "../queries";
import { voyagesInRange } from "../voyages-in-range";

export type Pricing = {
  source: "organisation" | "specification-default";
  currency: string;
  /** Prices in force at an instant (every fuel at 600/t while the organisation has set none). */
  at: (when: Date, fuelTypes: readonly string[]) => FuelPrices;
  /** The UTC dates ('YYYY-MM-DD') on which a price comes into force: between them prices do not change. */
  changes: string[];
};

export async function loadPricing(ctx: AnalysisContext): Promise<Pricing> {
  const table = await listFuelPrices(ctx.db, ctx.orgId);
  const dated: DatedFuelPrice[] = datedPrices(table);
  if (table.usingInitialPrice)
    return {
      source: "specification-default",
      currency: table.currency,
      at: (_when, types) => Object.fromEntries(types.map((f) => [f, SPEC_DEFAULT_FUEL_PRICE_PER_TONNE])),
      changes: [],
    };
  return {
    source: "organisation",
    currency: table.currency,
    at: (when) => pricesInForce(dated, when),
    changes: table.prices.map((p) => p.validFrom),
  };
}

/**
 * Cost of fuels burnt at `when` (domain costPerNauticalMile); null, with the unpriced fuel types noted,
 * when a fuel burnt has no price in force then.
 */
export function priceFuels(
  pricing: Pricing,
  when: Date,
  fuels: { fuelType: string; tonnes: number }[],
  distanceNm: number,
  unpriced: Set<string>,
): { fuelCost: number | null; costPerNm: number | null } {
  const prices = pricing.at(
    when,
    fuels.map((f) => f.fuelType),
  );
  const missing = fuels.filter((f) => f.tonnes > 0 && prices[f.fuelType as FuelType] === undefined);
  if (missing.length > 0) {
    for (const f of missing) unpriced.add(f.fuelType);
    return { fuelCost: null, costPerNm: null };
  }
  const r = costPerNauticalMile({
    fuels: fuels as { fuelType: FuelType; tonnes: number }[],
    prices,
    distanceNm,
  });
  return { fuelCost: r.fuelCost, costPerNm: r.costPerNm };
}

/**
 * `buckets`: the range's per-bucket fuel with fuel per type (`fuelBucketsByType`) when the caller has read
 * them already (the sidebar summary shares them with the KPIs).
 */
export async function fuelCost(
  ctx: AnalysisContext,
  withVoyages = true,
  buckets?: Promise<BucketsByType>,
): Promise<FuelCostSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const pricingPromise = loadPricing(ctx);
  const [pricing, b, voyages] = await Promise.all([
    pricingPromise,
    buckets ?? fuelBucketsByType(db, orgId, ship.id, range),
    withVoyages ? pricingPromise.then((p) => voyagesInRange(ctx, p.changes)) : [],
  ]);
  const fuelAt = (i: number) => (b.by_type[i] ?? {}) as unknown as Record<string, number>;
  const unpriced = new Set<string>();
  const series = {
    t: [] as number[],
    fuelCost: [] as (number | null)[],
    distanceNm: [] as number[],
    costPerNm: [] as (number | null)[],
  };
  let totalCost: number | null = 0;
  let totalDistance = 0;
  b.t.forEach((t, i) => {
    const fuels = Object.entries(fuelAt(i)).map(([fuelType, tonnes]) => ({ fuelType, tonnes }));
    const distance = b.distance_nm[i]!;
    const c = priceFuels(pricing, new Date(t * 1000), fuels, distance, unpriced);
    series.t.push(t);
    series.fuelCost.push(c.fuelCost);
    series.distanceNm.push(distance);
    series.costPerNm.push(c.costPerNm);
    totalCost = totalCost === null || c.fuelCost === null ? null : totalCost + c.fuelCost;
    totalDistance += distance;
  });
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
    const days = new Map<string, { fuelType: string; tonnes: number }[]>();
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
  const hasData = b.t.length > 0;
  return {
    section: "fuel-fuel-cost",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    priceSource: pricing.source,
    currency: pricing.currency,
    unpricedFuelTypes: [...unpriced].sort(),
    series,
    byVoyage,
    summary: {
      totalCost: hasData ? totalCost : null,
      distanceNm: hasData ? totalDistance : null,
      costPerNm: hasData && totalCost !== null && totalDistance > 0 ? totalCost / totalDistance : null,
    },
  };
}
