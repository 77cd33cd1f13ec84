import type { FuelType } from "../fuels/fuel-types.js";
import type { FuelPrices } from "./cost-per-mile.js";

/** A fuel price that applies from `effectiveFrom` until a later entry for the same fuel replaces it. */
export type DatedFuelPrice = { fuelType: FuelType; effectiveFrom: Date; pricePerTonne: number };

/**
 * The specification's fuel cost factor, 600 per tonne (spec §7). A default for a price-table setting only:
 * never to be shown as a market price (PRODUCT.md D1).
 */
export const SPEC_DEFAULT_FUEL_PRICE_PER_TONNE = 600;

/**
 * The price per tonne of a fuel in force at `at`: the entry with the latest effectiveFrom <= at (on equal
 * dates, the later entry in the table wins). undefined when no price was in force yet.
 */
export function priceInForce(
  table: readonly DatedFuelPrice[],
  fuelType: FuelType,
  at: Date,
): number | undefined {
  let best: DatedFuelPrice | undefined;
  for (const entry of table) {
    if (entry.fuelType !== fuelType || entry.effectiveFrom.getTime() > at.getTime()) continue;
    if (best === undefined || entry.effectiveFrom.getTime() >= best.effectiveFrom.getTime()) best = entry;
  }
  return best?.pricePerTonne;
}

/** The prices in force at `at` for every fuel type that has one (see `priceInForce`). */
export function pricesInForce(table: readonly DatedFuelPrice[], at: Date): FuelPrices {
  const prices: FuelPrices = {};
  for (const fuelType of new Set(table.map((e) => e.fuelType))) {
    const price = priceInForce(table, fuelType, at);
    if (price !== undefined) prices[fuelType] = price;
  }
  return prices;
}
