/**
 * The charter-party statement as a PDF: the summary's sections in tables (field, value, unit), the
 * day-by-day table with its header repeated on each page, the reasons and the method with its citations,
 * and page numbers; with the page kit and number formats of the regulatory statements.
 */
import {
  createPdf,
  ensureSpace,
  heading,
  pageNumbers,
  paragraph,
  table,
  title,
  toBuffer,
} from "../reports/pdf/pdf-document";
import { fmt, utcInstant } from "../reports/report-format";
import { statementText } from "../reports/statements/statement-pdf";
import {
  CP_DAY_COLUMNS,
  CP_DIGITS,
  CP_STATEMENT_TITLE,
  type CpDayColumn,
  type CpDayRow,
  type CpStatementData,
  cpStatementSections,
  utcMinute,
} from "./charter-party-statement";

/** About one summary row's height (8 pt, one line), and the tallest section kept on one page, points. */
const ROW_HEIGHT = 14;
const KEEP_TOGETHER_MAX = 300;

/** A day's cell as the table prints it: instants to the minute, numbers with the column's decimals. */
export function dayCellText(column: CpDayColumn, day: CpDayRow): string {
  const v = column.cell(day);
  if (v === null) return "—";
  if (typeof v === "number") return fmt(v, column.digits ?? 1);
  return column.instant ? utcMinute(v) : v; // its column wraps it: the day, then the time
}

export async function cpStatementPdf(d: CpStatementData, now: Date): Promise<Buffer> {
  const { ship, voyage } = d;
  const name = `${ship.name} — voyage ${voyage.voyageNumber}`;
  const doc = createPdf({ title: `${name} — ${CP_STATEMENT_TITLE}`, subject: CP_STATEMENT_TITLE });
  title(
    doc,
    name,
    `${CP_STATEMENT_TITLE} · ${voyage.origin} → ${voyage.destination} · generated ${utcInstant(now)}`,
  );
  if (!voyage.arrivalDate)
    paragraph(doc, `The voyage is under way: these are its figures up to ${utcInstant(d.at)}.`);
  for (const section of cpStatementSections(d)) {
    if (section.title === "Notes") continue; // printed as a list below the days
    // a short section stays on one page with its heading (a long one runs on, its header repeated)
    const height = 40 + ROW_HEIGHT * section.rows.length;
    if (height < KEEP_TOGETHER_MAX) ensureSpace(doc, height);
    heading(doc, section.title);
    table(
      doc,
      [
        { header: "Field", width: 6 },
        { header: "Value", width: 7, align: "right" },
        { header: "Unit", width: 2 },
      ],
      section.rows.map((r) => [
        r.field,
        statementText(r.value, r.unit, r.digits ?? CP_DIGITS[r.unit]),
        r.unit,
      ]),
    );
  }
  heading(doc, "Day by day");
  const columns = CP_DAY_COLUMNS.filter((c) => c.pdfWidth !== null);
  table(
    doc,
    columns.map((c) => ({ header: c.header, width: c.pdfWidth!, align: c.align })),
    d.performance.days.map((day) => columns.map((c) => dayCellText(c, day))),
  );
  heading(doc, "Notes");
  if (d.performance.reasons.length === 0) paragraph(doc, "None.");
  for (const r of d.performance.reasons) paragraph(doc, `• ${r}`);
  heading(doc, "Method");
  paragraph(doc, d.performance.method);
  pageNumbers(
    doc,
    `Sextant · ${ship.name} (IMO ${ship.imo}) · voyage ${voyage.voyageNumber} · ${CP_STATEMENT_TITLE}`,
  );
  return toBuffer(doc);
}
