import { DomainInputError } from "../errors.js";
import { parseShipType, type ShipType } from "../ships/ship-types.js";

/** The ship types rated under MARPOL Annex VI Reg. 28 (MEPC.353(78) Table 1). */
export type CiiShipType = Exclude<ShipType, "research_vessel">;

/** Capacity in the CII: deadweight (AER) or gross tonnage (cgDIST). */
export type CapacityBasis = "DWT" | "GT";

/**
 * Capacity basis per ship type: GT for vehicle carriers, ro-ro cargo, ro-pax (with HSC) and cruise, DWT
 * for the other eight. Source: MEPC.352(78) (G1) §2.5 and §4.2; MEPC.353(78) Table 1 (reference §1, [C2]).
 */
export const CAPACITY_BASIS: Record<CiiShipType, CapacityBasis> = {
  bulk_carrier: "DWT",
  gas_carrier: "DWT",
  tanker: "DWT",
  container_ship: "DWT",
  general_cargo_ship: "DWT",
  refrigerated_cargo_carrier: "DWT",
  combination_carrier: "DWT",
  lng_carrier: "DWT",
  ro_ro_cargo_ship_vehicle_carrier: "GT",
  ro_ro_cargo_ship: "GT",
  ro_ro_passenger_ship: "GT",
  ro_ro_passenger_ship_hsc: "GT",
  cruise_passenger_ship: "GT",
};

/** The CII-rated ship types, in MEPC.353(78) Table 1 order. */
export const CII_SHIP_TYPES = Object.keys(CAPACITY_BASIS) as CiiShipType[];

/** Name of the input that carries the capacity for a basis (for error messages and forms). */
export function capacityField(basis: CapacityBasis): "deadweight" | "grossTonnage" {
  return basis === "DWT" ? "deadweight" : "grossTonnage";
}

/**
 * Resolves a ship type name (key, label or alias, case-insensitive) to a CII-rated type.
 * Throws DomainInputError('shipType') for an unknown or non-rated type (MARPOL Annex VI Reg. 28).
 */
export function requireCiiShipType(value: string, field = "shipType"): CiiShipType {
  const type = parseShipType(value);
  if (type === undefined) throw new DomainInputError(field, `unknown ship type '${value}'`);
  if (type === "research_vessel") {
    throw new DomainInputError(field, `'${value}' is not CII-rated (MARPOL Annex VI Reg. 28)`);
  }
  return type;
}

/** Throws DomainInputError unless `capacity` (DWT or GT) is a finite number > 0. */
export function assertCapacity(capacity: number, basis: CapacityBasis): void {
  if (!Number.isFinite(capacity) || capacity <= 0) {
    throw new DomainInputError(capacityField(basis), `${basis} must be a number greater than 0`);
  }
}
