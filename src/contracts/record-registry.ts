/**
 * The record registry: for each upload data type, its columns in file order, each with the upload header,
 * the contract field it fills, its unit and one example value. Defined once here, it feeds the upload
 * mappings (server and browser), the CSV and Excel templates, the simulator's CSV writer and the simulated
 * fleet's database loader, so a column renamed or added here reaches all of them (and the type check names
 * every place that has to follow).
 *
 * The first columns of ships, voyages, fuel, environmental and hull are the specification's default headers
 * (spec §3, in its order); the columns after them are Sextant's additions, which the upload maps when present
 * and leaves empty when absent. The specification shows no headers for trim, compliance and auxiliary; these
 * are ours.
 *
 * The example values form one consistent fleet (a ship, a voyage of it, records of that voyage), so the
 * bulk template uploads cleanly as a whole, while one CSV template alone names a ship the caller does not
 * have. A null example is an empty cell: it shows that a value may be missing.
 */

import type { CreateMaintenanceEventBody } from "./maintenance-events";
import type {
  AuxiliaryRecordBody,
  ComplianceRecordBody,
  EnvironmentalRecordBody,
  FuelRecordBody,
  HullRecordBody,
  TrimRecordBody,
} from "./records";
import type { CreateShipBody } from "./ships";
import type { UploadDataType } from "./upload-columns";
import type { CreateVoyageBody } from "./voyages";

export type ExampleValue = string | number | null;

/** One column of an upload file: header, the contract field it fills, its unit, one example value. */
export type RecordColumn<Field extends string = string> = {
  header: string;
  field: Field;
  unit?: string;
  example: ExampleValue;
};

type Columns<Body> = readonly RecordColumn<keyof Body & string>[];

/** The ship every example row references: not a real ship, so a template uploaded alone is refused. */
export const EXAMPLE_SHIP = "Example Vessel";
export const EXAMPLE_VOYAGE = "EX-001";

/**
 * Whether a row is the templates' example row: its ship (the Vessel Name of a ship row, the Ship ID of the
 * others) is EXAMPLE_SHIP. Uploads skip it with a notice, so a template sent back unchanged (or filled in
 * below its example) never creates the example ship.
 */
export function isExampleShip(cell: unknown): boolean {
  return typeof cell === "string" && cell.trim().toLowerCase() === EXAMPLE_SHIP.toLowerCase();
}
const AT = "2025-01-15T12:00:00Z";

const SHIP_ID = { header: "Ship ID", field: "shipId", example: EXAMPLE_SHIP } as const;
const VOYAGE_ID = { header: "Voyage ID", field: "voyageId", example: EXAMPLE_VOYAGE } as const;
const DATE = { header: "Date", field: "timestamp", unit: "ISO 8601, UTC", example: AT } as const;
const RECORD_KEYS = [SHIP_ID, VOYAGE_ID, DATE] as const;

/** Ships: spec §3 defaults, then design speed, gross tonnage and year built. */
const ships = [
  { header: "Vessel Name", field: "name", example: EXAMPLE_SHIP },
  { header: "IMO Number", field: "imo", example: "9074729" },
  { header: "Ship Type", field: "type", example: "Bulk Carrier" },
  { header: "Deadweight (MT)", field: "deadweight", unit: "t", example: 82_000 },
  { header: "Engine Power (kW)", field: "enginePower", unit: "kW", example: 9_480 },
  { header: "Length (m)", field: "length", unit: "m", example: 229 },
  { header: "Beam (m)", field: "beam", unit: "m", example: 32.26 },
  { header: "Draught (m)", field: "designDraught", unit: "m", example: 14.45 },
  { header: "Design Speed (kn)", field: "designSpeed", unit: "kn", example: 14.5 },
  { header: "Gross Tonnage", field: "grossTonnage", example: null },
  { header: "Year Built", field: "yearBuilt", example: 2012 },
] as const satisfies Columns<CreateShipBody>;

