import { DomainInputError } from "../errors.js";
import type { FuelConsumption } from "../fuels/fuel-consumption.js";
import { co2FromFuel, isFuelType } from "../fuels/fuel-types.js";

export type { FuelConsumption } from "../fuels/fuel-consumption.js";

/**
 * Total CO2 in tonnes: M = Σ FC_j·Cf_j with Cf of MEPC.364(79) (MEPC.352(78) (G1) §4.1).
 * Throws DomainInputError('fuels[i]…') for an unknown fuel type or a negative or non-finite mass.
 */
export function totalCo2Tonnes(fuels: readonly FuelConsumption[], field = "fuels"): number {
  let sum = 0;
  fuels.forEach((f, i) => {
    if (!isFuelType(f.fuelType)) {
      throw new DomainInputError(`${field}[${i}].fuelType`, `unknown fuel type '${String(f.fuelType)}'`);
    }
    if (!Number.isFinite(f.tonnes) || f.tonnes < 0) {
      throw new DomainInputError(`${field}[${i}].tonnes`, "fuel mass must be a finite number >= 0 tonnes");
    }
    sum += co2FromFuel(f.tonnes, f.fuelType);
  });
  return sum;
}

/**
 * Attained CII = M / (Capacity·D_t) in g CO2 per capacity-tonne-mile: AER (DWT) or cgDIST (GT).
 * Capacity is the ship's ACTUAL DWT or GT (never the reference line's fixed capacity); D_t the distance
 * travelled in nm. Source: MEPC.352(78) (G1) §4.1–4.3; reference §1 notes and §6.
 */
export function attainedCii(input: {
  fuels: readonly FuelConsumption[];
  distanceNm: number;
  capacity: number;
}): number {
  if (!Number.isFinite(input.distanceNm) || input.distanceNm <= 0) {
    throw new DomainInputError(
      "distanceTravelled",
      "distance must be a number of nautical miles greater than 0",
    );
  }
  if (!Number.isFinite(input.capacity) || input.capacity <= 0) {
    throw new DomainInputError("capacity", "capacity must be a number greater than 0");
  }
  const co2Grams = totalCo2Tonnes(input.fuels) * 1e6;
  return co2Grams / (input.capacity * input.distanceNm);
}
