/**
 * Streams the sheets of an .xlsx file with exceljs's streaming WorkbookReader (ARCHITECTURE: .xlsx; the
 * whole-file reader takes ~7× the memory). Cells become plain values: a formula cell gives its cached result
 * and is never evaluated (no result: empty); a real date cell gives a Date (Excel's serial day, read as UTC);
 * rich text its text; an error cell its code ('#N/A'), which the contract then rejects.
 *
 * Call only after zip-guard has checked the file: exceljs unpacks entries as it goes.
 */
import ExcelJS from "exceljs";
import type { Cell, SheetRow } from "./cell-values";

const BATCH_ROWS = 1000;
const MS_PER_DAY = 86_400_000;
/** Serial day 25569 is 1970-01-01 in Excel's 1900 date system. */
const UNIX_EPOCH_SERIAL = 25_569;

/** A serial day of Excel's 1900 date system as a UTC instant. */
export function excelSerialToDate(serial: number): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_SERIAL) * MS_PER_DAY));
}

/** exceljs's test for a date number format (a format with d, m, y or h outside quotes and brackets). */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  const bare = format.replace(/\[[^\]]*\]/g, "").replace(/"[^"]*"/g, "");
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare);
}

type ExcelCellValue = ExcelJS.CellValue | undefined;

/** The plain value of an exceljs cell; `numFmt` turns a formula's numeric result on a date format into a Date. */
export function plainCell(value: ExcelCellValue, numFmt?: string): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) {
      const result = (value as { result?: ExcelCellValue }).result;
      if (typeof result === "number" && isDateFormat(numFmt)) return excelSerialToDate(result);
      if (result !== null && typeof result === "object" && "error" in result) return String(result.error);
      return plainCell(result);
    }
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return plainCell((value as { text: ExcelCellValue }).text);
    if ("error" in value) return String(value.error);
  }
  return String(value);
}

function rowCells(row: ExcelJS.Row): Cell[] {
  const cells: Cell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    cells[col - 1] = plainCell(cell.value, cell.numFmt);
  });
  return cells;
}

async function* sheetBatches(sheet: AsyncIterable<ExcelJS.Row>): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  for await (const row of sheet) {
    batch.push({ n: row.number, cells: rowCells(row) });
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export type WorkbookSheet = { name: string; batches: AsyncIterable<SheetRow[]> };

/**
 * The sheets of a workbook in file order. A sheet whose rows are not read is drained before the next one
 * (the file is one zip stream, read once).
 */
export async function* readXlsxSheets(path: string): AsyncGenerator<WorkbookSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  for await (const sheet of reader) {
    const rows = sheet as unknown as AsyncIterable<ExcelJS.Row>;
    let consumed = false;
    const batches = (async function* () {
      consumed = true;
      yield* sheetBatches(rows);
    })();
    yield { name: (sheet as unknown as { name: string }).name, batches };
    if (!consumed) for await (const _ of rows);
  }
}
