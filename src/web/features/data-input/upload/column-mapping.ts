/**
 * Column mapping of the upload tool (spec §3 'Upload mapping config'): the custom mapping a user types as
 * JSON on the Column Mapping tab, else the type's default from the record registry (the server's default too).
 */
import { defaultColumnMappings } from "../../../../contracts/record-registry";
import { UPLOAD_DATA_TYPES, type UploadDataType } from "../../../../contracts/upload-columns";

/** Rows before the data (the header row) when the user gives no other number (spec §9). */
export const DEFAULT_SKIP_ROWS = 1;

export const INVALID_MAPPING_JSON = "Invalid JSON in custom mapping configuration";
export const MAPPING_NOT_AN_OBJECT =
  'Custom mapping must be a JSON object of column header to field name, e.g. {"Fuel Rate": "fuelConsumptionRate"}';

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
