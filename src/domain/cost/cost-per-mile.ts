import { DomainInputError } from "../errors.js";
import type { FuelConsumption } from "../fuels/fuel-consumption.js";
import type { FuelType } from "../fuels/fuel-types.js";

/** Price per tonne of fuel by type, in one currency. */
export type FuelPrices = Partial<Record<FuelType, number>>;

/**
 * Fuel cost = Σ tonnes_j × price_j (currency of the prices). Throws DomainInputError naming
 * `prices.<type>` when a fuel that was burnt has no price. Plain accounting identity, no standard.
 */
export function fuelCost(fuels: readonly FuelConsumption[], prices: FuelPrices): number {
  let total = 0;
  fuels.forEach((f, i) => {
    if (!Number.isFinite(f.tonnes) || f.tonnes < 0) {
      throw new DomainInputError(`fuels[${i}].tonnes`, "fuel mass must be a number of tonnes >= 0");
    }
    if (f.tonnes === 0) return;
    const price = prices[f.fuelType];
    if (price === undefined || !Number.isFinite(price) || price < 0) {
      throw new DomainInputError(`prices.${f.fuelType}`, `no valid price per tonne for ${f.fuelType}`);
    }
    total += f.tonnes * price;
  });
  return total;
}

export type CostPerMile = {
  fuelCost: number;
  distanceNm: number;
  /** Fuel cost per nautical mile; null when no distance was sailed (e.g. a period in port). */
  costPerNm: number | null;
};

/**
 * Cost per nautical mile = Σ tonnes_j × price_j / distance (currency/nm), the specification's
 * "cost per nautical mile". Distance must be >= 0; with 0 nm the cost per mile is null, not infinite.
 */
export function costPerNauticalMile(input: {
  fuels: readonly FuelConsumption[];
  prices: FuelPrices;
  distanceNm: number;
}): CostPerMile {
  if (!Number.isFinite(input.distanceNm) || input.distanceNm < 0) {
    throw new DomainInputError("distanceNm", "distance must be a number of nautical miles >= 0");
  }
  const cost = fuelCost(input.fuels, input.prices);
  return {
    fuelCost: cost,
    distanceNm: input.distanceNm,
    costPerNm: input.distanceNm > 0 ? cost / input.distanceNm : null,
  };
}
