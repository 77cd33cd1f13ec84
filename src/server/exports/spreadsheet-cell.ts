/**
 * Cells of an exported spreadsheet (Excel or CSV). A text cell a spreadsheet would run as a formula is
 * neutralised: OWASP 'CSV Injection' (https://owasp.org/www-community/attacks/CSV_Injection) names the
 * leading characters `=`, `+`, `-`, `@`, tab (0x09) and carriage return (0x0D), and the fix of prefixing a
 * single quote, which Excel and LibreOffice show as text. Numbers are never text: a negative number stays
 * a number cell (it cannot start a formula), so only strings are prefixed.
 */

/** What an export cell holds: a number, an instant (a real Excel date), text, or nothing. */
export type ExportCell = number | Date | string | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet must receive it: prefixed with `'` when it would start a formula. */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell with its text neutralised; numbers, dates and empty cells unchanged. */
export function safeCell(value: ExportCell): ExportCell {
  return typeof value === "string" ? neutraliseText(value) : value;
}

/** An instant in a CSV file: ISO 8601 UTC to the second ('2025-01-15T12:00:00Z'), as uploads read it back. */
export function csvInstant(d: Date): string {
  return d.toISOString().replace(/\.000Z$/, "Z");
}

/**
 * One CSV field (RFC 4180): text neutralised, then quoted when it holds a quote, comma, line break or
 * leading/trailing space; numbers in JavaScript's shortest round-trip form; empty for null.
 */
export function csvField(value: ExportCell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value instanceof Date) return csvInstant(value);
  const text = neutraliseText(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly ExportCell[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
