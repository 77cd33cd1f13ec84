/**
 * Streams the sheets of an .xlsx file (ECMA-376 SpreadsheetML) as rows of plain cells, reading the zip's
 * parts in the order the workbook needs them, whatever order the writing program put them in. Each sheet's
 * XML is read as a stream and cut at `</row>`: memory holds the shared strings, the styles and one batch.
 *
 * What the programs write differs (fixtures/README.md): shared strings (`t="s"`, Excel, LibreOffice,
 * exceljs, SheetJS with bookSST) or inline strings (`t="inlineStr"`, Google Sheets; `t="str"`, SheetJS's
 * default), a `<dimension>` or none, cell references (`r="B3"`) or none, dates as serial numbers on a date
 * format, as ISO text (`t="d"`, SheetJS with cellDates) or as plain text, namespace prefixes (`<x:c>`).
 *
 * Cells become plain values: a formula cell gives its cached result and is never evaluated (no result:
 * empty); a number on a date or date-time format gives a Date (Excel's serial day, read as UTC; the 1904
 * date system when the workbook says so), on a time format a time of day and on an elapsed-time format
 * ('[h]:mm') a duration (domain spreadsheets/cell-kinds.ts), never the date 1899-12-30; rich text its text; an error cell its code ('#N/A'), which the contract then
 * rejects.
 *
 * Call only after zip-guard has checked the declared sizes: yauzl (validateEntrySizes) then refuses an entry
 * that inflates past its declared size, the moment it does.
 */

import type { Readable } from "node:stream";
import yauzl from "yauzl";
import {
  builtInFormatKind,
  Duration,
  type NumberFormatKind,
  numberFormatKind,
  serialCellValue,
  TimeOfDay,
} from "../../domain/spreadsheets";
import { DAY_MS } from "../../domain/time/units";
import type { Cell, SheetRow } from "./cell-values";

/**
 * Rows per batch. A batch (its rows' cell arrays, Date cells and the XML text they were cut from) lives
 * while it is validated and staged; with 1,000 rows it outlived V8's young-generation collections, was
 * promoted and grew the old generation: a 300,000-row upload peaked at JS heap +185 MB, RSS +165–216 MB.
 * With 200 rows: heap +44–46 MB, RSS +32–37 MB, at the same speed (bench/upload-speed.bench.ts).
 */
const BATCH_ROWS = 200;
/** Excel's day zero, 1899-12-30 (serial 0 of the 1900 date system). */
const DAY_ZERO_MS = Date.UTC(1899, 11, 30);
/** Days from 1900-01-00 to 1904-01-01: a serial of the 1904 date system plus this is one of the 1900 system. */
const DATE_1904_OFFSET = 1_462;

/** Per cell style index (`s`), what its number format shows (xl/styles.xml; domain numberFormatKind). */
export function parseStyleKinds(xml: string): (NumberFormatKind | null)[] {
  const custom = new Map<number, string>();
  for (const tag of xml.match(new RegExp(`<${el("numFmt")}\\b[^>]*>`, "g")) ?? []) {
    custom.set(Number(attr(tag, "numFmtId")), xmlText(attr(tag, "formatCode") ?? ""));
  }
  const cellXfs =
    new RegExp(`<${el("cellXfs")}\\b[^>]*>([\\s\\S]*?)</${el("cellXfs")}>`).exec(xml)?.[1] ?? "";
  return (cellXfs.match(new RegExp(`<${el("xf")}\\b[^>]*>`, "g")) ?? []).map((tag) => {
    const id = Number(attr(tag, "numFmtId") ?? 0);
    return custom.has(id) ? numberFormatKind(custom.get(id)) : builtInFormatKind(id);
  });
}

export type WorkbookSheet = { name: string; batches: AsyncIterable<SheetRow[]> };

const xmlText = (v: string) =>
  v
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** Attribute patterns by name, compiled once: building a RegExp per cell took a third of the reading time. */
const ATTRS = new Map<string, RegExp>();
function attr(tag: string, name: string): string | undefined {
  let pattern = ATTRS.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s(?:\\w+:)?${name}="([^"]*)"`);
    ATTRS.set(name, pattern);
  }
  return pattern.exec(tag)?.[1];
}
/** An element name with any namespace prefix ('row' matches <row> and <x:row>). */
const el = (name: string) => `(?:\\w+:)?${name}`;

/** The text of the `<t>` runs of a string item or inline string, phonetic runs left out. */
function runsText(xml: string): string {
  const text = xml.replace(new RegExp(`<${el("rPh")}\\b[\\s\\S]*?</${el("rPh")}>`, "g"), "");
  let value = "";
  for (const m of text.matchAll(new RegExp(`<${el("t")}(?:\\s[^>]*)?>([\\s\\S]*?)</${el("t")}>`, "g"))) {
    value += xmlText(m[1]!);
  }
  return value;
}

