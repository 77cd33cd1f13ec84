/**
 * Makes the noon-report corpus, `src/server/uploads/fixtures/noon-corpus/`: one ship-year of a simulated bulk
 * carrier (seed 6, hourly, full model; rated C in 2025, 5 % from either boundary) written in 30 layouts by
 * LibreOffice, SheetJS, exceljs and by hand as CSV, each the way that program writes (see the fixtures
 * README), and `truth.json`, each layout's truth computed from the simulator's reports alone.
 *
 *   npx tsx scripts/make-noon-corpus.ts        (needs `soffice`, Debian package libreoffice-calc)
 *
 * The simulation runs from 2024-12-31 00:00 UTC to 2026-01-01 00:00 UTC, so every 2025 report has its whole
 * period; the first report (31 December 2024) has none before it and a reader may refuse it.
 */
process.env.TZ = "UTC"; // SheetJS reads JS dates in the process's zone; the wall-clock dates here are UTC fields.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cutNoonReports, shipFacts, simulateShipHours } from "../src/simulator/noon-reports";
import type { Layout } from "./noon-corpus/layout";
import { CSV_LAYOUTS } from "./noon-corpus/layouts-csv";
import { LIBRARY_LAYOUTS } from "./noon-corpus/layouts-libraries";
import { LIBREOFFICE_LAYOUTS } from "./noon-corpus/layouts-libreoffice";
import { layoutTruth, YEAR } from "./noon-corpus/truth";
import { csvFile, exceljsXlsx, flatOds, sheetjsXlsx, sofficeConvert } from "./noon-corpus/writers";

const OUT = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  "../src/server/uploads/fixtures/noon-corpus",
);
const SEED = 6;
const START = Date.parse("2024-12-31T00:00:00Z");
const END = Date.parse("2026-01-01T00:00:00Z");

export const NOON_CORPUS_LAYOUTS: Layout[] = [...LIBREOFFICE_LAYOUTS, ...LIBRARY_LAYOUTS, ...CSV_LAYOUTS];

async function main() {
  const history = simulateShipHours(SEED, START, END);
  const { vessel } = history;
  if (vessel.shipType !== "bulk_carrier") throw new Error(`seed ${SEED} gives a ${vessel.shipType}`);
  fs.mkdirSync(OUT, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-noon-corpus-"));
  const pending = { csv: new Map<string, string[]>() };
  const conversions = new Map<string, string[]>();
  const truths = [];
  try {
    for (const layout of NOON_CORPUS_LAYOUTS) {
      const reports = cutNoonReports(history, { gradeOf: layout.naming.gradeOf, tanks: layout.naming.tanks });
      const out = layout.build({ vessel, reports, naming: layout.naming });
      const base = layout.file.replace(/\.[a-z]+$/, "");
      const target = path.join(OUT, layout.file);
      if (out.program === "libreoffice") {
        const fods = path.join(tmp, `${base}.fods`);
        fs.writeFileSync(fods, flatOds(out.book));
        conversions.set(out.convertTo, [...(conversions.get(out.convertTo) ?? []), fods]);
      } else if (out.program === "libreoffice-csv") {
        const file = path.join(tmp, `${base}.csv`);
        fs.writeFileSync(file, csvFile(out.sheet, out.csv));
        pending.csv.set(out.infilter, [...(pending.csv.get(out.infilter) ?? []), file]);
      } else if (out.program === "sheetjs") fs.writeFileSync(target, sheetjsXlsx(out.book, out.bookType));
      else if (out.program === "exceljs") fs.writeFileSync(target, await exceljsXlsx(out.book));
      else fs.writeFileSync(target, csvFile(out.sheet, out.csv));
      truths.push({
        layout: base,
        file: layout.file,
        program: layout.program,
        exercises: layout.exercises,
        ...layoutTruth(reports, layout.naming, vessel.particulars.deadweightT),
      });
    }
    for (const [format, files] of conversions) sofficeConvert(files, format, tmp);
    for (const [infilter, files] of pending.csv) sofficeConvert(files, "xlsx", tmp, infilter);
    for (const layout of NOON_CORPUS_LAYOUTS) {
      const made = path.join(tmp, layout.file);
      if (fs.existsSync(made)) fs.copyFileSync(made, path.join(OUT, layout.file));
      if (!fs.existsSync(path.join(OUT, layout.file))) throw new Error(`${layout.file} was not written`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const truth = {
    about:
      "Truth of each noon-corpus layout, from the simulator alone (scripts/make-noon-corpus.ts): the reports whose instant is in 2025, their fuel per grade as the layout names it and per consumer (t, unrounded sums of the hourly records over each report's period), distance over ground (nm), CO2 (t, fuel × Cf of the grade's MEPC.364(79) class), attained CII (AER, g CO2/dwt·nm) and its 2025 rating (MEPC.338/353/354).",
    seed: SEED,
    simulated: { from: new Date(START).toISOString(), to: new Date(END).toISOString(), cadence: "1h" },
    year: YEAR,
    ship: shipFacts(vessel),
    layouts: truths,
  };
  fs.writeFileSync(path.join(OUT, "truth.json"), `${JSON.stringify(truth, null, 2)}\n`);
  const t0 = truths[0]!;
  console.log(
    `${truths.length} layouts, ${t0.reports} reports in ${YEAR}, CII ${t0.attainedCii} (${t0.rating}; required ${t0.requiredCii})`,
  );
}

await main();
