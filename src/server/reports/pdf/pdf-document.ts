/**
 * The PDF page kit every Sextant report is written with (pdfkit, no browser): A4, an embedded TrueType
 * font (DejaVu Sans, subset into the file, so the text is selectable and renders the same everywhere: pdfkit's
 * 14 standard fonts are only named, not embedded, and lack '₂', '≤', '√'), headings, key–value tables,
 * tables with repeated headers, and page numbers written once every page exists.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
/** The font files, from the `dejavu-fonts-ttf` package (Bitstream Vera / DejaVu licence: free to embed). */
export const REPORT_FONTS = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
} as const;

export type Pdf = PDFKit.PDFDocument;

/**
 * The fonts parsed once per process and shared by every document: pdfkit would otherwise parse both 700 kB
 * files, and their layout tables, for each report (most of a report's time). fontkit is pdfkit's own copy,
 * resolved from pdfkit's folder; a parsed font is read-only, each document subsets it on its own.
 */
let parsedFonts: { regular: unknown; bold: unknown } | null = null;
function fonts() {
  if (parsedFonts === null) {
    const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as {
      create: (data: Buffer) => unknown;
    };
    parsedFonts = {
      regular: fontkit.create(fs.readFileSync(REPORT_FONTS.regular)),
      bold: fontkit.create(fs.readFileSync(REPORT_FONTS.bold)),
    };
  }
  return parsedFonts;
}

export const PAGE = { margin: 50, width: 595.28, height: 841.89 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
export const INK = { text: "#1f2937", muted: "#6b7280", rule: "#d1d5db", accent: "#1d4ed8" } as const;

/** A new report: fonts registered, metadata set, pages buffered so that page numbers can be written last. */
export function createPdf(meta: { title: string; subject: string }): Pdf {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    font: fonts().regular as string, // a parsed font is accepted where a path is (pdfkit PDFFontFactory)
    info: { Title: meta.title, Subject: meta.subject, Author: "Sextant", Creator: "Sextant" },
  });
  doc.registerFont("body", fonts().regular as string);
  doc.registerFont("bold", fonts().bold as string);
  doc.font("body").fontSize(9).fillColor(INK.text);
  return doc;
}

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

export function title(doc: Pdf, text: string, subtitle: string): void {
  doc.font("bold").fontSize(18).fillColor(INK.text).text(text, PAGE.margin, PAGE.margin);
  doc.font("body").fontSize(10).fillColor(INK.muted).text(subtitle).moveDown(0.8);
  doc.fillColor(INK.text);
}

export function heading(doc: Pdf, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6).font("bold").fontSize(12).fillColor(INK.accent).text(text, PAGE.margin);
  const y = doc.y + 2;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(INK.rule)
    .stroke();
  doc.moveDown(0.4).font("body").fontSize(9).fillColor(INK.text);
}

export function paragraph(doc: Pdf, text: string, options: { muted?: boolean } = {}): void {
  ensureSpace(doc, 24);
  doc
    .font("body")
    .fontSize(9)
    .fillColor(options.muted ? INK.muted : INK.text)
    .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor(INK.text).moveDown(0.3);
}

/** Rows of label and value in two columns of text. */
export function keyValues(doc: Pdf, rows: readonly (readonly [string, string])[], labelWidth = 170): void {
  for (const [label, value] of rows) {
    const h = Math.max(
      doc
        .font("body")
        .fontSize(9)
        .heightOfString(value, { width: CONTENT_WIDTH - labelWidth }),
      12,
    );
    ensureSpace(doc, h + 2);
    const y = doc.y;
    doc.fillColor(INK.muted).text(label, PAGE.margin, y, { width: labelWidth - 8 });
    doc.fillColor(INK.text).text(value, PAGE.margin + labelWidth, y, { width: CONTENT_WIDTH - labelWidth });
    doc.y = Math.max(doc.y, y + h) + 2;
  }
  doc.x = PAGE.margin;
}

export type Column = { header: string; width: number; align?: "left" | "right" | "center" };

/** A table; its header is repeated on every page it runs onto. Widths are shares of the content width. */
export function table(doc: Pdf, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const total = columns.reduce((a, c) => a + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
  const line = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? "bold" : "body").fontSize(8);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 4 })), 10) + 4;
    return {
      h,
      draw: () => {
        const y = doc.y;
        let x = PAGE.margin;
        doc.font(bold ? "bold" : "body").fontSize(8);
        cells.forEach((c, i) => {
          doc.text(c, x + 2, y + 2, { width: widths[i]! - 4, align: columns[i]!.align ?? "left" });
          x += widths[i]!;
        });
        doc.y = y + h;
        doc
          .moveTo(PAGE.margin, doc.y)
          .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
          .lineWidth(0.3)
          .strokeColor(INK.rule)
          .stroke();
      },
    };
  };
  const header = line(
    columns.map((c) => c.header),
    true,
  );
  ensureSpace(doc, header.h + 14);
  header.draw();
  for (const r of rows) {
    const l = line(r, false);
    if (doc.y + l.h > BOTTOM) {
      doc.addPage();
      header.draw();
    }
    doc.font("body").fontSize(8);
    l.draw();
  }
  doc.font("body").fontSize(9).moveDown(0.4);
  doc.x = PAGE.margin;
}

/** Writes 'Page n of N' and the footer line on every page (pages must be buffered: `createPdf` does). */
export function pageNumbers(doc: Pdf, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not open a new page
    doc
      .font("body")
      .fontSize(7)
      .fillColor(INK.muted)
      .text(footer, PAGE.margin, PAGE.height - 32, { width: CONTENT_WIDTH - 80, lineBreak: false })
      .text(`Page ${i + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH - 80, PAGE.height - 32, {
        width: 80,
        align: "right",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Ends the document and collects it into one Buffer (a ship-year report is a few hundred kB at most). */
export function toBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}