/** Voyages: spec §3 defaults ('End Date' empty while the voyage is under way), then cargo carried. */
const voyages = [
  SHIP_ID,
  { header: "Voyage Number", field: "voyageNumber", example: EXAMPLE_VOYAGE },
  { header: "Departure Port", field: "origin", example: "Rotterdam" },
  { header: "Arrival Port", field: "destination", example: "Singapore" },
  { header: "Start Date", field: "departureDate", unit: "ISO 8601, UTC", example: "2025-01-10T08:00:00Z" },
  { header: "End Date", field: "arrivalDate", unit: "ISO 8601, UTC", example: null },
  { header: "Cargo (t)", field: "cargoTonnes", unit: "t", example: 65_000 },
] as const satisfies Columns<CreateVoyageBody>;

/**
 * Fuel: spec §3 defaults, then the consumer ('main' or 'auxiliary'), the distance sailed since the previous
 * record and the hours the record covers. CO2 left empty is computed from the fuel rate and the fuel's Cf.
 */
const fuel = [
  ...RECORD_KEYS,
  { header: "SFOC", field: "sfoc", unit: "g/kWh", example: 176.4 },
  { header: "Fuel Rate", field: "fuelConsumptionRate", unit: "t/day", example: 27.8 },
  { header: "Engine Load", field: "engineLoadFactor", unit: "% MCR", example: 74.5 },
  { header: "Speed STW", field: "speedThroughWater", unit: "kn", example: 13.9 },
  { header: "Speed SOG", field: "speedOverGround", unit: "kn", example: 14.2 },
  { header: "Engine Power", field: "enginePower", unit: "kW", example: 7_060 },
  { header: "Fuel Type", field: "fuelType", example: "HFO" },
  { header: "CO2 Emissions", field: "co2Emissions", unit: "t/day", example: 86.57 },
  { header: "Consumer", field: "consumer", example: "main" },
  { header: "Distance (nm)", field: "distanceNm", unit: "nm", example: 336.5 },
  { header: "Period (h)", field: "periodHours", unit: "h", example: 24 },
  { header: "Engine RPM", field: "engineRpm", unit: "rpm", example: 92.4 },
  { header: "Shaft RPM", field: "shaftRpm", unit: "rpm", example: 92.4 },
] as const satisfies Columns<FuelRecordBody>;

/** Environmental: spec §3 defaults (wind from, sea state Douglas 0-9), then temperatures and position. */
const environmental = [
  ...RECORD_KEYS,
  { header: "Wind Speed", field: "windSpeed", unit: "kn", example: 18.5 },
  { header: "Wave Height", field: "waveHeight", unit: "m", example: 2.1 },
  { header: "Wind Direction", field: "windDirection", unit: "° from", example: 225 },
  { header: "Sea State", field: "seaState", unit: "Douglas 0-9", example: 4 },
  { header: "Weather Impact", field: "weatherImpact", unit: "% added power", example: 6.5 },
  { header: "Air Temperature (C)", field: "airTemperature", unit: "°C", example: 14.2 },
  { header: "Sea Temperature (C)", field: "seaTemperature", unit: "°C", example: 12.8 },
  { header: "Latitude", field: "latitude", unit: "°", example: 48.1234 },
  { header: "Longitude", field: "longitude", unit: "°", example: -6.5432 },
  { header: "Heading", field: "heading", unit: "°", example: 215 },
] as const satisfies Columns<EnvironmentalRecordBody>;

/** Hull: spec §3 defaults (Hull Efficiency negative means degradation), then the current trim. */
const hull = [
  SHIP_ID,
  DATE,
  { header: "Hull Roughness Index", field: "roughnessIndex", example: 118.5 },
  { header: "Propeller Slip", field: "propellerSlip", unit: "%", example: 12.4 },
  { header: "Hull Efficiency", field: "hullEfficiency", unit: "%", example: -7.2 },
  { header: "Days Since Cleaning", field: "daysSinceLastCleaning", unit: "days", example: 210 },
  { header: "Last Cleaning Date", field: "lastCleaningDate", unit: "YYYY-MM-DD", example: "2024-06-19" },
  { header: "Current Trim (m)", field: "currentTrim", unit: "m", example: 0.8 },
] as const satisfies Columns<HullRecordBody>;