/** The strings of xl/sharedStrings.xml in order (rich-text runs joined, phonetic runs left out). */
export function parseSharedStrings(xml: string): string[] {
  const items = xml.match(
    new RegExp(`<${el("si")}\\b[^>]*>[\\s\\S]*?</${el("si")}>|<${el("si")}\\b[^>]*/>`, "g"),
  );
  return (items ?? []).map(runsText);
}

/** How to read the cells of one workbook. */
export type CellContext = {
  sharedStrings: readonly string[];
  styleKinds: readonly (NumberFormatKind | null)[];
  date1904: boolean;
};

/** 'AB' → 27 (1-based column number of a cell reference's letters). */
function columnNumber(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
}

/** An ISO date-time of a `t="d"` cell, read as UTC when it carries no offset. */
function isoCellDate(text: string, kind: NumberFormatKind | null): Cell {
  const withZone = /T.*(?:Z|[+-]\d\d:?\d\d)$/.test(text) || !text.includes("T") ? text : `${text}Z`;
  const date = new Date(/^\d{4}-\d\d-\d\d$/.test(withZone) ? `${withZone}T00:00:00Z` : withZone);
  if (Number.isNaN(date.getTime())) return text;
  // A time or duration written as a date-time on Excel's day zero (1899-12-30): what its format shows.
  const sinceDayZero = date.getTime() - DAY_ZERO_MS;
  if (kind === "duration") return new Duration(sinceDayZero / 3_600_000);
  if (kind === "time" && sinceDayZero >= 0 && sinceDayZero < DAY_MS) return new TimeOfDay(sinceDayZero);
  return date;
}

const CELL = new RegExp(`<${el("c")}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${el("c")}>)`, "g");
const VALUE = new RegExp(`<${el("v")}(?:\\s[^>]*)?>([\\s\\S]*?)</${el("v")}>`);
const INLINE = new RegExp(`<${el("is")}\\b[^>]*>([\\s\\S]*?)</${el("is")}>`);

/** The value of one `<c>` element: its attributes and its inner XML. */
export function cellValue(attrs: string, inner: string, ctx: CellContext): Cell {
  return typedValue(attr(attrs, "t") ?? "n", attr(attrs, "s"), inner, ctx);
}

/** The text of a cell's `<v>`: the plain `<v>…</v>` found by indexOf, any other form by VALUE. */
function valueText(inner: string): string | undefined {
  const start = inner.indexOf("<v>");
  if (start < 0) return VALUE.exec(inner)?.[1];
  const end = inner.indexOf("</v>", start + 3);
  return end < 0 ? VALUE.exec(inner)?.[1] : inner.slice(start + 3, end);
}

/** The `<v>` text of the number cell `typedValue` last returned (undefined after any other cell). */
let numberText: string | undefined;

/** A cell's value from its type (`t`), style index (`s`) and inner XML. */
function typedValue(type: string, style: string | undefined, inner: string, ctx: CellContext): Cell {
  numberText = undefined;
  if (type === "inlineStr") {
    const is = INLINE.exec(inner)?.[1];
    return is === undefined ? null : runsText(is);
  }
  const v = valueText(inner);
  if (v === undefined) return null;
  switch (type) {
    case "s":
      return ctx.sharedStrings[Number(v)] ?? null;
    case "str":
    case "e":
      return xmlText(v);
    case "b":
      return v.trim() === "1" || v.trim().toLowerCase() === "true";
    case "d":
      return isoCellDate(xmlText(v).trim(), ctx.styleKinds[Number(style ?? 0)] ?? null);
    default: {
      const n = Number(v);
      if (v.trim() === "" || !Number.isFinite(n)) return xmlText(v);
      const kind = ctx.styleKinds[Number(style ?? 0)] ?? null;
      // The 1904 system moves days, not times of day or elapsed hours.
      if (kind)
        return serialCellValue(
          ctx.date1904 && n >= 1 && kind !== "duration" ? n + DATE_1904_OFFSET : n,
          kind,
        );
      numberText = v;
      return n;
    }
  }
}

/**
 * The cells of one `<row>` element's inner XML, placed by their references (or in order without them);
 * `texts` (when given) receives the `<v>` text of each number cell, by column (SheetRow.texts).
 */
export function rowCells(inner: string, ctx: CellContext, texts?: (string | undefined)[]): Cell[] {
  return plainRowCells(inner, ctx, texts) ?? regexRowCells(inner, ctx, texts);
}

