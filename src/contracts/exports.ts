/**
 * Excel and CSV export of a ship's records (issue 17 item 2; PRODUCT.md D5): the dashboard's filters plus the
 * format, and for CSV the one record type it carries.
 *
 * CSV holds one record type per request (a CSV file has one header row): `type=fuel` (the default) is the
 * specification's CSV (spec §7: date, ship name, SFOC, fuel consumption, engine load, STW speed, SOG speed,
 * engine power, fuel type, CO2, in that order, then Sextant's further fuel columns); the other types give
 * their registry columns. The workbook (xlsx) holds every type, one sheet each.
 */
import { z } from "zod";
import { analysisQuery } from "./analysis/filters";
import { idParam } from "./common";

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The record types an export carries, in sheet order (ship particulars and voyages first). */
export const EXPORT_TYPES = [
  "ship",
  "voyages",
  "fuel",
  "environmental",
  "hull",
  "trim",
  "auxiliary",
  "compliance",
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/**
 * The response header announcing how many record rows (the series sheets' rows, headers excluded) an export
 * holds, sent before the streamed body: the client's progress. Exposed to the browser (same origin).
 */
export const EXPORT_RECORDS_HEADER = "x-export-records";

export const exportParams = z.object({ shipId: idParam }).strict();

/** `GET /api/exports/:shipId?format=xlsx|csv&type=&voyage=&range=&engine=&from=&to=`. */
export const exportQuery = analysisQuery.safeExtend({
  format: z.enum(EXPORT_FORMATS).default("xlsx"),
  /** CSV only: the record type of the file (a workbook carries them all). */
  type: z.enum(EXPORT_TYPES).default("fuel"),
});
export type ExportQuery = z.output<typeof exportQuery>;
export type ExportQueryInput = z.input<typeof exportQuery>;