/** Trim: draughts, trim (aft minus fore, positive by the stern; computed when empty) and displacement. */
const trim = [
  ...RECORD_KEYS,
  { header: "Draught Fore (m)", field: "draughtFore", unit: "m", example: 12.1 },
  { header: "Draught Aft (m)", field: "draughtAft", unit: "m", example: 12.9 },
  { header: "Trim (m)", field: "trim", unit: "m", example: null },
  { header: "Displacement (t)", field: "displacement", unit: "t", example: 92_500 },
] as const satisfies Columns<TrimRecordBody>;

/** Compliance: EEOI and its target, the CII rating letter and the attained CII (year to date). */
const compliance = [
  ...RECORD_KEYS,
  { header: "EEOI", field: "eeoiValue", unit: "g CO2/(t·nm)", example: 9.85 },
  { header: "EEOI Target", field: "eeoiTarget", unit: "g CO2/(t·nm)", example: 10.5 },
  { header: "CII Rating", field: "ciiRating", unit: "A-E", example: "C" },
  { header: "CII Attained", field: "ciiAttained", unit: "g CO2/(t·nm)", example: 4.12 },
] as const satisfies Columns<ComplianceRecordBody>;

/** Auxiliary consumers, mean electrical load over the record's period. */
const auxiliary = [
  ...RECORD_KEYS,
  { header: "HVAC Power (kW)", field: "hvacPower", unit: "kW", example: 85 },
  { header: "Pumps Power (kW)", field: "pumpsPower", unit: "kW", example: 140 },
  { header: "Lighting Power (kW)", field: "lightingPower", unit: "kW", example: 35 },
  { header: "Navigation Power (kW)", field: "navigationPower", unit: "kW", example: 12 },
  { header: "Cargo Handling Power (kW)", field: "cargoHandlingPower", unit: "kW", example: 0 },
] as const satisfies Columns<AuxiliaryRecordBody>;

/**
 * Maintenance events (Sextant's type, issue 14): one row per hull cleaning, propeller polish, dry-docking
 * (with the coating applied) or engine overhaul. 'Event Type' takes the ids or the labels ('Hull cleaning');
 * 'Status' is done (the default) or planned. A re-sent row (same ship, type and day) updates the stored one.
 */
const events = [
  SHIP_ID,
  { header: "Event Type", field: "type", example: "dry-docking" },
  { header: "Date", field: "date", unit: "YYYY-MM-DD", example: "2024-06-19" },
  { header: "Status", field: "status", unit: "done or planned", example: "done" },
  { header: "Coating", field: "coating", example: "Hempaguard X7" },
  { header: "Coating Type", field: "coatingType", example: "foul-release silicone" },
  { header: "Notes", field: "notes", example: "Blasted and recoated, propeller polished" },
] as const satisfies Columns<CreateMaintenanceEventBody>;

/** Every upload data type's columns, in file order. */
export const RECORD_REGISTRY = {
  ships,
  voyages,
  fuel,
  environmental,
  hull,
  trim,
  compliance,
  auxiliary,
  events,
} as const satisfies Record<UploadDataType, readonly RecordColumn[]>;

/** The contract fields a type's files carry, as a union ('sfoc' | 'fuelType' | …). */
export type RegistryField<T extends UploadDataType> = (typeof RECORD_REGISTRY)[T][number]["field"];

/** The default {"Header": "field"} mapping of a type: every header to the contract field it fills. */
export function defaultColumnMappings(type: UploadDataType): Record<string, string> {
  return Object.fromEntries(RECORD_REGISTRY[type].map((c) => [c.header, c.field]));
}

/** The contract fields of a type in file order. */
export function registryFields<T extends UploadDataType>(type: T): RegistryField<T>[] {
  return RECORD_REGISTRY[type].map((c) => c.field) as RegistryField<T>[];
}

/** The example row of a type, in file order (null: an empty cell). */
export function exampleRow(type: UploadDataType): ExampleValue[] {
  return RECORD_REGISTRY[type].map((c) => c.example);
}