function regexRowCells(inner: string, ctx: CellContext, texts?: (string | undefined)[]): Cell[] {
  if (texts) texts.length = 0;
  const cells: Cell[] = [];
  let next = 0;
  for (const m of inner.matchAll(CELL)) {
    const attrs = m[1] ?? "";
    const ref = attr(attrs, "r");
    const col = ref ? columnNumber(ref.toUpperCase()) - 1 : next;
    next = col + 1;
    const value = cellValue(attrs, m[2] ?? "", ctx);
    if (value !== null) cells[col] = value;
    if (texts && numberText !== undefined) texts[col] = numberText;
  }
  return cells;
}

/** The `r`, `t` and `s` attributes of a cell, read in one pass (the first of each, as `attr` reads them). */
type CellAttrs = { r: string | undefined; t: string | undefined; s: string | undefined };
const cellAttrs: CellAttrs = { r: undefined, t: undefined, s: undefined };

/** Reads `attrs` into `cellAttrs`; false when it is not plain `name="value"` pairs (the regex path reads it). */
function readCellAttrs(attrs: string): boolean {
  cellAttrs.r = cellAttrs.t = cellAttrs.s = undefined;
  let i = 0;
  for (;;) {
    const eq = attrs.indexOf('="', i);
    if (eq < 0) return attrs.slice(i).trim() === "";
    const space = attrs.charCodeAt(i);
    // One space (or tab, newline) before each name, the name a word: anything else goes the regex path.
    if (space !== 32 && space !== 9 && space !== 10 && space !== 13) return false;
    const name = attrs.slice(i + 1, eq);
    if (!/^(?:\w+:)?\w+$/.test(name)) return false;
    const close = attrs.indexOf('"', eq + 2);
    if (close < 0) return false;
    const local = name.slice(name.indexOf(":") + 1);
    const value = attrs.slice(eq + 2, close);
    if (local === "r") cellAttrs.r ??= value;
    else if (local === "t") cellAttrs.t ??= value;
    else if (local === "s") cellAttrs.s ??= value;
    i = close + 1;
  }
}

/**
 * The cells of a row as most programs write it (`<c …>…</c>` and `<c …/>`, no prefix, plain attributes),
 * scanned with indexOf: about twice as fast as the regular expressions, which read any other form
 * (undefined is returned for those and the row is read again by `regexRowCells`).
 */
function plainRowCells(inner: string, ctx: CellContext, texts?: (string | undefined)[]): Cell[] | undefined {
  const cells: Cell[] = [];
  let next = 0;
  let pos = 0;
  for (;;) {
    const lt = inner.indexOf("<", pos);
    if (lt < 0) return inner.slice(pos).trim() === "" ? cells : undefined;
    // '<c' then a space, '>' or '/': a cell without a prefix; any other element goes the regex path.
    const after = inner.charCodeAt(lt + 2);
    if (inner.charCodeAt(lt + 1) !== 99 || !(after === 32 || after === 62 || after === 47)) return undefined;
    const gt = inner.indexOf(">", lt);
    if (gt < 0) return undefined;
    const selfClosing = inner.charCodeAt(gt - 1) === 47;
    if (!readCellAttrs(inner.slice(lt + 2, selfClosing ? gt - 1 : gt))) return undefined;
    let content = "";
    if (selfClosing) {
      pos = gt + 1;
    } else {
      const close = inner.indexOf("</c>", gt + 1);
      if (close < 0) return undefined;
      content = inner.slice(gt + 1, close);
      pos = close + 4;
    }
    const ref = cellAttrs.r;
    const col = ref ? columnNumber(ref.toUpperCase()) - 1 : next;
    next = col + 1;
    const value = typedValue(cellAttrs.t ?? "n", cellAttrs.s, content, ctx);
    if (value !== null) cells[col] = value;
    if (texts && numberText !== undefined) texts[col] = numberText;
  }
}

const ROW = new RegExp(`<${el("row")}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${el("row")}>)`, "g");
const ROW_END = new RegExp(`</${el("row")}>|<${el("row")}\\b[^>]*/>`, "g");

