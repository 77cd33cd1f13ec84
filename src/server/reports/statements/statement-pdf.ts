/** A statement as a PDF: the fields of ./statement-fields in tables, the formulas appendix, page numbers. */

import { STATEMENT_FORMULAS } from "../formula-appendix";
import { formulaAppendix } from "../formula-appendix-pdf";
import { createPdf, heading, pageNumbers, paragraph, table, title, toBuffer } from "../pdf/pdf-document";
import { fmt, utcInstant } from "../report-format";
import { STATEMENT_TITLES, type StatementData, type StatementKind } from "./statement-data";
import { STATEMENT_SECTIONS, type StatementValue } from "./statement-fields";

const DIGITS: Record<string, number> = {
  "%": 3,
  "g CO₂/(t·nm)": 3,
  t: 2,
  nm: 1,
  h: 1,
  kW: 0,
  GT: 0,
  t·nm: 0,
};

/** A value as text: numbers with the decimals their unit is reported in. */
export function statementText(value: StatementValue, unit: string, digits?: number): string {
  if (value === null) return "not recorded";
  return typeof value === "number" ? fmt(value, digits ?? DIGITS[unit] ?? 2) : value;
}

export async function statementPdf(data: StatementData, kind: StatementKind, now: Date): Promise<Buffer> {
  const name = STATEMENT_TITLES[kind];
  const doc = createPdf({ title: `${data.ship.name} — ${name} ${data.year}`, subject: name });
  title(doc, `${data.ship.name} — ${data.year}`, `${name} · generated ${utcInstant(now)}`);
  if (!data.complete)
    paragraph(
      doc,
      `The year ${data.year} is not over: these are the figures of the year to date, up to ${utcInstant(data.periodTo)}.`,
    );
  for (const section of STATEMENT_SECTIONS[kind](data)) {
    heading(doc, section.title);
    table(
      doc,
      [
        { header: "Field", width: 5 },
        { header: "Value", width: 4, align: "right" },
        { header: "Unit", width: 2 },
        { header: "Source", width: 4 },
      ],
      section.rows.map((r) => [r.field, statementText(r.value, r.unit, r.digits), r.unit, r.source]),
    );
  }
  formulaAppendix(doc, STATEMENT_FORMULAS);
  pageNumbers(doc, `Sextant · ${data.ship.name} (IMO ${data.ship.imo}) · ${name} · ${data.year}`);
  return toBuffer(doc);
}
