/**
 * Makes `src/server/uploads/fixtures/noon-libreoffice.xlsx`: one year (2025) of daily noon reports of one
 * simulated ship (seed 13, bulk carrier, the simulator's full model: weather, fouling, drift, noise), written
 * by LibreOffice rather than by the product's own libraries, and `noon-libreoffice.truth.json`, the
 * simulator's figures for the same reports (fuel per consumer and grade, distance, sea hours) that the server
 * test compares the stored records with.
 *
 *   npx tsx scripts/make-noon-workbook.ts          (needs `soffice`, Debian package libreoffice-calc)
 *
 * The sheet is laid out as ships' reporting systems export it, quirks included: a title row, merged group
 * headings above the header row, units in a second header row, a blank line between months, the ship's local
 * date and time with the UTC offset of the ship's clock (the zone of its longitude, changed at noon),
 * report types (Noon, COSP, EOSP, Anchor, Drifting, In Port, Bunkering), no voyage column (voyages follow
 * from COSP/EOSP), fuel consumed since the previous report per consumer and grade, remaining on board with
 * bunkerings, Beaufort forces, compass points, positions in degrees and minutes, some speeds typed as text
 * ('12.5 kn'), 'N/A' where nothing applies (the boiler: this ship burns none at sea or in port), and one
 * remaining-on-board figure mistyped by 100 t (the ROB continuity check flags it).
 *
 * The hourly simulation is cut at the report instants, so each row's consumption and distance are the sums
 * of the simulator's hourly records between two reports; the truth file sums the same records unrounded.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FuelType } from "../src/domain/fuels/fuel-types";
import { beaufortForceFromKnots } from "../src/domain/weather/beaufort";
import { douglasDegreeFromWaveHeight } from "../src/domain/weather/douglas";
import { spanFrom } from "../src/simulator/fleet";
import { compass, cutNoonReports, degMin, shipFacts, simulateShipHours } from "../src/simulator/noon-reports";

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "../src/server/uploads/fixtures");
const NAME = "noon-libreoffice";
const SEED = 13;
const START = Date.parse("2025-01-01T00:00:00Z");
const HOUR = 3_600_000;
/** The report (0-based, in time order) whose main-grade ROB is mistyped. */
const ROB_TYPO_REPORT = 150;