/** The rows of a sheet's XML stream in batches, numbered by their `r` (or in order without it). */
async function* sheetRows(xml: Readable, ctx: CellContext): AsyncGenerator<SheetRow[]> {
  xml.setEncoding("utf8");
  let pending = "";
  let n = 0;
  let batch: SheetRow[] = [];
  const take = function* (text: string) {
    for (const m of text.matchAll(ROW)) {
      const r = Number(attr(m[1] ?? "", "r"));
      n = Number.isInteger(r) && r > 0 ? r : n + 1;
      const texts: (string | undefined)[] = [];
      const cells = m[2] ? rowCells(m[2], ctx, texts) : [];
      if (cells.length > 0) batch.push({ n, cells, texts });
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
  };
  for await (const chunk of xml) {
    pending += chunk as string;
    // The last `</row>` is a row boundary: found with lastIndexOf, the regex only for other forms.
    let end = pending.lastIndexOf("</row>");
    if (end >= 0) end += 6;
    else for (const m of pending.matchAll(ROW_END)) end = m.index + m[0].length;
    if (end < 0) continue;
    yield* take(pending.slice(0, end));
    pending = pending.slice(end);
  }
  yield* take(pending);
  if (batch.length > 0) yield batch;
}

/** An open zip whose entries can be read in any order. */
class ZipParts {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static open(path: string): Promise<ZipParts> {
    return new Promise((resolve, reject) => {
      yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) => {
        if (err || !zip) return reject(err);
        const entries = new Map<string, yauzl.Entry>();
        zip.on("entry", (entry: yauzl.Entry) => {
          // Part names are case-insensitive (ECMA-376 Part 2, §9.1.1.1).
          entries.set(entry.fileName.toLowerCase(), entry);
          zip.readEntry();
        });
        zip.on("end", () => resolve(new ZipParts(zip, entries)));
        zip.on("error", reject);
        zip.readEntry();
      });
    });
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) return Promise.reject(new Error(`the part ${name} is missing`));
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(err) : resolve(stream)));
    });
  }

  async text(name: string): Promise<string> {
    if (!this.has(name)) return "";
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  close(): void {
    this.zip.close();
  }
}

/** A relationship target as a part name: relative to the source part's folder, or absolute ('/xl/…'). */
function resolvePart(folder: string, target: string): string {
  const parts = (target.startsWith("/") ? target.slice(1) : `${folder}${target}`).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

/** Relationship id → { type (last segment), part name } of a .rels part. */
function parseRels(xml: string, folder: string): Map<string, { type: string; part: string }> {
  const rels = new Map<string, { type: string; part: string }>();
  for (const tag of xml.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
    const id = attr(tag, "Id");
    const target = attr(tag, "Target");
    if (!id || !target || attr(tag, "TargetMode") === "External") continue;
    rels.set(id, {
      type: (attr(tag, "Type") ?? "").split("/").pop()!,
      part: resolvePart(folder, xmlText(target)),
    });
  }
  return rels;
}

/** The workbook's sheets (name and part, in workbook order) and how to read their cells. */
async function readWorkbook(
  zip: ZipParts,
): Promise<{ sheets: { name: string; part: string }[]; ctx: CellContext }> {
  const root = parseRels(await zip.text("_rels/.rels"), "");
  const workbookPart = [...root.values()].find((r) => r.type === "officeDocument")?.part ?? "xl/workbook.xml";
  const folder = workbookPart.includes("/") ? workbookPart.slice(0, workbookPart.lastIndexOf("/") + 1) : "";
  const workbook = await zip.text(workbookPart);
  if (workbook === "") throw new Error("it has no workbook part (is it an .xlsx workbook?)");
  const relsPart = `${folder}_rels/${workbookPart.slice(folder.length)}.rels`;
  const rels = parseRels(await zip.text(relsPart), folder);
  const sheets: { name: string; part: string }[] = [];
  for (const tag of workbook.match(new RegExp(`<${el("sheet")}\\b[^>]*>`, "g")) ?? []) {
    const rel = rels.get(attr(tag, "id") ?? "");
    const name = attr(tag, "name");
    if (rel && name !== undefined && rel.type === "worksheet")
      sheets.push({ name: xmlText(name), part: rel.part });
  }
  const partOf = (type: string, fallback: string) =>
    [...rels.values()].find((r) => r.type === type)?.part ?? `${folder}${fallback}`;
  const workbookPr = new RegExp(`<${el("workbookPr")}\\b[^>]*>`).exec(workbook)?.[0] ?? "";
  const date1904 = ["1", "true"].includes(attr(workbookPr, "date1904") ?? "");
  return {
    sheets,
    ctx: {
      sharedStrings: parseSharedStrings(await zip.text(partOf("sharedStrings", "sharedStrings.xml"))),
      styleKinds: parseStyleKinds(await zip.text(partOf("styles", "styles.xml"))),
      date1904,
    },
  };
}

/**
 * The sheets of a workbook in workbook order, each read when its rows are asked for (a sheet skipped is
 * never unpacked). A sheet whose part is missing fails the upload rather than being skipped in silence.
 */
export async function* readXlsxSheets(path: string): AsyncGenerator<WorkbookSheet> {
  const zip = await ZipParts.open(path);
  try {
    const { sheets, ctx } = await readWorkbook(zip);
    for (const sheet of sheets) {
      if (!zip.has(sheet.part)) throw new Error(`the sheet '${sheet.name}' has no part ${sheet.part}`);
      const batches = (async function* () {
        yield* sheetRows(await zip.stream(sheet.part), ctx);
      })();
      yield { name: sheet.name, batches };
    }
  } finally {
    zip.close();
  }
}
