import { describe, expect, it } from "vitest";
import { VESSEL_REPORT_FORMULAS } from "../../src/server/reports/formula-appendix";
import {
  appendixFormulas,
  FORMULA_DOC_FILE,
  FORMULA_SCRIPT,
  formulaDoc,
  formulaMarkdown,
} from "./formula-docs";
import { readRepoFile } from "./generated-block";

describe("the formulas' prose lives once: the PDF appendix's entries, written into the KPI definitions", () => {
  it(`${FORMULA_DOC_FILE} shows every appendix entry as the appendix prints it`, () => {
    const current = readRepoFile(FORMULA_DOC_FILE);
    expect(current, `${FORMULA_DOC_FILE} is out of date: run npm run ${FORMULA_SCRIPT} and commit it`).toBe(
      formulaDoc(current),
    );
  });

  it("gives every entry an id of its own", () => {
    const ids = appendixFormulas().map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(VESSEL_REPORT_FORMULAS.length);
  });

  it("refuses a page that lost an entry's block, naming the markers to add", () => {
    const page = "# KPI definitions\n";
    expect(() => formulaDoc(page)).toThrow(/no generated block 'formula sfoc'/);
  });

  it("refuses a block that names no entry", () => {
    const page = `${readRepoFile(FORMULA_DOC_FILE)}\n<!-- begin formula gone: x -->\n<!-- end formula gone -->\n`;
    expect(() => formulaDoc(page)).toThrow(/gone/);
  });

  it("escapes Markdown in a formula, so T* and SFOC_ISO print as written", () => {
    const text = formulaMarkdown({ id: "x", figure: "X", formula: "T* = √(2C/k), SFOC_ISO", source: "S" });
    expect(text).toContain("T\\* = √(2C/k), SFOC\\_ISO");
  });
});