function offsetText(h: number, style: number): string {
  const sign = h < 0 ? "-" : "+";
  const a = Math.abs(h);
  return style % 2 === 0 ? `${sign}${a}` : `UTC${sign}${String(a).padStart(2, "0")}:00`;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const span = spanFrom(START, 1, "1h");
  const history = simulateShipHours(SEED, span.startMs, span.endMs);
  const { vessel } = history;
  const mainTypes = [vessel.fuels.main, vessel.fuels.eca].filter((t, i, a) => a.indexOf(t) === i);
  const auxTypes = [vessel.fuels.aux, "MGO" as FuelType].filter((t, i, a) => a.indexOf(t) === i);
  const robTypes = [...new Set([...mainTypes, ...auxTypes])];
  const tanks = Object.fromEntries(robTypes.map((t) => [t, t === vessel.fuels.main ? 2600 : 420]));
  const reports = cutNoonReports(history, { tanks });

  type Row = Record<string, string | number | Date | null>;
  const rows: Row[] = [];
  const truth = {
    fuelTonnes: {} as Record<string, Record<string, number>>,
    distanceOverGroundNm: 0,
    distanceThroughWaterNm: 0,
    seaHours: 0,
  };
  let speedAsText = 0;

  for (const [n, report] of reports.entries()) {
    for (const [consumer, byType] of Object.entries(report.fuel)) {
      if (Object.keys(byType).length === 0) continue;
      truth.fuelTonnes[consumer] ??= {};
      for (const [t, v] of Object.entries(byType))
        truth.fuelTonnes[consumer]![t] = (truth.fuelTonnes[consumer]![t] ?? 0) + v;
    }
    truth.distanceOverGroundNm += report.distanceOverGroundNm;
    truth.distanceThroughWaterNm += report.distanceThroughWaterNm;
    truth.seaHours += report.steamingHours;
    const { type, env, trim, steamingHours: steaming, distanceOverGroundNm: dog } = report;
    const mainFuel = Object.values(report.fuel.main).reduce((a, b) => a + b, 0);
    const energy = report.mainEnergyKwh;
    const local = new Date(report.ms + report.utcOffset * HOUR);
    const localDate = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
    const hhmm = `${String(local.getUTCHours()).padStart(2, "0")}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
    const speed = steaming > 0 ? dog / steaming : null;
    const row: Row = {
      Vessel: vessel.name,
      "IMO No.": vessel.imoNumber,
      "Report Type": type,
      Date: localDate,
      "Time (LT)": hhmm,
      "UTC Offset": offsetText(report.utcOffset, n),
      Port: report.port,
      Latitude: degMin(env.lat, "lat"),
      Longitude: degMin(env.lon, "lon"),
      "Steaming Hours": r1(steaming),
      "Distance Over Ground": r1(dog),
      "Distance Through Water": r1(report.distanceThroughWaterNm),
      "Avg Speed": speed === null ? "N/A" : speedAsText++ % 9 === 4 ? `${r1(speed)} kn` : r1(speed),
      "ME Avg Power": steaming > 0 ? Math.round(energy / steaming) : null,
      "ME SFOC": energy > 0 ? Math.round((mainFuel * 1e6) / energy) : "N/A",
      "Wind Force": beaufortForceFromKnots(env.windSpeed),
      "Wind Dir": compass(env.windDirection),
      "Sea State": douglasDegreeFromWaveHeight(env.waveHeight),
      "Air Temp": r1(env.airTemperature),
      "Sea Temp": r1(env.seaTemperature),
      "Draft Fwd": r2(trim.draughtFore),
      "Draft Aft": r2(trim.draughtAft),
      "Cargo on Board": report.cargoTonnes,
      "Boiler Cons": "N/A",
    };
    for (const t of mainTypes) row[`ME Cons ${t}`] = r2(report.fuel.main[t] ?? 0);
    for (const t of auxTypes) row[`AE Cons ${t}`] = r2(report.fuel.auxiliary[t] ?? 0);
    for (const t of robTypes) row[`ROB ${t}`] = r2(report.rob[t]!);
    // A clerk's slip, as real sheets have: one report's main-grade stock typed 100 t high (the running stock
    // stays right, so the next report's stock reads 100 t low against it). No figure reads ROB; the report
    // check 'rob-continuity' flags both rows.
    if (n === ROB_TYPO_REPORT) row[`ROB ${vessel.fuels.main}`] = r2(report.rob[vessel.fuels.main]! + 100);
    for (const t of robTypes) row[`Bunkered ${t}`] = report.bunkered[t] ?? null;
    const clockChange = report.clockChange;
    row.Remarks =
      type === "Bunkering"
        ? "Bunkers received alongside"
        : clockChange !== 0
          ? `Clocks ${clockChange > 0 ? "advanced" : "retarded"} ${Math.abs(clockChange)} h`
          : null;
    rows.push(row);
  }

  const columns: { key: string; unit: string; group: string }[] = [
    ["Vessel", "", "Report"],
    ["IMO No.", "", "Report"],
    ["Report Type", "", "Report"],
    ["Date", "(LT)", "Report"],
    ["Time (LT)", "hh:mm", "Report"],
    ["UTC Offset", "(hrs)", "Report"],
    ["Port", "", "Position"],
    ["Latitude", "", "Position"],
    ["Longitude", "", "Position"],
    ["Steaming Hours", "(hrs)", "Navigation"],
    ["Distance Over Ground", "(NM)", "Navigation"],
    ["Distance Through Water", "(NM)", "Navigation"],
    ["Avg Speed", "(kn)", "Navigation"],
    ["ME Avg Power", "(kW)", "Main Engine"],
    ["ME SFOC", "(g/kWh)", "Main Engine"],
    ["Wind Force", "(Bft)", "Weather"],
    ["Wind Dir", "", "Weather"],
    ["Sea State", "(Douglas)", "Weather"],
    ["Air Temp", "(°C)", "Weather"],
    ["Sea Temp", "(°C)", "Weather"],
    ["Draft Fwd", "(m)", "Draughts & Cargo"],
    ["Draft Aft", "(m)", "Draughts & Cargo"],
    ["Cargo on Board", "(MT)", "Draughts & Cargo"],
    ...mainTypes.map((t) => [`ME Cons ${t}`, "(MT)", "Consumption since last report"]),
    ...auxTypes.map((t) => [`AE Cons ${t}`, "(MT)", "Consumption since last report"]),
    ["Boiler Cons", "(MT)", "Consumption since last report"],
    ...robTypes.map((t) => [`ROB ${t}`, "(MT)", "Remaining on board"]),
    ...robTypes.map((t) => [`Bunkered ${t}`, "(MT)", "Bunkers received"]),
    ["Remarks", "", ""],
  ].map(([key, unit, group]) => ({ key: key!, unit: unit!, group: group! }));

  fs.writeFileSync(path.join(FIXTURES, `${NAME}.truth.json`), `${JSON.stringify(truthFile(), null, 2)}\n`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-noon-"));
  try {
    const fods = path.join(dir, `${NAME}.fods`);
    fs.writeFileSync(fods, flatOds(vessel.name, vessel.imoNumber, columns, rows));
    execFileSync("soffice", ["--headless", "--convert-to", "xlsx", "--outdir", dir, fods], { stdio: "pipe" });
    fs.copyFileSync(path.join(dir, `${NAME}.xlsx`), path.join(FIXTURES, `${NAME}.xlsx`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${rows.length} reports, ${fs.statSync(path.join(FIXTURES, `${NAME}.xlsx`)).size} bytes`);

  function truthFile() {
    return {
      about:
        "The simulator's own figures for the reports of noon-libreoffice.xlsx (seed 13, full model), unrounded: fuel consumed per consumer and grade, distance over ground and through water, hours at sea, between the simulation's start and the last report. Written by scripts/make-noon-workbook.ts.",
      ship: shipFacts(vessel),
      reports: rows.length,
      firstReport: new Date(reports[0]!.ms).toISOString(),
      lastReport: new Date(reports.at(-1)!.ms).toISOString(),
      voyagesDeparted: reports.filter((r) => r.type === "COSP").length,
      fuelTonnes: Object.fromEntries(
        Object.entries(truth.fuelTonnes).map(([c, byType]) => [
          c,
          Object.fromEntries(Object.entries(byType).map(([t, v]) => [t, Math.round(v * 1000) / 1000])),
        ]),
      ),
      distanceOverGroundNm: Math.round(truth.distanceOverGroundNm * 10) / 10,
      distanceThroughWaterNm: Math.round(truth.distanceThroughWaterNm * 10) / 10,
      seaHours: Math.round(truth.seaHours * 100) / 100,
    };
  }
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function cell(value: string | number | Date | null, style?: string): string {
  const st = style ? ` table:style-name="${style}"` : "";
  if (value === null) return `<table:table-cell${st}/>`;
  if (typeof value === "number")
    return `<table:table-cell${st} office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`;
  if (value instanceof Date) {
    const iso = value.toISOString().slice(0, 10);
    return `<table:table-cell table:style-name="date" office:value-type="date" office:date-value="${iso}"><text:p>${iso}</text:p></table:table-cell>`;
  }
  return `<table:table-cell${st} office:value-type="string"><text:p>${esc(value)}</text:p></table:table-cell>`;
}

/** A flat ODS document (OpenDocument 1.2, one XML file): merged cells as column spans, dates as date cells. */
function flatOds(
  name: string,
  imo: string,
  columns: { key: string; unit: string; group: string }[],
  rows: Record<string, string | number | Date | null>[],
): string {
  const width = columns.length;
  const title = `<table:table-row><table:table-cell table:style-name="title" office:value-type="string" table:number-columns-spanned="${width}"><text:p>${esc(`M/V ${name} (IMO ${imo}) — NOON REPORT LOG 2025`)}</text:p></table:table-cell>${"<table:covered-table-cell/>".repeat(width - 1)}</table:table-row>`;
  const groups: string[] = [];
  for (let i = 0; i < width; ) {
    let j = i;
    while (j + 1 < width && columns[j + 1]!.group === columns[i]!.group) j++;
    const span = j - i + 1;
    groups.push(
      `<table:table-cell table:style-name="head" office:value-type="string"${span > 1 ? ` table:number-columns-spanned="${span}"` : ""}><text:p>${esc(columns[i]!.group)}</text:p></table:table-cell>${"<table:covered-table-cell/>".repeat(span - 1)}`,
    );
    i = j + 1;
  }
  const line = (cells: string[]) => `<table:table-row>${cells.join("")}</table:table-row>`;
  const body: string[] = [];
  let month = -1;
  for (const row of rows) {
    const m = (row.Date as Date).getUTCMonth();
    if (month !== -1 && m !== month) body.push("<table:table-row><table:table-cell/></table:table-row>");
    month = m;
    body.push(line(columns.map((c) => cell(row[c.key] ?? null))));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
<number:date-style style:name="dmy"><number:day number:style="long"/><number:text>/</number:text><number:month number:style="long"/><number:text>/</number:text><number:year number:style="long"/></number:date-style>
<style:style style:name="date" style:family="table-cell" style:data-style-name="dmy"/>
<style:style style:name="title" style:family="table-cell"><style:text-properties fo:font-weight="bold" fo:font-size="14pt"/></style:style>
<style:style style:name="head" style:family="table-cell"><style:table-cell-properties fo:background-color="#dde4ee"/><style:text-properties fo:font-weight="bold"/></style:style>
</office:automatic-styles>
<office:body><office:spreadsheet><table:table table:name="Noon Reports">
${title}
<table:table-row><table:table-cell/></table:table-row>
${line(groups)}
${line(columns.map((c) => cell(c.key, "head")))}
${line(columns.map((c) => cell(c.unit || null, "head")))}
${body.join("\n")}
</table:table></office:spreadsheet></office:body></office:document>
`;
}

await main();
