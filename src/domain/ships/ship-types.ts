/**
 * Ship types. The CII-rated types are the IMO ship types of MEPC.353(78) (G2) Table 1 and
 * MEPC.354(78) (G4) Table 1; `research_vessel` comes from the specification's ship list and is not
 * subject to CII rating (MARPOL Annex VI Reg. 28 applies to the listed cargo and passenger types only).
 */
export const SHIP_TYPES = [
  "bulk_carrier",
  "gas_carrier",
  "tanker",
  "container_ship",
  "general_cargo_ship",
  "refrigerated_cargo_carrier",
  "combination_carrier",
  "lng_carrier",
  "ro_ro_cargo_ship_vehicle_carrier",
  "ro_ro_cargo_ship",
  "ro_ro_passenger_ship",
  "ro_ro_passenger_ship_hsc",
  "cruise_passenger_ship",
  "research_vessel",
] as const;

export type ShipType = (typeof SHIP_TYPES)[number];

export const SHIP_TYPE_LABELS: Record<ShipType, string> = {
  bulk_carrier: "Bulk Carrier",
  gas_carrier: "Gas Carrier",
  tanker: "Tanker",
  container_ship: "Container Ship",
  general_cargo_ship: "General Cargo",
  refrigerated_cargo_carrier: "Refrigerated Cargo Carrier",
  combination_carrier: "Combination Carrier",
  lng_carrier: "LNG Carrier",
  ro_ro_cargo_ship_vehicle_carrier: "Ro-ro Cargo Ship (Vehicle Carrier)",
  ro_ro_cargo_ship: "Ro-ro Cargo Ship",
  ro_ro_passenger_ship: "Ro-ro Passenger Ship",
  ro_ro_passenger_ship_hsc: "Ro-ro Passenger Ship (High-Speed Craft)",
  cruise_passenger_ship: "Cruise Passenger Ship",
  research_vessel: "Research Vessel",
};

/** Whether the type is CII-rated under MARPOL Annex VI Reg. 28. */
export function isCiiRated(type: ShipType): boolean {
  return type !== "research_vessel";
}

/**
 * Parse a ship type from its key or a human name (case-insensitive), e.g. the specification's
 * 'Container Ship', 'Bulk Carrier', 'Tanker', 'General Cargo', 'Research Vessel' or the CII calculator's
 * 'Bulk carrier', 'General cargo ship', 'Ro-ro cargo ship (vehicle carrier)'.
 */
export function parseShipType(value: string): ShipType | undefined {
  const norm = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/[()]/g, "");
  if ((SHIP_TYPES as readonly string[]).includes(norm)) return norm as ShipType;
  for (const type of SHIP_TYPES) {
    const label = SHIP_TYPE_LABELS[type]
      .toLowerCase()
      .replace(/[\s-]+/g, "_")
      .replace(/[()]/g, "");
    if (label === norm) return type;
  }
  return SHIP_TYPE_ALIASES[norm];
}

const SHIP_TYPE_ALIASES: Record<string, ShipType> = {
  general_cargo: "general_cargo_ship",
  general_cargo_vessel: "general_cargo_ship",
  bulk: "bulk_carrier",
  bulker: "bulk_carrier",
  dry_bulk_carrier: "bulk_carrier",
  container: "container_ship",
  containership: "container_ship",
  container_vessel: "container_ship",
  oil_tanker: "tanker",
  chemical_tanker: "tanker",
  product_tanker: "tanker",
  crude_oil_tanker: "tanker",
  gas_tanker: "gas_carrier",
  lpg_carrier: "gas_carrier",
  lpg_tanker: "gas_carrier",
  combination: "combination_carrier",
  vehicle_carrier: "ro_ro_cargo_ship_vehicle_carrier",
  car_carrier: "ro_ro_cargo_ship_vehicle_carrier",
  pctc: "ro_ro_cargo_ship_vehicle_carrier",
  pcc: "ro_ro_cargo_ship_vehicle_carrier",
  ro_ro_cargo_ship_vehicle_carrier: "ro_ro_cargo_ship_vehicle_carrier",
  ro_ro_cargo: "ro_ro_cargo_ship",
  roro_cargo_ship: "ro_ro_cargo_ship",
  ro_ro_passenger: "ro_ro_passenger_ship",
  roro_passenger_ship: "ro_ro_passenger_ship",
  ro_pax: "ro_ro_passenger_ship",
  ropax: "ro_ro_passenger_ship",
  high_speed_craft: "ro_ro_passenger_ship_hsc",
  hsc: "ro_ro_passenger_ship_hsc",
  ro_ro_passenger_high_speed_craft: "ro_ro_passenger_ship_hsc",
  ro_ro_passenger_ship_high_speed_craft: "ro_ro_passenger_ship_hsc",
  ro_ro_passenger_ship_hsc: "ro_ro_passenger_ship_hsc",
  cruise: "cruise_passenger_ship",
  cruise_ship: "cruise_passenger_ship",
  reefer: "refrigerated_cargo_carrier",
  refrigerated_cargo_ship: "refrigerated_cargo_carrier",
  lng_tanker: "lng_carrier",
};
