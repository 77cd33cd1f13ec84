/**
 * A streamed .xlsx workbook (Office Open XML SpreadsheetML, ECMA-376 Part 1, 5th ed. 2016): one worksheet part
 * per sheet, written row by row into a ZIP (yazl, with Node's zlib), text as inline strings (§18.3.1.53 `is`:
 * no shared-string table growing with the file), the header row bold and frozen (§18.3.1.66 `pane`), dates as
 * real date cells with a number format. Only public stream APIs: each sheet is a stream the ZIP reads, so a full
 * answer stream holds the ZIP, the ZIP holds the sheet, and `write` waits (no library's private state).
 */

import { once } from "node:events";
import { PassThrough, type Writable } from "node:stream";
import yazl from "yazl";
import { DAY_MS } from "../../domain/time/units";

/** A cell: a number, an instant (written as a date cell), text, or nothing (no `c` element). */
export type XlsxCell = number | Date | string | null;

export type XlsxColumn = {
  header: string;
  width: number;
  /** How a date in this column is shown: with its time of day, or the day alone. */
  date?: "date-time" | "day";
};

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The cell formats of styles.xml, by index (§18.8.10 `cellXfs`): plain, bold header, date-time, day. */
const STYLE = { plain: 0, header: 1, "date-time": 2, day: 3 } as const;

/** Characters XML 1.0 does not allow (§2.2 Char), and lone surrogates: dropped, else the file does not open. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids are what it matches
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(text: string): string {
  return text.replace(NOT_XML, "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const xmlAttr = (text: string) => xmlText(text).replaceAll('"', "&quot;");

/** The column's letters of a 0-based index: 0 → A, 25 → Z, 26 → AA (§18.3.1.4 cell reference `r`). */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * An instant as a date serial of the 1900 date system (§18.17.4.1): days since 1899-12-30 00:00 UTC. Right from
 * 1900-03-01 on (Excel counts a 29 February 1900 that did not exist); Sextant's records begin later.
 */
export function dateSerial(d: Date): number {
  return d.getTime() / DAY_MS + 25_569;
}

/** One `c` element, or '' for an empty cell. */
function cellXml(ref: string, value: XlsxCell, column: XlsxColumn | undefined, style?: number): string {
  if (value === null) return "";
  if (typeof value === "number")
    return Number.isFinite(value) ? `<c r="${ref}"${style ? ` s="${style}"` : ""}><v>${value}</v></c>` : "";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "";
    return `<c r="${ref}" s="${STYLE[column?.date ?? "date-time"]}"><v>${dateSerial(value)}</v></c>`;
  }
  const space = /^\s|\s$|\n/.test(value) ? ' xml:space="preserve"' : "";
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ""}><is><t${space}>${xmlText(value)}</t></is></c>`;
}

/** One `row` element (1-based row number). */
export function rowXml(
  rowNumber: number,
  cells: readonly XlsxCell[],
  columns: readonly XlsxColumn[],
  style?: number,
) {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i += 1)
    xml += cellXml(`${columnLetters(i)}${rowNumber}`, cells[i] ?? null, columns[i], style);
  return `${xml}</row>`;
}

function sheetHead(columns: readonly XlsxColumn[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join("");
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData>` +
    rowXml(
      1,
      columns.map((c) => c.header),
      columns,
      STYLE.header,
    )
  );
}

const SHEET_TAIL = "</sheetData></worksheet>";

const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** The package parts besides the sheets (§11, and ECMA-376 Part 2 for the content types and relationships). */
function packageParts(sheetNames: readonly string[], creator: string, created: Date): [string, string][] {
  const sheetParts = sheetNames.map((_, i) => `/xl/worksheets/sheet${i + 1}.xml`);
  return [
    [
      "[Content_Types].xml",
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheetParts
          .map(
            (p) =>
              `<Override PartName="${p}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join("") +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="${PKG_REL_NS}/metadata/core-properties" Target="docProps/core.xml"/>` +
        `<Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/>` +
        "</Relationships>",
    ],
    [
      "xl/workbook.xml",
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>` +
        sheetNames
          .map((n, i) => `<sheet name="${xmlAttr(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
          .join("") +
        "</sheets></workbook>",
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        sheetNames
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join("") +
        `<Relationship Id="rId${sheetNames.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        "</Relationships>",
    ],
    ["xl/styles.xml", STYLES_XML],
    [
      "docProps/core.xml",
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>${xmlText(creator)}</dc:creator>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d{3}Z$/, "Z")}</dcterms:created>` +
        "</cp:coreProperties>",
    ],
    [
      "docProps/app.xml",
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
        `<Application>${xmlText(creator)}</Application></Properties>`,
    ],
  ];
}

/** `event`, or `stop` if it settles first; without a `stop`, `event` alone (a race with undefined ends at once). */
const untilOr = (event: Promise<unknown>, stop?: Promise<unknown>) =>
  stop ? Promise.race([event, stop]) : event;

/**
 * Writes a workbook into `out`, sheet after sheet. `rows` resolves once the ZIP has taken the rows (it waits
 * while the sheet's stream is full, that is while `out` is); `waitWhile` lets the caller stop waiting (the client
 * went away). `finish` writes the package parts and ends `out`.
 */
export class XlsxWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly sheetNames: string[] = [];
  private sheet: { stream: PassThrough; columns: readonly XlsxColumn[]; rows: number } | null = null;
  private readonly created: Date;

  constructor(
    out: Writable,
    private readonly creator = "Sextant",
    created?: Date,
  ) {
    this.created = created ?? new Date();
    this.zip.outputStream.pipe(out);
  }

  /** Starts a sheet (the previous one ends) with its header row. */
  addSheet(name: string, columns: readonly XlsxColumn[]): void {
    this.endSheet();
    const stream = new PassThrough();
    this.sheetNames.push(name);
    this.zip.addReadStream(stream, `xl/worksheets/sheet${this.sheetNames.length}.xml`, {
      mtime: this.created,
    });
    this.sheet = { stream, columns, rows: 1 };
    stream.write(sheetHead(columns));
  }

  /**
   * Appends rows to the current sheet; resolves when its stream has room again, or when `stop` settles first
   * (the caller's signal that nobody reads any more).
   */
  async addRows(rows: readonly (readonly XlsxCell[])[], stop?: Promise<unknown>): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) throw new Error("addSheet before addRows");
    let xml = "";
    for (const row of rows) {
      sheet.rows += 1;
      xml += rowXml(sheet.rows, row, sheet.columns);
    }
    if (!sheet.stream.write(xml)) await untilOr(once(sheet.stream, "drain"), stop);
  }

  private endSheet(): void {
    if (!this.sheet) return;
    this.sheet.stream.end(SHEET_TAIL);
    this.sheet = null;
  }

  /** Ends the last sheet, adds the workbook's other parts and closes the ZIP; resolves when it is all written. */
  async finish(stop?: Promise<unknown>): Promise<void> {
    this.endSheet();
    for (const [name, xml] of packageParts(this.sheetNames, this.creator, this.created))
      this.zip.addBuffer(Buffer.from(xml, "utf8"), name, { mtime: this.created });
    const ended = once(this.zip.outputStream, "end");
    this.zip.end();
    await untilOr(ended, stop);
  }
}
