/**
 * Reads the sheets of a legacy .xls (BIFF) or an OpenDocument .ods workbook with @e965/xlsx (never `xlsx`
 * 0.18.5: two high CVEs). BIFF is a compound file that needs random access and SheetJS parses an .ods's
 * content.xml at once, so both are read whole; that is bounded, as an .xls holds at most 65,536 rows per sheet
 * and the file itself is under UPLOAD_MAX_BYTES, and an .ods is refused past ODS_MAX_UNCOMPRESSED_BYTES
 * (upload-service.ts) before it is parsed. Formula cells give their cached
 * value (never evaluated); number cells on a date, time or elapsed-time format become what the format shows
 * (a Date read as UTC, a time of day, a duration: domain spreadsheets/cell-kinds.ts).
 */
import fs from "node:fs/promises";
import * as XLSX from "@e965/xlsx";
import { numberFormatKind, serialCellValue } from "../../domain/spreadsheets";
import type { Cell, SheetRow } from "./cell-values";
import type { WorkbookSheet } from "./xlsx-reader";

const BATCH_ROWS = 1000;
/** Days between Excel's 1904 and 1900 date systems. */
const DATE1904_OFFSET_DAYS = 1462;

function plainXlsCell(cell: XLSX.CellObject | undefined, date1904: boolean): Cell {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case "n": {
      const v = cell.v as number;
      const kind = numberFormatKind(typeof cell.z === "string" ? cell.z : undefined);
      // The 1904 system moves days, not times of day or elapsed hours.
      return serialCellValue(date1904 && v >= 1 && kind !== "duration" ? v + DATE1904_OFFSET_DAYS : v, kind);
    }
    case "e":
      return cell.w ?? "#ERROR";
    case "d":
      return cell.v as Date;
    default:
      return cell.v as string | boolean;
  }
}

export async function readWholeWorkbook(path: string): Promise<WorkbookSheet[]> {
  const workbook = XLSX.read(await fs.readFile(path), {
    type: "buffer",
    dense: true,
    cellDates: false,
    cellNF: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  });
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  return workbook.SheetNames.map((name) => {
    const data = (workbook.Sheets[name] as { "!data"?: XLSX.CellObject[][] })["!data"] ?? [];
    async function* batches(): AsyncGenerator<SheetRow[]> {
      for (let start = 0; start < data.length; start += BATCH_ROWS) {
        const batch: SheetRow[] = [];
        for (let i = start; i < Math.min(start + BATCH_ROWS, data.length); i++) {
          const row = data[i];
          if (!row) continue;
          batch.push({ n: i + 1, cells: row.map((c) => plainXlsCell(c, date1904)) });
        }
        yield batch;
      }
    }
    // Iterable more than once: a bulk upload reads the workbook once per phase.
    return { name, batches: { [Symbol.asyncIterator]: batches } };
  });
}
