/**
 * The programs that write the corpus, each the way it writes: LibreOffice (a flat ODS document with real date,
 * time and duration cells and number styles, converted by `soffice --headless --convert-to xlsx|xls|ods`, or a
 * CSV imported with `--infilter`), SheetJS (`@e965/xlsx`: `aoa_to_sheet` of JS dates, number formats on the
 * cells), exceljs (Date cell values with `numFmt`), and CSV text written by hand.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import type { Cell, Sheet, Workbook } from "./grid";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const pad = (n: number) => String(n).padStart(2, "0");

/** A number format code as an ODF number style (date-style or time-style). */
function odfStyle(name: string, format: string): string {
  const tokens = format.match(/\[hh\]|yyyy|yy|mmm|mm|m|dd|d|hh|ss|./g) ?? [];
  let afterHours = false;
  const isDate = tokens.some((t) => /^(yyyy|yy|mmm|dd|d)$/.test(t));
  const parts = tokens.map((t) => {
    if (t === "[hh]" || t === "hh") {
      afterHours = true;
      return `<number:hours number:style="long"/>`;
    }
    if (t === "mm" && afterHours) return `<number:minutes number:style="long"/>`;
    if (t === "ss") return `<number:seconds number:style="long"/>`;
    if (t === "mmm") return `<number:month number:textual="true"/>`;
    if (t === "mm") return `<number:month number:style="long"/>`;
    if (t === "m") return `<number:month/>`;
    if (t === "dd") return `<number:day number:style="long"/>`;
    if (t === "d") return `<number:day/>`;
    if (t === "yyyy") return `<number:year number:style="long"/>`;
    if (t === "yy") return `<number:year/>`;
    return `<number:text>${esc(t)}</number:text>`;
  });
  const overflow = format.startsWith("[") ? ` number:truncate-on-overflow="false"` : "";
  const tag = isDate ? "number:date-style" : "number:time-style";
  return `<${tag} style:name="${name}" number:language="en" number:country="GB"${overflow}>${parts.join("")}</${tag}>`;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const odfDuration = (hours: number) => {
  const minutes = Math.round(hours * 60);
  return `PT${pad(Math.floor(minutes / 60))}H${pad(minutes % 60)}M00S`;
};

function odfCell(cell: Cell, styles: Map<string, string>, span: string): string {
  if (cell === null) return `<table:table-cell${span}/>`;
  if (typeof cell === "number")
    return `<table:table-cell${span} office:value-type="float" office:value="${cell}"><text:p>${cell}</text:p></table:table-cell>`;
  if (typeof cell === "string")
    return `<table:table-cell${span} office:value-type="string"><text:p>${esc(cell)}</text:p></table:table-cell>`;
  const key = `${cell.kind === "date" || cell.kind === "datetime" ? "D" : "T"}${cell.format}`;
  if (!styles.has(key)) styles.set(key, `c${styles.size}`);
  const style = ` table:style-name="${styles.get(key)}"`;
  if (cell.kind === "date" || cell.kind === "datetime") {
    const v = cell.kind === "date" ? isoDate(cell.value) : isoDateTime(cell.value);
    return `<table:table-cell${span}${style} office:value-type="date" office:date-value="${v}"><text:p>${v}</text:p></table:table-cell>`;
  }
  const v = odfDuration(cell.value);
  return `<table:table-cell${span}${style} office:value-type="time" office:time-value="${v}"><text:p>${v}</text:p></table:table-cell>`;
}

function odfTable(sheet: Sheet, styles: Map<string, string>): string {
  const covered = new Set<string>();
  const spans = new Map<string, string>();
  for (const m of sheet.merges) {
    spans.set(
      `${m.row},${m.col}`,
      `${m.cols > 1 ? ` table:number-columns-spanned="${m.cols}"` : ""}${m.rows > 1 ? ` table:number-rows-spanned="${m.rows}"` : ""}`,
    );
    for (let r = m.row; r < m.row + m.rows; r++)
      for (let c = m.col; c < m.col + m.cols; c++) if (r !== m.row || c !== m.col) covered.add(`${r},${c}`);
  }
  const width = Math.max(...sheet.rows.map((r) => r.length));
  const rows = sheet.rows.map((row, r) => {
    const cells: string[] = [];
    for (let c = 0; c < (row.length === 0 ? 0 : width); c++) {
      if (covered.has(`${r},${c}`)) cells.push("<table:covered-table-cell/>");
      else cells.push(odfCell(row[c] ?? null, styles, spans.get(`${r},${c}`) ?? ""));
    }
    return `<table:table-row>${cells.length ? cells.join("") : "<table:table-cell/>"}</table:table-row>`;
  });
  return `<table:table table:name="${esc(sheet.name)}">\n${rows.join("\n")}\n</table:table>`;
}

/** A flat ODS document (OpenDocument 1.2, one XML file) of the workbook. */
export function flatOds(book: Workbook): string {
  const styles = new Map<string, string>();
  const tables = book.map((s) => odfTable(s, styles)).join("\n");
  const numberStyles = [...styles].map(([key, name]) => odfStyle(`n${name}`, key.slice(1)));
  const cellStyles = [...styles.values()].map(
    (name) =>
      `<style:style style:name="${name}" style:family="table-cell" style:data-style-name="n${name}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
${[...numberStyles, ...cellStyles].join("\n")}
</office:automatic-styles>
<office:body><office:spreadsheet>
${tables}
</office:spreadsheet></office:body></office:document>
`;
}

/**
 * LibreOffice converts `files` (in one directory) to `format`; one soffice run for all of them, with its own
 * profile so that it neither waits for nor disturbs a running LibreOffice. `infilter` for CSV imports.
 */
export function sofficeConvert(files: string[], format: string, outDir: string, infilter?: string): void {
  if (files.length === 0) return;
  const profile = `file://${path.join(outDir, ".soffice-profile")}`;
  const args = [`-env:UserInstallation=${profile}`, "--headless"];
  if (infilter) args.push(`--infilter=${infilter}`);
  execFileSync("soffice", [...args, "--convert-to", format, "--outdir", outDir, ...files], { stdio: "pipe" });
}

/** SheetJS: `aoa_to_sheet` with JS Date cells (cellDates), each typed cell given its number format. */
export function sheetjsXlsx(book: Workbook, bookType: "xlsx" | "xls" = "xlsx"): Buffer {
  const wb = XLSX.utils.book_new();
  for (const sheet of book) {
    const aoa = sheet.rows.map((row) =>
      row.map((c) => {
        if (c === null || typeof c !== "object") return c;
        return c.kind === "date" || c.kind === "datetime" ? new Date(c.value) : c.value / 24;
      }),
    );
    const ws = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true });
    sheet.rows.forEach((row, r) => {
      row.forEach((c, col) => {
        if (c !== null && typeof c === "object") ws[XLSX.utils.encode_cell({ r, c: col })]!.z = c.format;
      });
    });
    ws["!merges"] = sheet.merges.map((m) => ({
      s: { r: m.row, c: m.col },
      e: { r: m.row + m.rows - 1, c: m.col + m.cols - 1 },
    }));
    XLSX.utils.book_append_sheet(wb, ws, sheet.name);
  }
  return XLSX.write(wb, { type: "buffer", bookType }) as Buffer;
}

