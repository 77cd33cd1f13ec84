import { assertCapacity, CAPACITY_BASIS, type CapacityBasis, type CiiShipType } from "./capacity-basis.js";

/**
 * MEPC.353(78) LNG carrier < 65,000 DWT: a = 14779E10 as four transcriptions of the resolution print it
 * (reference §0, §1). ⚠ AWAITING CHECK against the resolution's text: MEPC.337(76) printed 14479E10,
 * which would make the line continuous with the 65k–100k band. Change it here only.
 */
export const LNG_CARRIER_BELOW_65K_A_AWAITING_CHECK = 14779e10;

/** One row of MEPC.353(78) Table 1: applies when minCapacity <= capacity < maxCapacity (actual DWT/GT). */
export type ReferenceLineRow = {
  key: string;
  shipType: CiiShipType;
  condition: string;
  capacityBasis: CapacityBasis;
  /** Inclusive lower bound of the size band, in the basis unit. */
  minCapacity: number;
  /** Exclusive upper bound of the size band; null = no upper bound. */
  maxCapacity: number | null;
  /** Capacity used in the reference line instead of the ship's (reference line only, never attained CII). */
  fixedReferenceCapacity: number | null;
  a: number;
  c: number;
};

const row = (
  key: string,
  shipType: CiiShipType,
  condition: string,
  a: number,
  c: number,
  band: { min?: number; max?: number; fixed?: number } = {},
): ReferenceLineRow => ({
  key,
  shipType,
  condition,
  capacityBasis: CAPACITY_BASIS[shipType],
  minCapacity: band.min ?? 0,
  maxCapacity: band.max ?? null,
  fixedReferenceCapacity: band.fixed ?? null,
  a,
  c,
});

/**
 * CII reference line parameters, MEPC.353(78) (G2) Table 1: CII_ref = a·Capacity^(−c) in g CO2/(t·nm) or
 * g CO2/(GT·nm). Reference §1 [C2]; keys as in reference-data.json. Vehicle carrier a = 3627 ([C2]; one
 * report's 3672 is a typo).
 */
export const CII_REFERENCE_LINES: readonly ReferenceLineRow[] = [
  row("bulk_ge279k", "bulk_carrier", "DWT >= 279,000", 4745, 0.622, { min: 279_000, fixed: 279_000 }),
  row("bulk_lt279k", "bulk_carrier", "DWT < 279,000", 4745, 0.622, { max: 279_000 }),
  row("gas_ge65k", "gas_carrier", "DWT >= 65,000", 14405e7, 2.071, { min: 65_000 }),
  row("gas_lt65k", "gas_carrier", "DWT < 65,000", 8104, 0.639, { max: 65_000 }),
  row("tanker", "tanker", "all", 5247, 0.61),
  row("container", "container_ship", "all", 1984, 0.489),
  row("general_cargo_ge20k", "general_cargo_ship", "DWT >= 20,000", 31948, 0.792, { min: 20_000 }),
  row("general_cargo_lt20k", "general_cargo_ship", "DWT < 20,000", 588, 0.3885, { max: 20_000 }),
  row("reefer", "refrigerated_cargo_carrier", "all", 4600, 0.557),
  row("combination", "combination_carrier", "all", 5119, 0.622),
  row("lng_ge100k", "lng_carrier", "DWT >= 100,000", 9.827, 0, { min: 100_000 }),
  row("lng_65k_100k", "lng_carrier", "65,000 <= DWT < 100,000", 14479e10, 2.673, {
    min: 65_000,
    max: 100_000,
  }),
  row("lng_lt65k", "lng_carrier", "DWT < 65,000", LNG_CARRIER_BELOW_65K_A_AWAITING_CHECK, 2.673, {
    max: 65_000,
    fixed: 65_000,
  }),
  row("vehicle_carrier_ge57700", "ro_ro_cargo_ship_vehicle_carrier", "GT >= 57,700", 3627, 0.59, {
    min: 57_700,
    fixed: 57_700,
  }),
  row("vehicle_carrier_30k_57700", "ro_ro_cargo_ship_vehicle_carrier", "30,000 <= GT < 57,700", 3627, 0.59, {
    min: 30_000,
    max: 57_700,
  }),
  row("vehicle_carrier_lt30k", "ro_ro_cargo_ship_vehicle_carrier", "GT < 30,000", 330, 0.329, {
    max: 30_000,
  }),
  row("roro_cargo", "ro_ro_cargo_ship", "all", 1967, 0.485),
  row("ropax", "ro_ro_passenger_ship", "ro-ro passenger ship", 2023, 0.46),
  row("ropax_hsc", "ro_ro_passenger_ship_hsc", "high-speed craft to SOLAS ch. X", 4196, 0.46),
  row("cruise", "cruise_passenger_ship", "all", 930, 0.383),
];

/** Whether a size band [min, max) contains the capacity. */
export function inBand(band: { minCapacity: number; maxCapacity: number | null }, capacity: number): boolean {
  return capacity >= band.minCapacity && (band.maxCapacity === null || capacity < band.maxCapacity);
}

/**
 * The MEPC.353(78) Table 1 row for a ship type and its actual capacity (DWT or GT per CAPACITY_BASIS).
 * The size condition is evaluated on the actual capacity (reference §1 notes).
 */
export function referenceLineFor(shipType: CiiShipType, capacity: number): ReferenceLineRow {
  assertCapacity(capacity, CAPACITY_BASIS[shipType]);
  const found = CII_REFERENCE_LINES.find((r) => r.shipType === shipType && inBand(r, capacity));
  if (!found) throw new Error(`no MEPC.353(78) row for ${shipType} at ${capacity}`); // unreachable: bands cover (0, ∞)
  return found;
}

/**
 * Reference CII, CII_ref = a·Capacity^(−c) (MEPC.353(78) §3, Table 1), in g CO2 per capacity-tonne-mile.
 * Capacity is the ship's actual DWT/GT, replaced by the row's fixed capacity where Table 1 gives one.
 */
export function referenceCii(shipType: CiiShipType, capacity: number): number {
  const line = referenceLineFor(shipType, capacity);
  const refCapacity = line.fixedReferenceCapacity ?? capacity;
  return line.a * refCapacity ** -line.c;
}
