import { UPLOAD_DATA_TYPES, type UploadDataType } from "../../../../contracts/upload-columns";

/** How each upload data type (spec §3) is named in the tool. */
export const DATA_TYPE_LABELS: Record<UploadDataType, string> = {
  ships: "Ships",
  voyages: "Voyages",
  fuel: "Fuel Data",
  environmental: "Environmental Data",
  hull: "Hull Condition",
  trim: "Trim",
  compliance: "Compliance",
  auxiliary: "Auxiliary Systems",
  events: "Maintenance Events",
};

export const DATA_TYPE_OPTIONS = UPLOAD_DATA_TYPES.map((type) => ({
  value: type,
  label: DATA_TYPE_LABELS[type],
}));

/** The label of a type the server names (a bulk sheet may name one the browser does not know). */
export function dataTypeLabel(type: string): string {
  return (DATA_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** The upload tool's own types beside the record types: a noon-report sheet, mapped to many record types. */
export const NOON_TYPE = "noon";
/** An NMEA 0183 log of one ship's bridge network (contracts/nmea-upload.ts): sentences, not columns. */
export const NMEA_TYPE = "nmea";
export type UploadToolType = UploadDataType | typeof NOON_TYPE | typeof NMEA_TYPE;

/** The Data type choices of the Upload Data and Column Mapping tabs: noon reports, then each record type. */
export const UPLOAD_TOOL_TYPE_OPTIONS = [
  { value: NOON_TYPE, label: "Noon Reports (one sheet, many record types)" },
  ...DATA_TYPE_OPTIONS,
  { value: NMEA_TYPE, label: "NMEA 0183 Log (bridge instruments)" },
];
