/**
 * Pricing the fuel of spans of time with an organisation's dated prices: which price applies when, the cost
 * of each span and of all of them, and which fuels had no price. The fuel cost card, the sidebar's cost per
 * mile and the Fuel Cost section all price through here.
 */
import type { FuelType } from "../fuels/fuel-types.js";
import { costPerNauticalMile, type FuelPrices } from "./cost-per-mile.js";
import { type DatedFuelPrice, pricesInForce, SPEC_DEFAULT_FUEL_PRICE_PER_TONNE } from "./price-table.js";

export type Pricing = {
  /** 'specification-default' while the organisation has set no price (every fuel at the spec's 600/t). */
  source: "organisation" | "specification-default";
  currency: string;
  /** Prices in force at an instant for the fuel types asked. */
  at: (when: Date, fuelTypes: readonly string[]) => FuelPrices;
  /** The UTC dates ('YYYY-MM-DD') on which a price comes into force: between them prices do not change. */
  changes: string[];
};

/**
 * The pricing of an organisation's price table; with no entries, the specification's default for every
 * fuel (PRODUCT.md D1: labelled as such on screen, never shown as a market price).
 */
export function pricingOf(table: readonly DatedFuelPrice[], currency: string): Pricing {
  if (table.length === 0)
    return {
      source: "specification-default",
      currency,
      at: (_when, types) => Object.fromEntries(types.map((f) => [f, SPEC_DEFAULT_FUEL_PRICE_PER_TONNE])),
      changes: [],
    };
  return {
    source: "organisation",
    currency,
    at: (when) => pricesInForce(table, when),
    changes: [...new Set(table.map((p) => p.effectiveFrom.toISOString().slice(0, 10)))],
  };
}

export type FuelBurnt = { fuelType: FuelType; tonnes: number };

/**
 * Cost of fuels burnt at `when` and per nautical mile (domain costPerNauticalMile); nulls, with the unpriced
 * fuel types added to `unpriced`, when a fuel burnt has no price in force then.
 */
export function priceFuels(
  pricing: Pricing,
  when: Date,
  fuels: readonly FuelBurnt[],
  distanceNm: number,
  unpriced: Set<string>,
): { fuelCost: number | null; costPerNm: number | null } {
  const prices = pricing.at(
    when,
    fuels.map((f) => f.fuelType),
  );
  const missing = fuels.filter((f) => f.tonnes > 0 && prices[f.fuelType] === undefined);
  if (missing.length > 0) {
    for (const f of missing) unpriced.add(f.fuelType);
    return { fuelCost: null, costPerNm: null };
  }
  const r = costPerNauticalMile({
    fuels,
    prices,
    distanceNm,
  });
  return { fuelCost: r.fuelCost, costPerNm: r.costPerNm };
}

/** A span of time with its fuel per type and its distance; `t` its start, epoch s. */
export type PricedSpanInput = { t: number; fuels: readonly FuelBurnt[]; distanceNm: number };

/**
 * The cost of consecutive spans, each priced at its start, and of all of them: the total is null as soon as
 * one span burnt an unpriced fuel (a partial sum would understate it); cost per mile = total / distance.
 */
export function priceSpans(pricing: Pricing, spans: readonly PricedSpanInput[]) {
  const unpriced = new Set<string>();
  const series = {
    t: [] as number[],
    fuelCost: [] as (number | null)[],
    distanceNm: [] as number[],
    costPerNm: [] as (number | null)[],
  };
  let totalCost: number | null = 0;
  let totalDistance = 0;
  for (const s of spans) {
    const c = priceFuels(pricing, new Date(s.t * 1000), s.fuels, s.distanceNm, unpriced);
    series.t.push(s.t);
    series.fuelCost.push(c.fuelCost);
    series.distanceNm.push(s.distanceNm);
    series.costPerNm.push(c.costPerNm);
    totalCost = totalCost === null || c.fuelCost === null ? null : totalCost + c.fuelCost;
    totalDistance += s.distanceNm;
  }
  const hasData = spans.length > 0;
  return {
    series,
    unpriced,
    totalCost: hasData ? totalCost : null,
    distanceNm: hasData ? totalDistance : null,
    costPerNm: hasData && totalCost !== null && totalDistance > 0 ? totalCost / totalDistance : null,
  };
}
