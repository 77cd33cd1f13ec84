/**
 * CSV rows in the upload formats of the record registry (cells from upload-rows.ts; RFC 4180 quoting;
 * ISO 8601 UTC times; an empty cell for a missing value).
 */
import { UPLOAD_COLUMNS, type UploadDataType } from "../contracts/upload-columns";
import type { FaultEvent } from "./faults";
import type { SimRecord } from "./records";
import { type Cell, isoTime, uploadRow } from "./upload-rows";

function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line (with its newline) of the given cells. */
export function csvRow(values: readonly Cell[]): string {
  let out = cell(values[0]);
  for (let i = 1; i < values.length; i++) out += `,${cell(values[i])}`;
  return `${out}\n`;
}

export function headerLine(type: UploadDataType): string {
  return csvRow(UPLOAD_COLUMNS[type]);
}

/** One CSV line (with its newline) for a record, columns in UPLOAD_COLUMNS order. */
export function csvLine(rec: SimRecord): string {
  return csvRow(uploadRow(rec));
}

export const FAULT_HEADER = "Ship ID,Data Type,Consumer,Date,Fault,Field\n";

export function faultLine(e: FaultEvent): string {
  return csvRow([e.imo, e.kind, e.consumer, isoTime(e.ts), e.fault, e.field]);
}
