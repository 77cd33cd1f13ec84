import { assertCapacity, CAPACITY_BASIS, type CiiShipType } from "./capacity-basis.js";
import { inBand } from "./reference-lines.js";

/** exp(d1)…exp(d4): superior, lower, upper and inferior boundary as multiples of the required CII. */
export type DdVector = readonly [superior: number, lower: number, upper: number, inferior: number];

export type DdVectorRow = {
  key: string;
  shipType: CiiShipType;
  condition: string;
  minCapacity: number;
  maxCapacity: number | null;
  expD: DdVector;
};

const row = (
  key: string,
  shipType: CiiShipType,
  expD: DdVector,
  condition = "all",
  band: { min?: number; max?: number } = {},
): DdVectorRow => ({
  key,
  shipType,
  condition,
  minCapacity: band.min ?? 0,
  maxCapacity: band.max ?? null,
  expD,
});

/**
 * dd vectors of MEPC.354(78) (G4) Table 1. The table prints exp(d) already: they are used as printed,
 * never exponentiated again. HSC uses the ro-pax row (KR-PRD). Reference §2 [C2].
 */
export const CII_DD_VECTORS: readonly DdVectorRow[] = [
  row("bulk", "bulk_carrier", [0.86, 0.94, 1.06, 1.18]),
  row("gas_ge65k", "gas_carrier", [0.81, 0.91, 1.12, 1.44], "DWT >= 65,000", { min: 65_000 }),
  row("gas_lt65k", "gas_carrier", [0.85, 0.95, 1.06, 1.25], "DWT < 65,000", { max: 65_000 }),
  row("tanker", "tanker", [0.82, 0.93, 1.08, 1.28]),
  row("container", "container_ship", [0.83, 0.94, 1.07, 1.19]),
  row("general_cargo", "general_cargo_ship", [0.83, 0.94, 1.06, 1.19]),
  row("reefer", "refrigerated_cargo_carrier", [0.78, 0.91, 1.07, 1.2]),
  row("combination", "combination_carrier", [0.87, 0.96, 1.06, 1.14]),
  row("lng_ge100k", "lng_carrier", [0.89, 0.98, 1.06, 1.13], "DWT >= 100,000", { min: 100_000 }),
  row("lng_lt100k", "lng_carrier", [0.78, 0.92, 1.1, 1.37], "DWT < 100,000", { max: 100_000 }),
  row("vehicle_carrier", "ro_ro_cargo_ship_vehicle_carrier", [0.86, 0.94, 1.06, 1.16]),
  row("roro_cargo", "ro_ro_cargo_ship", [0.76, 0.89, 1.08, 1.27]),
  row("ropax", "ro_ro_passenger_ship", [0.76, 0.92, 1.14, 1.3]),
  row("ropax_hsc", "ro_ro_passenger_ship_hsc", [0.76, 0.92, 1.14, 1.3]),
  row("cruise", "cruise_passenger_ship", [0.87, 0.95, 1.06, 1.16]),
];

/** The MEPC.354(78) Table 1 dd vector (as exp(d)) for a ship type at its actual DWT/GT. */
export function ddVectorFor(shipType: CiiShipType, capacity: number): DdVectorRow {
  assertCapacity(capacity, CAPACITY_BASIS[shipType]);
  const found = CII_DD_VECTORS.find((r) => r.shipType === shipType && inBand(r, capacity));
  if (!found) throw new Error(`no MEPC.354(78) row for ${shipType} at ${capacity}`); // unreachable
  return found;
}
