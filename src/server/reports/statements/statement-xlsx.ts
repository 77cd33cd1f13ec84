/**
 * Statements as XLSX (exceljs): one ship's statement as a sheet of fields (numbers as numbers), and the
 * fleet workbook, one row per ship and year, ready for a verifier. Texts that a spreadsheet would run as a
 * formula (a ship named '=HYPERLINK(…)') are written as plain strings: exceljs writes a string cell as a
 * string, never as a formula, so they cannot run.
 */
import ExcelJS from "exceljs";
import { FUEL_TYPES } from "../../../domain/fuels/fuel-types";
import { EU_VOYAGE_SCOPES } from "../../../domain/regulation/eu-voyage-scope";
import { STATEMENT_TITLES, type StatementData, type StatementKind } from "./statement-data";
import { STATEMENT_SECTIONS } from "./statement-fields";

const toBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

function newWorkbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Sextant";
  return wb;
}

export async function statementXlsx(data: StatementData, kind: StatementKind): Promise<Buffer> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(kind.toUpperCase());
  ws.columns = [
    { header: "Section", width: 28 },
    { header: "Field", width: 44 },
    { header: "Value", width: 22 },
    { header: "Unit", width: 14 },
    { header: "Source", width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRow([`${STATEMENT_TITLES[kind]}, ${data.year}${data.complete ? "" : " (year to date)"}`]);
  for (const section of STATEMENT_SECTIONS[kind](data))
    for (const r of section.rows) ws.addRow([section.title, r.field, r.value, r.unit, r.source]);
  return toBuffer(wb);
}

/** The fleet workbook's columns: identity, the DCS/MRV sums, EU scope and the CII, one row per ship-year. */
export async function fleetWorkbook(rows: readonly StatementData[], year: number): Promise<Buffer> {
  const wb = newWorkbook();
  const ws = wb.addWorksheet(`Fleet ${year}`);
  // per fuel type as the regulations ask it (the MEPC.364(79) class, the grades summed)
  const fuels = [
    ...new Set([...FUEL_TYPES, ...rows.flatMap((r) => r.annual.fuelByClass.map((f) => f.fuelType))]),
  ].filter((f) => rows.some((r) => r.annual.fuelByClass.some((x) => x.fuelType === f)));
  const header = [
    "Ship",
    "IMO number",
    "Ship type",
    "Year",
    "Period start",
    "Period end",
    "Complete year",
    ...fuels.map((f) => `Fuel ${f} (t)`),
    "Distance (nm)",
    "Hours underway (h)",
    "CO2 (t)",
    ...EU_VOYAGE_SCOPES.map((s) => `CO2 ${s} (t)`),
    "Transport work (t·nm)",
    "CII capacity basis",
    "CII capacity",
    "Reduction factor Z (%)",
    "Attained CII (g CO2/(t·nm))",
    "Required CII (g CO2/(t·nm))",
    "CII rating",
    "Gaps",
  ];
  ws.addRow(header).font = { bold: true };
  for (const d of rows) {
    const c = "reason" in d.cii ? null : d.cii;
    const tonnes = (f: string) => d.annual.fuelByClass.find((x) => x.fuelType === f)?.tonnes ?? 0;
    ws.addRow([
      d.ship.name,
      d.ship.imo,
      d.ship.typeLabel,
      d.year,
      new Date(d.periodFrom),
      new Date(new Date(d.periodTo).getTime() - 1),
      d.complete ? "yes" : "no (year to date)",
      ...fuels.map(tonnes),
      d.annual.distanceNm,
      d.annual.hoursUnderway,
      d.annual.co2Tonnes,
      ...EU_VOYAGE_SCOPES.map((s) => d.euScope.find((x) => x.scope === s)?.co2Tonnes ?? 0),
      d.annual.transportWork,
      c?.capacityBasis ?? null,
      c?.capacity ?? null,
      c?.reductionPercent ?? null,
      c?.attainedCii ?? null,
      c?.requiredCii ?? null,
      c ? (c.rating ?? "not rated") : "reason" in d.cii ? d.cii.reason : null,
      d.annual.gaps.map((g) => `${g.kind}: ${g.detail}`).join("; ") || "none",
    ]);
  }
  for (const col of [5, 6]) ws.getColumn(col).numFmt = "yyyy-mm-dd";
  ws.columns.forEach((col) => {
    col.width = 16;
  });
  ws.views = [{ state: "frozen", ySplit: 1 }];
  return toBuffer(wb);
}
