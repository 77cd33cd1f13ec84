/**
 * CSV templates per data type, built in the browser (spec §7): the header row and ONE example row of the
 * record registry (the Excel template's too), showing the format (ISO dates in UTC, a dot for decimals, empty
 * cells for missing values, ships referenced by exact name, IMO number or id). The example row is not data:
 * the tool labels it 'Example row' and it names an 'Example Vessel', which uploads skip with a notice
 * (`isExampleShip`), so a template sent back unchanged is refused as having no data rows.
 */
import { exampleRow } from "../../../../contracts/record-registry";
import { UPLOAD_COLUMNS, type UploadDataType } from "../../../../contracts/upload-columns";

/** One CSV cell, quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The header row and the example row of a type, as [headers, cells]. */
export function templateRows(type: UploadDataType): [string[], string[]] {
  const example = exampleRow(type).map((value) => (value === null ? "" : String(value)));
  return [[...UPLOAD_COLUMNS[type]], example];
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
