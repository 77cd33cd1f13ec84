/**
 * GET /api/data/bulk-template: a real .xlsx (exceljs) with one sheet per data type, its header row (the
 * default headers of src/contracts/upload-columns.ts) and one example row. The examples form one consistent
 * fleet — a ship, a voyage of it, and records of that voyage — so the template itself uploads cleanly.
 */
import ExcelJS from "exceljs";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES, type UploadDataType } from "../../contracts/upload-columns";

const SHIP = "MV Example";
const VOYAGE = "V-001";
const AT = "2024-03-02T12:00:00Z";

/** One example row per type, in the order of UPLOAD_COLUMNS[type]. */
export const EXAMPLE_ROWS: Record<UploadDataType, (string | number)[]> = {
  ships: [SHIP, "9074729", "Bulk Carrier", 82_000, 9_800, 229, 32.3, 14.5, 14.2, 43_000, 2015],
  voyages: [SHIP, VOYAGE, "Rotterdam", "Santos", "2024-03-01T08:00:00Z", "2024-03-18T16:00:00Z", 65_000],
  fuel: [SHIP, VOYAGE, AT, 175.5, 32.4, 78, 13.8, 14.1, 7_600, "HFO", 100.89, "main", 331, 24],
  environmental: [SHIP, VOYAGE, AT, 18, 2.1, 240, 4, 5.5, 21.5, 23, 35.2, -12.4, 225],
  hull: [SHIP, AT, 112, 9.5, -3.2, 180, "2023-09-04", 0.8],
  trim: [SHIP, VOYAGE, AT, 12.1, 12.9, 0.8, 95_000],
  compliance: [SHIP, VOYAGE, AT, 11.2, 11.8, "B", 4.05],
  auxiliary: [SHIP, VOYAGE, AT, 85, 110, 60, 10, 0],
};

export const sheetName = (type: UploadDataType) => type.charAt(0).toUpperCase() + type.slice(1);

export async function bulkTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Sextant";
  for (const type of UPLOAD_DATA_TYPES) {
    const sheet = workbook.addWorksheet(sheetName(type));
    const headers = UPLOAD_COLUMNS[type];
    sheet.addRow([...headers]).font = { bold: true };
    sheet.addRow(EXAMPLE_ROWS[type]);
    headers.forEach((h, i) => {
      sheet.getColumn(i + 1).width = Math.max(12, h.length + 2);
    });
    sheet.views = [{ state: "frozen", ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
