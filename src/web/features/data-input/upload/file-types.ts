/**
 * File checks of the upload tool (spec §5): Excel or CSV for uploads, Excel only for bulk workbooks. The
 * spreadsheets fleets keep come from LibreOffice too (.ods) and delimited text is also saved as .tsv: the
 * server reads both (upload-input.ts).
 */

export const UPLOAD_EXTENSIONS = [".xlsx", ".xls", ".ods", ".csv", ".tsv"] as const;
export const BULK_EXTENSIONS = [".xlsx", ".xls", ".ods"] as const;

/** NMEA 0183 logs are text, saved by loggers under any of these names. */
export const NMEA_EXTENSIONS = [".nmea", ".log", ".txt"] as const;

/** The `accept` attribute of each file input. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.join(",");
export const BULK_ACCEPT = BULK_EXTENSIONS.join(",");
export const NMEA_ACCEPT = NMEA_EXTENSIONS.join(",");

/** The lower-case extension with its dot ('.xlsx'), or '' when the name has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 || dot === fileName.length - 1 ? "" : fileName.slice(dot).toLowerCase();
}

/** Whether the Upload Data tab takes the file: .xlsx, .xls, .ods, .csv or .tsv, any case. */
export function isUploadFile(fileName: string): boolean {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/** Whether the Bulk Upload tab takes the file: .xlsx, .xls or .ods, any case. */
export function isBulkFile(fileName: string): boolean {
  return (BULK_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/** Whether the NMEA upload takes the file: .nmea, .log or .txt, any case. */
export function isNmeaFile(fileName: string): boolean {
  return (NMEA_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}
