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
