/**
 * GET /api/data/bulk-template: a real .xlsx (exceljs) with one sheet per data type, its header row and one
 * example row, both from the record registry (src/contracts/record-registry.ts). The examples form one
 * consistent fleet — a ship, a voyage of it, and records of that voyage — so the template itself uploads
 * cleanly.
 */
import ExcelJS from "exceljs";
import { exampleRow } from "../../contracts/record-registry";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES, type UploadDataType } from "../../contracts/upload-columns";

export const sheetName = (type: UploadDataType) => type.charAt(0).toUpperCase() + type.slice(1);

export async function bulkTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Sextant";
  for (const type of UPLOAD_DATA_TYPES) {
    const sheet = workbook.addWorksheet(sheetName(type));
    const headers = UPLOAD_COLUMNS[type];
    sheet.addRow([...headers]).font = { bold: true };
    sheet.addRow(exampleRow(type));
    headers.forEach((h, i) => {
      sheet.getColumn(i + 1).width = Math.max(12, h.length + 2);
    });
    sheet.views = [{ state: "frozen", ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
