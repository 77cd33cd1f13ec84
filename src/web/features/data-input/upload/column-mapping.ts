/**
 * Column mapping of the upload tool (spec §3 'Upload mapping config'): column header → field of the record
 * contract, per data type, and the custom mapping a user types as JSON on the Column Mapping tab.
 */
import {
  type AUXILIARY_COLUMNS,
  type COMPLIANCE_COLUMNS,
  type ENVIRONMENTAL_COLUMNS,
  type FUEL_COLUMNS,
  type HULL_COLUMNS,
  type SHIP_COLUMNS,
  type TRIM_COLUMNS,
  UPLOAD_DATA_TYPES,
  type UploadDataType,
  type VOYAGE_COLUMNS,
} from "../../../../contracts/upload-columns";

/** Rows before the data (the header row) when the user gives no other number (spec §9). */
export const DEFAULT_SKIP_ROWS = 1;

export const INVALID_MAPPING_JSON = "Invalid JSON in custom mapping configuration";
export const MAPPING_NOT_AN_OBJECT =
  'Custom mapping must be a JSON object of column header to field name, e.g. {"Fuel Rate": "fuelConsumptionRate"}';

type Mapping<Columns extends readonly string[]> = Record<Columns[number], string>;

const RECORD_KEYS = { "Ship ID": "shipId", "Voyage ID": "voyageId", Date: "timestamp" } as const;

/** The default mapping per type: every header of upload-columns.ts to the contract field it fills. */
export const DEFAULT_COLUMN_MAPPINGS: {
  ships: Mapping<typeof SHIP_COLUMNS>;
  voyages: Mapping<typeof VOYAGE_COLUMNS>;
  fuel: Mapping<typeof FUEL_COLUMNS>;
  environmental: Mapping<typeof ENVIRONMENTAL_COLUMNS>;
  hull: Mapping<typeof HULL_COLUMNS>;
  trim: Mapping<typeof TRIM_COLUMNS>;
  compliance: Mapping<typeof COMPLIANCE_COLUMNS>;
  auxiliary: Mapping<typeof AUXILIARY_COLUMNS>;
} = {
  ships: {
    "Vessel Name": "name",
    "IMO Number": "imo",
    "Ship Type": "type",
    "Deadweight (MT)": "deadweight",
    "Engine Power (kW)": "enginePower",
    "Length (m)": "length",
    "Beam (m)": "beam",
    "Draught (m)": "designDraught",
    "Design Speed (kn)": "designSpeed",
    "Gross Tonnage": "grossTonnage",
    "Year Built": "yearBuilt",
  },
  voyages: {
    "Ship ID": "shipId",
    "Voyage Number": "voyageNumber",
    "Departure Port": "origin",
    "Arrival Port": "destination",
    "Start Date": "departureDate",
    "End Date": "arrivalDate",
    "Cargo (t)": "cargoTonnes",
  },
  fuel: {
    ...RECORD_KEYS,
    SFOC: "sfoc",
    "Fuel Rate": "fuelConsumptionRate",
    "Engine Load": "engineLoadFactor",
    "Speed STW": "speedThroughWater",
    "Speed SOG": "speedOverGround",
    "Engine Power": "enginePower",
    "Fuel Type": "fuelType",
    "CO2 Emissions": "co2Emissions",
    Consumer: "consumer",
    "Distance (nm)": "distanceNm",
    "Period (h)": "periodHours",
  },
  environmental: {
    ...RECORD_KEYS,
    "Wind Speed": "windSpeed",
    "Wave Height": "waveHeight",
    "Wind Direction": "windDirection",
    "Sea State": "seaState",
    "Weather Impact": "weatherImpact",
    "Air Temperature (C)": "airTemperature",
    "Sea Temperature (C)": "seaTemperature",
    Latitude: "latitude",
    Longitude: "longitude",
    Heading: "heading",
  },
  hull: {
    "Ship ID": "shipId",
    Date: "timestamp",
    "Hull Roughness Index": "roughnessIndex",
    "Propeller Slip": "propellerSlip",
    "Hull Efficiency": "hullEfficiency",
    "Days Since Cleaning": "daysSinceLastCleaning",
    "Last Cleaning Date": "lastCleaningDate",
    "Current Trim (m)": "currentTrim",
  },
  trim: {
    ...RECORD_KEYS,
    "Draught Fore (m)": "draughtFore",
    "Draught Aft (m)": "draughtAft",
    "Trim (m)": "trim",
    "Displacement (t)": "displacement",
  },
  compliance: {
    ...RECORD_KEYS,
    EEOI: "eeoiValue",
    "EEOI Target": "eeoiTarget",
    "CII Rating": "ciiRating",
    "CII Attained": "ciiAttained",
  },
  auxiliary: {
    ...RECORD_KEYS,
    "HVAC Power (kW)": "hvacPower",
    "Pumps Power (kW)": "pumpsPower",
    "Lighting Power (kW)": "lightingPower",
    "Navigation Power (kW)": "navigationPower",
    "Cargo Handling Power (kW)": "cargoHandlingPower",
  },
};

/** The default mapping of a type as a plain record. */
export function defaultColumnMappings(type: UploadDataType): Record<string, string> {
  return { ...DEFAULT_COLUMN_MAPPINGS[type] };
}

/** Whether a string names an upload data type. */
export function isUploadDataType(value: string): value is UploadDataType {
  return (UPLOAD_DATA_TYPES as readonly string[]).includes(value);
}

export type ParsedMapping =
  | { ok: true; mapping: Record<string, string> | null }
  | { ok: false; error: string };

/**
 * The custom mapping text of the Column Mapping tab: empty means 'use the default' (null); otherwise a JSON
 * object of header → field name. Invalid JSON gives the specification's message (spec §5).
 */
export function parseCustomMapping(text: string): ParsedMapping {
  if (text.trim() === "") return { ok: true, mapping: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: INVALID_MAPPING_JSON };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { ok: false, error: MAPPING_NOT_AN_OBJECT };
  const mapping: Record<string, string> = {};
  for (const [header, field] of Object.entries(parsed)) {
    if (typeof field !== "string" || field.trim() === "" || header.trim() === "")
      return { ok: false, error: MAPPING_NOT_AN_OBJECT };
    mapping[header] = field.trim();
  }
  return { ok: true, mapping };
}

/** The `mappingConfig` JSON text of POST /api/upload-data: the custom mapping, else the type's default. */
export function mappingConfigText(
  dataType: UploadDataType,
  customMapping: Record<string, string> | null,
  skipRows = DEFAULT_SKIP_ROWS,
): string {
  return JSON.stringify({
    dataType,
    columnMappings: customMapping ?? defaultColumnMappings(dataType),
    skipRows,
  });
}
