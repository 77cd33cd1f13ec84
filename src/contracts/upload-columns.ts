/**
 * Column headers of the upload formats, one list per data type, defined once: the fleet simulator writes
 * them and the upload feature reads them.
 *
 * The first columns of ships, voyages, fuel, environmental and hull are the specification's default headers
 * (spec §3, in its order); the columns after them are Sextant's additions, which the upload maps when present
 * and leaves empty when absent. The specification shows no headers for trim, compliance and auxiliary; these
 * are ours.
 *
 * Conventions of the files: ships are referenced by IMO number in 'Ship ID' (the upload also accepts the
 * database id or the exact vessel name); 'Voyage ID' holds the voyage number; dates are ISO 8601 in UTC;
 * numbers use a dot for decimals and no thousands separator; an empty cell is a missing value.
 */

export const UPLOAD_DATA_TYPES = [
  "ships",
  "voyages",
  "fuel",
  "environmental",
  "hull",
  "trim",
  "compliance",
  "auxiliary",
] as const;

export type UploadDataType = (typeof UPLOAD_DATA_TYPES)[number];

/** Ships: spec §3 defaults, then design speed, gross tonnage and year built. */
export const SHIP_COLUMNS = [
  "Vessel Name",
  "IMO Number",
  "Ship Type",
  "Deadweight (MT)",
  "Engine Power (kW)",
  "Length (m)",
  "Beam (m)",
  "Draught (m)",
  "Design Speed (kn)",
  "Gross Tonnage",
  "Year Built",
] as const;

/** Voyages: spec §3 defaults ('End Date' empty while the voyage is under way), then cargo carried. */
export const VOYAGE_COLUMNS = [
  "Ship ID",
  "Voyage Number",
  "Departure Port",
  "Arrival Port",
  "Start Date",
  "End Date",
  "Cargo (t)",
] as const;

/**
 * Fuel: spec §3 defaults (SFOC g/kWh, Fuel Rate MT/day, Engine Load % MCR, speeds kn, Engine Power kW,
 * CO2 Emissions t/day), then the consumer ('main' or 'auxiliary'), the distance sailed since the previous
 * record (nm) and the hours the record covers.
 */
export const FUEL_COLUMNS = [
  "Ship ID",
  "Voyage ID",
  "Date",
  "SFOC",
  "Fuel Rate",
  "Engine Load",
  "Speed STW",
  "Speed SOG",
  "Engine Power",
  "Fuel Type",
  "CO2 Emissions",
  "Consumer",
  "Distance (nm)",
  "Period (h)",
] as const;

/**
 * Environmental: spec §3 defaults (Wind Speed kn, Wave Height m, Wind Direction degrees the wind comes
 * from, Sea State Douglas 0-9, Weather Impact % added power), then temperatures (°C) and the position.
 */
export const ENVIRONMENTAL_COLUMNS = [
  "Ship ID",
  "Voyage ID",
  "Date",
  "Wind Speed",
  "Wave Height",
  "Wind Direction",
  "Sea State",
  "Weather Impact",
  "Air Temperature (C)",
  "Sea Temperature (C)",
  "Latitude",
  "Longitude",
  "Heading",
] as const;

/** Hull: spec §3 defaults (Hull Efficiency %, negative means degradation), then the current trim (m). */
export const HULL_COLUMNS = [
  "Ship ID",
  "Date",
  "Hull Roughness Index",
  "Propeller Slip",
  "Hull Efficiency",
  "Days Since Cleaning",
  "Last Cleaning Date",
  "Current Trim (m)",
] as const;

/** Trim: draughts (m), trim (m, aft minus fore, positive by the stern) and displacement (t). */
export const TRIM_COLUMNS = [
  "Ship ID",
  "Voyage ID",
  "Date",
  "Draught Fore (m)",
  "Draught Aft (m)",
  "Trim (m)",
  "Displacement (t)",
] as const;

/** Auxiliary consumers, mean electrical load over the record's period, kW. */
export const AUXILIARY_COLUMNS = [
  "Ship ID",
  "Voyage ID",
  "Date",
  "HVAC Power (kW)",
  "Pumps Power (kW)",
  "Lighting Power (kW)",
  "Navigation Power (kW)",
  "Cargo Handling Power (kW)",
] as const;

/** Compliance: EEOI (g CO2 / t·nm), its target, the CII rating letter and the attained CII (year to date). */
export const COMPLIANCE_COLUMNS = [
  "Ship ID",
  "Voyage ID",
  "Date",
  "EEOI",
  "EEOI Target",
  "CII Rating",
  "CII Attained",
] as const;

export const UPLOAD_COLUMNS = {
  ships: SHIP_COLUMNS,
  voyages: VOYAGE_COLUMNS,
  fuel: FUEL_COLUMNS,
  environmental: ENVIRONMENTAL_COLUMNS,
  hull: HULL_COLUMNS,
  trim: TRIM_COLUMNS,
  compliance: COMPLIANCE_COLUMNS,
  auxiliary: AUXILIARY_COLUMNS,
} as const satisfies Record<UploadDataType, readonly string[]>;

/** The columns the specification gives as defaults (spec §3); the rest of each list is optional. */
export const SPEC_DEFAULT_COLUMN_COUNT: Partial<Record<UploadDataType, number>> = {
  ships: 8,
  voyages: 6,
  fuel: 11,
  environmental: 8,
  hull: 7,
};
