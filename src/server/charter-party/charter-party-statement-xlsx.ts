/**
 * The charter-party statement as XLSX (exceljs): a sheet 'Statement' of the summary's fields (numbers as
 * numbers), a sheet 'Days' with one row per period (instants as Excel dates, figures as numbers). Every text
 * cell is neutralised as the exports' are (exports/spreadsheet-cell.ts): a voyage numbered '=HYPERLINK(…)'
 * opens as text, never as a formula.
 */
import ExcelJS from "exceljs";
import { neutraliseText } from "../exports/spreadsheet-cell";
import {
  CP_DAY_COLUMNS,
  CP_STATEMENT_TITLE,
  type CpStatementData,
  cpStatementSections,
} from "./charter-party-statement";

type Cell = number | string | Date | null;
const safe = (v: Cell): Cell => (typeof v === "string" ? neutraliseText(v) : v);

export async function cpStatementXlsx(d: CpStatementData): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Sextant";
  const ws = wb.addWorksheet("Statement");
  ws.columns = [
    { header: "Section", width: 36 },
    { header: "Field", width: 40 },
    { header: "Value", width: 60 },
    { header: "Unit", width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRow([safe(`${CP_STATEMENT_TITLE}: ${d.ship.name}, voyage ${d.voyage.voyageNumber}`)]);
  for (const section of cpStatementSections(d))
    for (const r of section.rows) ws.addRow([section.title, r.field, safe(r.value), r.unit].map(safe));
  ws.addRow(["Method", "Method and citations", safe(d.performance.method), ""]);
  ws.getColumn(3).alignment = { wrapText: false, horizontal: "left" };

  const days = wb.addWorksheet("Days");
  days.columns = CP_DAY_COLUMNS.map((c) => ({ header: c.header, width: Math.max(10, c.header.length + 2) }));
  days.getRow(1).font = { bold: true };
  for (const day of d.performance.days)
    days.addRow(
      CP_DAY_COLUMNS.map((c) => {
        const v = c.cell(day);
        return c.instant && typeof v === "string" ? new Date(v) : safe(v);
      }),
    );
  CP_DAY_COLUMNS.forEach((c, i) => {
    if (c.instant) {
      days.getColumn(i + 1).numFmt = "yyyy-mm-dd hh:mm";
      days.getColumn(i + 1).width = 17;
    }
  });
  days.getColumn(CP_DAY_COLUMNS.length).width = 48;
  days.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
