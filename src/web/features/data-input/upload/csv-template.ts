/**
 * CSV templates per data type, built in the browser (spec §7): the header row of upload-columns.ts and ONE
 * example row that shows the format (ISO dates in UTC, a dot for decimals, empty cells for missing values,
 * ships referenced by exact name, IMO number or id). The example row is not data: the tool labels it
 * 'Example row' and it names an 'Example Vessel', so uploading it unchanged fails as an unknown ship.
 */
import {
  type AUXILIARY_COLUMNS,
  type COMPLIANCE_COLUMNS,
  type ENVIRONMENTAL_COLUMNS,
  type FUEL_COLUMNS,
  type HULL_COLUMNS,
  type SHIP_COLUMNS,
  type TRIM_COLUMNS,
  UPLOAD_COLUMNS,
  type UploadDataType,
  type VOYAGE_COLUMNS,
} from "../../../../contracts/upload-columns";

type Row<Columns extends readonly string[]> = Record<Columns[number], string>;

const SHIP = "Example Vessel";
const VOYAGE = "EX-001";
const WHEN = "2025-01-15T12:00:00Z";

/** The example row of each template: a format illustration, typed so every header has a cell. */
export const EXAMPLE_ROWS: {
  ships: Row<typeof SHIP_COLUMNS>;
  voyages: Row<typeof VOYAGE_COLUMNS>;
  fuel: Row<typeof FUEL_COLUMNS>;
  environmental: Row<typeof ENVIRONMENTAL_COLUMNS>;
  hull: Row<typeof HULL_COLUMNS>;
  trim: Row<typeof TRIM_COLUMNS>;
  compliance: Row<typeof COMPLIANCE_COLUMNS>;
  auxiliary: Row<typeof AUXILIARY_COLUMNS>;
} = {
  ships: {
    "Vessel Name": SHIP,
    "IMO Number": "9074729",
    "Ship Type": "Bulk Carrier",
    "Deadweight (MT)": "82000",
    "Engine Power (kW)": "9480",
    "Length (m)": "229",
    "Beam (m)": "32.26",
    "Draught (m)": "14.45",
    "Design Speed (kn)": "14.5",
    "Gross Tonnage": "",
    "Year Built": "2012",
  },
  voyages: {
    "Ship ID": SHIP,
    "Voyage Number": VOYAGE,
    "Departure Port": "Rotterdam",
    "Arrival Port": "Singapore",
    "Start Date": "2025-01-10T08:00:00Z",
    "End Date": "",
    "Cargo (t)": "65000",
  },
  fuel: {
    "Ship ID": SHIP,
    "Voyage ID": VOYAGE,
    Date: WHEN,
    SFOC: "176.4",
    "Fuel Rate": "27.8",
    "Engine Load": "74.5",
    "Speed STW": "13.9",
    "Speed SOG": "14.2",
    "Engine Power": "7060",
    "Fuel Type": "HFO",
    "CO2 Emissions": "",
    Consumer: "main",
    "Distance (nm)": "336.5",
    "Period (h)": "24",
  },
  environmental: {
    "Ship ID": SHIP,
    "Voyage ID": VOYAGE,
    Date: WHEN,
    "Wind Speed": "18.5",
    "Wave Height": "2.1",
    "Wind Direction": "225",
    "Sea State": "4",
    "Weather Impact": "6.5",
    "Air Temperature (C)": "14.2",
    "Sea Temperature (C)": "12.8",
    Latitude: "48.1234",
    Longitude: "-6.5432",
    Heading: "215",
  },
  hull: {
    "Ship ID": SHIP,
    Date: WHEN,
    "Hull Roughness Index": "118.5",
    "Propeller Slip": "12.4",
    "Hull Efficiency": "-7.2",
    "Days Since Cleaning": "210",
    "Last Cleaning Date": "2024-06-19",
    "Current Trim (m)": "0.8",
  },
  trim: {
    "Ship ID": SHIP,
    "Voyage ID": VOYAGE,
    Date: WHEN,
    "Draught Fore (m)": "12.1",
    "Draught Aft (m)": "12.9",
    "Trim (m)": "",
    "Displacement (t)": "92500",
  },
  compliance: {
    "Ship ID": SHIP,
    "Voyage ID": VOYAGE,
    Date: WHEN,
    EEOI: "9.85",
    "EEOI Target": "10.5",
    "CII Rating": "C",
    "CII Attained": "4.12",
  },
  auxiliary: {
    "Ship ID": SHIP,
    "Voyage ID": VOYAGE,
    Date: WHEN,
    "HVAC Power (kW)": "85",
    "Pumps Power (kW)": "140",
    "Lighting Power (kW)": "35",
    "Navigation Power (kW)": "12",
    "Cargo Handling Power (kW)": "0",
  },
};

/** One CSV cell, quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The header row and the example row of a type, as [headers, cells]. */
export function templateRows(type: UploadDataType): [string[], string[]] {
  const headers = [...UPLOAD_COLUMNS[type]];
  const example = EXAMPLE_ROWS[type] as Record<string, string>;
  return [headers, headers.map((header) => example[header] ?? "")];
}

/** The CSV text of a type's template: header row, example row, CRLF line ends. */
export function buildCsvTemplate(type: UploadDataType): string {
  return `${templateRows(type)
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")}\r\n`;
}

/** 'sextant-fuel-template.csv'. */
export function templateFileName(type: UploadDataType): string {
  return `sextant-${type}-template.csv`;
}
