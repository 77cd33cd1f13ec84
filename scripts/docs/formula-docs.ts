/**
 * `npm run docs:formulas`: writes the formula blocks of docs/kpi-definitions.md from the entries the PDF
 * appendix prints (src/server/reports/formula-appendix.ts), so each formula's text lives once and the page and
 * the reports say the same. formula-docs.test.ts keeps the page equal to what this writes.
 */
import {
  type FormulaEntry,
  STATEMENT_FORMULAS,
  VESSEL_REPORT_FORMULAS,
} from "../../src/server/reports/formula-appendix";
import { isMain, readRepoFile, replaceBlock, writeRepoFile } from "./generated-block";

export const FORMULA_SCRIPT = "docs:formulas";
export const FORMULA_DOC_FILE = "docs/kpi-definitions.md";

/** Every entry of the vessel report's and the statements' appendices, once each. */
export function appendixFormulas(): FormulaEntry[] {
  const byId = new Map<string, FormulaEntry>();
  for (const f of [...VESSEL_REPORT_FORMULAS, ...STATEMENT_FORMULAS]) byId.set(f.id, f);
  return [...byId.values()];
}

const escapeMarkdown = (text: string) => text.replace(/([*_[\]<>])/g, "\\$1");

/** One entry as the page shows it: a quoted block with the figure, its formula and its source. */
export const formulaMarkdown = (f: FormulaEntry): string =>
  [
    `> **${escapeMarkdown(f.figure)}**: ${escapeMarkdown(f.formula)}  `,
    `> Source: ${escapeMarkdown(f.source)}. *(Printed in the PDF appendix.)*`,
  ].join("\n");

const blockName = (f: FormulaEntry) => `formula ${f.id}`;

/**
 * The page with every entry's block written afresh. An entry without a block in the page, or a block naming no
 * entry, is an error saying what to add or remove.
 */
export function formulaDoc(current = readRepoFile(FORMULA_DOC_FILE)): string {
  const formulas = appendixFormulas();
  const known = new Set(formulas.map((f) => f.id));
  const unknown = [...current.matchAll(/<!-- begin formula (\S+):/g)]
    .map((m) => m[1]!)
    .filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new Error(`${FORMULA_DOC_FILE} has formula blocks no appendix entry writes: ${unknown.join(", ")}`);
  return formulas.reduce(
    (text, f) => replaceBlock(text, blockName(f), FORMULA_SCRIPT, formulaMarkdown(f)),
    current,
  );
}

if (isMain(import.meta.url)) writeRepoFile(FORMULA_DOC_FILE, formulaDoc());
