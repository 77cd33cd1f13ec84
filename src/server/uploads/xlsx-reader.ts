/**
 * Streams the sheets of an .xlsx file with exceljs's streaming WorkbookReader (ARCHITECTURE: .xlsx; the
 * whole-file reader takes ~7× the memory). Cells become plain values: a formula cell gives its cached result
 * and is never evaluated (no result: empty); a real date cell gives a Date (Excel's serial day, read as UTC);
 * rich text its text; an error cell its code ('#N/A'), which the contract then rejects.
 *
 * Call only after zip-guard has checked the file: exceljs unpacks entries as it goes.
 */
import ExcelJS from "exceljs";
import yauzl from "yauzl";
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

/**
 * The plain value of an exceljs cell; `numFmt` turns a formula's numeric result on a date format into a Date;
 * `sharedStrings` resolves the index exceljs leaves when a sheet precedes the shared strings in the zip.
 */
export function plainCell(value: ExcelCellValue, numFmt?: string, sharedStrings?: readonly unknown[]): Cell {
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
    if ("sharedString" in value) {
      return plainCell(sharedStrings?.[(value as { sharedString: number }).sharedString] as ExcelCellValue);
    }
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return plainCell((value as { text: ExcelCellValue }).text);
    if ("error" in value) return String(value.error);
  }
  return String(value);
}

function rowCells(row: ExcelJS.Row, sharedStrings?: readonly unknown[]): Cell[] {
  const cells: Cell[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    cells[col - 1] = plainCell(cell.value, cell.numFmt, sharedStrings);
  });
  return cells;
}

async function* sheetBatches(
  sheet: AsyncIterable<ExcelJS.Row>,
  sharedStrings: () => readonly unknown[] | undefined,
): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  for await (const row of sheet) {
    batch.push({ n: row.number, cells: rowCells(row, sharedStrings()) });
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export type WorkbookSheet = { name: string; batches: AsyncIterable<SheetRow[]> };

const xmlText = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

function readEntries(path: string, wanted: string[]): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const found = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!wanted.includes(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, async (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          found.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
          zip.readEntry();
        });
      });
      zip.on("end", () => resolve(found));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** The strings of xl/sharedStrings.xml in order (rich-text runs joined, phonetic runs left out). */
export function parseSharedStrings(xml: string): string[] {
  const out: string[] = [];
  for (const item of xml.match(/<si\b[^>]*>[\s\S]*?<\/si>|<si\b[^>]*\/>/g) ?? []) {
    const text = item.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "");
    let value = "";
    for (const m of text.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)) value += xmlText(m[1]!);
    out.push(value);
  }
  return out;
}

/**
 * Sheet file number → sheet name (from xl/workbook.xml and its relationships), and the shared strings.
 * exceljs names a sheet, and resolves its shared strings, only when those parts precede the sheet in the zip,
 * which depends on the program that wrote the file (LibreOffice and exceljs itself put them after).
 */
export async function readWorkbookParts(
  path: string,
): Promise<{ names: Map<string, string>; sharedStrings: string[] }> {
  const parts = await readEntries(path, [
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/sharedStrings.xml",
  ]);
  const targets = new Map<string, string>();
  for (const tag of (parts.get("xl/_rels/workbook.xml.rels") ?? "").match(/<Relationship\b[^>]*>/g) ?? []) {
    const file = /worksheets\/sheet(\d+)\.xml$/.exec(attr(tag, "Target") ?? "")?.[1];
    const id = attr(tag, "Id");
    if (file && id) targets.set(id, file);
  }
  const names = new Map<string, string>();
  for (const tag of (parts.get("xl/workbook.xml") ?? "").match(/<sheet\b[^>]*>/g) ?? []) {
    const file = targets.get(attr(tag, "r:id") ?? "");
    const name = attr(tag, "name");
    if (file && name !== undefined) names.set(file, xmlText(name));
  }
  return { names, sharedStrings: parseSharedStrings(parts.get("xl/sharedStrings.xml") ?? "") };
}

/**
 * The sheets of a workbook in file order. A sheet whose rows are not read is drained before the next one
 * (the file is one zip stream, read once).
 *
 * exceljs's streaming reader sometimes misses the last sheet of a workbook whose sheets precede its shared
 * strings (as LibreOffice writes them); the sheets it missed are read again from a new reader, and a sheet
 * still missing fails the upload rather than being skipped in silence.
 */
export async function* readXlsxSheets(path: string): AsyncGenerator<WorkbookSheet> {
  const { names, sharedStrings } = await readWorkbookParts(path);
  const pending = new Set(names.keys());
  for (let attempt = 0; attempt < 3 && (attempt === 0 || pending.size > 0); attempt++) {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      worksheets: "emit",
      entries: "emit",
    });
    // exceljs reads `model.sheets` of a workbook.xml it may not have reached yet (a crash on files whose
    // workbook.xml comes last, as exceljs itself writes them); the names come from readWorkbookParts instead.
    const internals = reader as unknown as { model?: { sheets?: unknown[] }; sharedStrings?: unknown[] };
    internals.model ??= { sheets: [] };
    let sheetFile = "";
    (reader as unknown as NodeJS.EventEmitter).on("entry", (entry: { type: string; id?: string }) => {
      if (entry.type === "worksheet") sheetFile = String(entry.id);
    });
    for await (const sheet of reader) {
      const rows = sheet as unknown as AsyncIterable<ExcelJS.Row>;
      const file = sheetFile;
      let consumed = false;
      if (attempt === 0 || pending.has(file)) {
        pending.delete(file);
        const batches = (async function* () {
          consumed = true;
          yield* sheetBatches(rows, () => internals.sharedStrings ?? sharedStrings);
        })();
        yield { name: names.get(file) ?? (sheet as unknown as { name: string }).name, batches };
      }
      if (!consumed) for await (const _ of rows);
    }
  }
  if (pending.size > 0) {
    const missing = [...pending].map((f) => `'${names.get(f)}'`).join(", ");
    throw new Error(`the sheet ${missing} could not be read`);
  }
}
