/** The ready sentence of a rejected row, for the result panel (shapes in src/contracts/uploads.ts). */
import type { UploadError } from "../../contracts/uploads";
import type { RowError } from "./row-validator";

export type { UploadError };

/** 'Row 12, column "SFOC" (value "abc"): must be a number' — with the sheet for workbooks. */
export function describeError(e: RowError): UploadError {
  const where = `${e.sheet ? `Sheet "${e.sheet}", row` : "Row"} ${e.row}, column "${e.column}"`;
  const value = e.value === "" ? "" : ` (value "${e.value}")`;
  return { ...e, message: `${where}${value}: ${e.reason}` };
}