/** exceljs: Date values (exceljs writes them from their UTC fields) and numbers, `numFmt` per typed cell. */
export async function exceljsXlsx(book: Workbook): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Fleet Reporting";
  wb.created = wb.modified = new Date(Date.UTC(2026, 0, 2));
  for (const sheet of book) {
    const ws = wb.addWorksheet(sheet.name);
    for (const row of sheet.rows) {
      const added = ws.addRow(
        row.map((c) => {
          if (c === null || typeof c !== "object") return c;
          return c.kind === "date" || c.kind === "datetime" ? new Date(c.value) : c.value / 24;
        }),
      );
      row.forEach((c, i) => {
        if (c !== null && typeof c === "object") added.getCell(i + 1).numFmt = c.format;
      });
    }
    for (const m of sheet.merges) ws.mergeCells(m.row + 1, m.col + 1, m.row + m.rows, m.col + m.cols);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type CsvOptions = {
  separator: "," | ";" | "\t";
  decimalComma?: boolean;
  encoding: "utf8" | "utf8-bom" | "windows-1252";
  lineEnd?: "\n" | "\r\n";
};

function csvText(cell: Cell, o: CsvOptions): string {
  if (cell === null) return "";
  if (typeof cell === "object") throw new Error(`a CSV has no ${cell.kind} cells: write the text`);
  const text = typeof cell === "number" && o.decimalComma ? String(cell).replace(".", ",") : String(cell);
  return text.includes(o.separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text written by hand: the separator, decimal mark, encoding and line ends of the file's origin. */
export function csvFile(sheet: Sheet, o: CsvOptions): Buffer {
  const eol = o.lineEnd ?? "\r\n";
  const text = sheet.rows.map((row) => row.map((c) => csvText(c, o)).join(o.separator)).join(eol) + eol;
  if (o.encoding === "utf8") return Buffer.from(text, "utf8");
  if (o.encoding === "utf8-bom") return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
  // Windows-1252 equals Latin-1 outside 0x80–0x9F; the corpus writes no character from that range.
  for (const ch of text)
    if (ch.charCodeAt(0) > 0xff || (ch.charCodeAt(0) >= 0x80 && ch.charCodeAt(0) < 0xa0))
      throw new Error(`'${ch}' is not written as Latin-1 in Windows-1252`);
  return Buffer.from(text, "latin1");
}
