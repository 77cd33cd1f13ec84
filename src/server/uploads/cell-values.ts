/**
 * What a spreadsheet cell holds once read (CSV gives strings; .xlsx and .xls also numbers, booleans and real
 * date cells), and its conversion to the value a contract field expects. Conversion is deliberately lenient
 * only where a file format forces it (decimal comma, numbers typed as text); anything doubtful is passed on
 * unchanged so that the contract rejects it with its own reason.
 */
import { Duration, type TimeOfDay } from "../../domain/spreadsheets";

/**
 * A time of day and a duration are what a workbook's time and elapsed-time formats show (domain
 * spreadsheets/cell-kinds.ts): '12:00' in a 'Time' column is never the date 1899-12-30.
 */
export type Cell = string | number | boolean | Date | TimeOfDay | Duration | null | undefined;

/** One row as the user sees it: its number in the file (1-based) and its cells by column. */
export type SheetRow = {
  n: number;
  cells: Cell[];
  /**
   * A workbook's number cells as the file writes them (the `<v>` text of an .xlsx number cell), by column:
   * COPY takes that text as it is (fast-row.ts `readNumberCell`) instead of the number formatted again.
   */
  texts?: (string | undefined)[];
};

/** Whether the contract field takes a number or a string (dates are ISO strings, see `isoInstant`). */
export type FieldKind = "number" | "string";

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell for a numeric field: numbers as they are, durations as hours, numeric text parsed, empty as absent. */
export function toNumber(cell: Cell, decimalComma: boolean): unknown {
  if (cell instanceof Duration) return cell.hours;
  if (typeof cell !== "string") return cell === null ? undefined : cell;
  let text = cell.trim();
  if (text === "") return undefined;
  // With ';' as the delimiter a comma is the decimal separator ('12,5'); never a thousands separator.
  if (decimalComma && text.includes(",") && !text.includes(".")) text = text.replace(",", ".");
  return NUMBER.test(text) ? Number(text) : cell;
}

/** A cell for a text or date field: text trimmed, numbers as written, date cells as ISO 8601 UTC. */
export function toText(cell: Cell): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === "string") {
    const text = cell.trim();
    return text === "" ? undefined : text;
  }
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? String(cell) : cell.toISOString();
  // A time of day or a duration reads as it shows ('12:00'): as a date field, the contract refuses it.
  return String(cell);
}

export function toFieldValue(cell: Cell, kind: FieldKind, decimalComma: boolean): unknown {
  return kind === "number" ? toNumber(cell, decimalComma) : toText(cell);
}

/**
 * A cell as text for error reports (at most 100 characters). U+0000 shows as '␀' (U+2400): the report is
 * stored in the upload log, and PostgreSQL text and jsonb cannot hold U+0000.
 */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  // An invalid Date (a date-formatted cell beyond year 275760) reads as toText reads it: 'Invalid Date'.
  const iso = cell instanceof Date && !Number.isNaN(cell.getTime());
  const text = (iso ? cell.toISOString() : String(cell)).replaceAll("\u0000", "\u2400");
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

export function isEmptyRow(cells: readonly Cell[]): boolean {
  for (const cell of cells) {
    if (cell === null || cell === undefined) continue;
    if (typeof cell === "string" && cell.trim() === "") continue;
    return false;
  }
  return true;
}

/** Excel's serial days from 1900-01-01 (1) to 9999-12-31 (2,958,465). */
const MAX_SERIAL_DAY = 2_958_465;

/**
 * Numbers in a workbook's date columns read as Excel serial days, in place: a program that re-saves a
 * workbook without its number formats (SheetJS without cellStyles) leaves a date cell as a bare serial
 * number. Only workbooks: a CSV's cells are text. `toDate` is the workbook's serial-day rule.
 */
export function serialDatesInPlace(
  cells: Cell[],
  columns: readonly number[],
  toDate: (serial: number) => Date,
): void {
  for (const i of columns) {
    const cell = cells[i];
    if (typeof cell === "number" && cell >= 1 && cell <= MAX_SERIAL_DAY) cells[i] = toDate(cell);
  }
}

/** Rows already in memory (a sheet built by the server: noon reports, an NMEA log's minutes) as one batch. */
export async function* oneBatch(rows: SheetRow[]): AsyncGenerator<SheetRow[]> {
  yield rows;
}
