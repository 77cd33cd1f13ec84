/**
 * Rejected rows as the upload calls report them (spec §3, §8): objects {row, column, value, reason} (and the
 * sheet for workbooks), or plain strings. The bulk result lists the first 5, then 'and N more errors'.
 */

export type UploadRowError = {
  row?: number | null;
  column?: string | null;
  value?: unknown;
  reason?: string | null;
  sheet?: string | null;
  /** The server's ready sentence for the row, when it gives one. */
  message?: string | null;
};

export type UploadError = string | UploadRowError;

/** How many errors the bulk result lists before 'and N more errors' (spec §8). */
export const BULK_ERRORS_SHOWN = 5;

/** 'and 3 more errors' (spec §8). */
export function moreErrorsText(count: number): string {
  return `and ${count} more errors`;
}

/** The first `limit` errors and how many are left out. */
export function firstErrors<T>(
  errors: readonly T[],
  limit = BULK_ERRORS_SHOWN,
): { shown: T[]; more: number } {
  return { shown: errors.slice(0, limit), more: Math.max(0, errors.length - limit) };
}

/** A cell value as text: empty for null/undefined, JSON for objects. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** One error as a line: "Sheet 'fuel', row 4, column 'SFOC', value '-3': must be at least 0 g/kWh". */
export function uploadErrorText(error: UploadError): string {
  if (typeof error === "string") return error;
  if (error.message) return error.message;
  const where = [
    error.sheet ? `Sheet '${error.sheet}'` : null,
    error.row !== null && error.row !== undefined ? `row ${error.row}` : null,
    error.column ? `column '${error.column}'` : null,
    error.value !== undefined && error.value !== null && cellText(error.value) !== ""
      ? `value '${cellText(error.value)}'`
      : null,
  ].filter((part): part is string => part !== null);
  const reason = error.reason ?? "rejected";
  if (where.length === 0) return reason;
  const text = where.join(", ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}: ${reason}`;
}
