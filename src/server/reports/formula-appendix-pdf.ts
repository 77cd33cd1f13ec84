/** The appendix page of a PDF: the formulas its figures rest on, with their sources (./formula-appendix). */
import type { FormulaEntry } from "./formula-appendix";
import { heading, type Pdf, paragraph, table } from "./pdf/pdf-document";

export function formulaAppendix(doc: Pdf, formulas: readonly FormulaEntry[]): void {
  doc.addPage();
  heading(doc, "Appendix — formulas and sources");
  paragraph(
    doc,
    "Every figure of this document is computed from the organisation's stored records by the functions named in the product's code (src/domain), which cite these sources.",
    { muted: true },
  );
  table(
    doc,
    [
      { header: "Figure", width: 2 },
      { header: "Formula", width: 5 },
      { header: "Source", width: 4 },
    ],
    formulas.map((f) => [f.figure, f.formula, f.source]),
  );
}
