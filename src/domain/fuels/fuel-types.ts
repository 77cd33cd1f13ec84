/**
 * Marine fuel types with their CO2 conversion factor (Cf, t CO2 per t fuel) and lower calorific value
 * (LCV, kJ/kg).
 *
 * Source: MEPC.364(79) (2022 EEDI calculation guidelines), Table of Cf; the Cf values are identical in
 * MEPC.308(73). Transcription checked against `shared/reference/reference-data.md` §4 [C2].
 */
export const FUEL_TYPES = [
  "HFO",
  "LFO",
  "MDO",
  "MGO",
  "LNG",
  "LPG_PROPANE",
  "LPG_BUTANE",
  "ETHANE",
  "METHANOL",
  "ETHANOL",
] as const;

export type FuelType = (typeof FUEL_TYPES)[number];

export type FuelProperties = {
  /** Human label. */
  label: string;
  /** Reference grade (ISO 8217) where one applies. */
  reference: string;
  /** Carbon content, mass fraction. */
  carbonContent: number;
  /** CO2 conversion factor Cf, t CO2 / t fuel (MEPC.364(79)). */
  cf: number;
  /** Lower calorific value, kJ/kg (MEPC.364(79)). */
  lcvKjPerKg: number;
};

/** MEPC.364(79) Cf and LCV per fuel type. MDO and MGO are both "Diesel/gas oil" (ISO 8217 DMX–DMB). */
export const FUEL_PROPERTIES: Record<FuelType, FuelProperties> = {
  HFO: {
    label: "Heavy fuel oil",
    reference: "ISO 8217 RME–RMK",
    carbonContent: 0.8493,
    cf: 3.114,
    lcvKjPerKg: 40_200,
  },
  LFO: {
    label: "Light fuel oil",
    reference: "ISO 8217 RMA–RMD",
    carbonContent: 0.8594,
    cf: 3.151,
    lcvKjPerKg: 41_200,
  },
  MDO: {
    label: "Marine diesel oil",
    reference: "ISO 8217 DMX–DMB",
    carbonContent: 0.8744,
    cf: 3.206,
    lcvKjPerKg: 42_700,
  },
  MGO: {
    label: "Marine gas oil",
    reference: "ISO 8217 DMX–DMB",
    carbonContent: 0.8744,
    cf: 3.206,
    lcvKjPerKg: 42_700,
  },
  LNG: { label: "Liquefied natural gas", reference: "–", carbonContent: 0.75, cf: 2.75, lcvKjPerKg: 48_000 },
  LPG_PROPANE: { label: "LPG (propane)", reference: "–", carbonContent: 0.8182, cf: 3.0, lcvKjPerKg: 46_300 },
  LPG_BUTANE: { label: "LPG (butane)", reference: "–", carbonContent: 0.8264, cf: 3.03, lcvKjPerKg: 45_700 },
  ETHANE: { label: "Ethane", reference: "–", carbonContent: 0.7989, cf: 2.927, lcvKjPerKg: 46_400 },
  METHANOL: { label: "Methanol", reference: "–", carbonContent: 0.375, cf: 1.375, lcvKjPerKg: 19_900 },
  ETHANOL: { label: "Ethanol", reference: "–", carbonContent: 0.5217, cf: 1.913, lcvKjPerKg: 26_800 },
};

/** The fuel types the specification's forms offer (spec §3, §9). */
export const FORM_FUEL_TYPES = ["HFO", "MDO", "LNG", "MGO"] as const satisfies readonly FuelType[];

/** Whether a string is one of the fuel types' short names (FUEL_TYPES), case-sensitive. */
export function isFuelType(value: string): value is FuelType {
  return (FUEL_TYPES as readonly string[]).includes(value);
}

/**
 * A fuel type read back from storage or a validated record: the stored value is one of FUEL_TYPES (the
 * column's CHECK list), so anything else is a broken invariant, named rather than carried on as a string.
 */
export function parseFuelType(value: unknown): FuelType {
  if (typeof value === "string" && isFuelType(value)) return value;
  throw new Error(`not a fuel type: ${String(value)} (one of: ${FUEL_TYPES.join(", ")})`);
}

/**
 * CO2 emitted by burning `fuelMass` of `fuelType`, in the same mass unit as the input
 * (t fuel -> t CO2). Source: MEPC.364(79), CO2 = FC × Cf.
 */
export function co2FromFuel(fuelMass: number, fuelType: FuelType): number {
  return fuelMass * FUEL_PROPERTIES[fuelType].cf;
}
