/**
 * The PDF vessel report (issue 17 item 1): `buildVesselReport(deps, orgId, shipId, filters)` → the PDF as a
 * Buffer, for the download route and for a scheduled job alike. Pages: particulars and the filters, the KPI
 * cards with their references, the main sections' charts (vector), hull state and the cleaning
 * recommendation, CII year to date and projection, open alerts, data quality and gaps, the formulas.
 */

import type { AnalysisQuery } from "../../contracts/analysis/filters";
import { DATE_RANGE_LABELS, ENGINE_FILTER_LABELS } from "../../contracts/analysis/filters";
import { BASELINE_SOURCE_WORDS } from "../../domain/engine/sfoc-baseline";
import { VESSEL_REPORT_FORMULAS } from "./formula-appendix";
import { formulaAppendix } from "./formula-appendix-pdf";
import { createPdf, heading, keyValues, pageNumbers, paragraph, title, toBuffer } from "./pdf/pdf-document";
import { fileSlug, fmt, NO_DATA, signedPercent, utcDay, utcInstant, withUnit } from "./report-format";
import { vesselReportCharts } from "./vessel-report-charts";
import { loadVesselReportData, type ReportDeps, type VesselReportData } from "./vessel-report-data";
import { alertsSection, ciiSection, dataQualitySection, hullSection } from "./vessel-report-sections";

export type VesselReport = { pdf: Buffer; fileName: string; shipName: string };

/** The report's file name: ship, what it is and the range's dates, e.g. 'Aurora-Bulker_vessel-report_2026-11-17_2026-11-24.pdf'. */
export function vesselReportFileName(shipName: string, range: { from: string; to: string }): string {
  const lastDay = new Date(new Date(range.to).getTime() - 1);
  return `${fileSlug(shipName)}_vessel-report_${utcDay(range.from)}_${utcDay(lastDay)}.pdf`;
}

export async function buildVesselReport(
  deps: ReportDeps,
  orgId: number,
  shipId: number,
  filters: AnalysisQuery,
  now: Date = new Date(),
): Promise<VesselReport> {
  const data = await loadVesselReportData(deps, orgId, shipId, filters, now);
  const { ship, range } = data.dashboard;
  const doc = createPdf({ title: `${ship.name} — vessel report`, subject: rangeText(data) });
  title(doc, `${ship.name} — Vessel Report`, `${rangeText(data)} · generated ${utcInstant(now)}`);
  particulars(doc, data);
  kpiCards(doc, data);
  vesselReportCharts(doc, data);
  hullSection(doc, data);
  ciiSection(doc, data);
  alertsSection(doc, data.alerts);
  dataQualitySection(doc, data);
  formulaAppendix(doc, VESSEL_REPORT_FORMULAS);
  pageNumbers(doc, `Sextant · ${ship.name} (IMO ${ship.imo}) · ${rangeText(data)}`);
  return { pdf: await toBuffer(doc), fileName: vesselReportFileName(ship.name, range), shipName: ship.name };
}

/** 'Last 7 Days: 2026-11-17 08:00 UTC → 2026-11-24 08:00 UTC, Main Engine'. */
export function rangeText(data: Pick<VesselReportData, "dashboard">): string {
  const { range, voyages } = data.dashboard;
  const voyage = range.voyageId === null ? null : voyages.find((v) => v.id === range.voyageId);
  return (
    `${DATE_RANGE_LABELS[range.range]}: ${utcInstant(range.from)} → ${utcInstant(range.to)}, ` +
    `${ENGINE_FILTER_LABELS[range.engine]}${voyage ? `, voyage ${voyage.voyageNumber}` : ""}`
  );
}

type Doc = ReturnType<typeof createPdf>;

/** Which speed the time at sea of a per-day figure rests on (contract `atSeaSource`), as the screen says it. */
const AT_SEA_NOTES = {
  "speed-through-water": "",
  "speed-over-ground": "; time at sea by speed over ground (no log speed)",
  mixed: "; time at sea partly by speed over ground (no log speed on some records)",
} as const;

function particulars(doc: Doc, data: VesselReportData): void {
  const s = data.dashboard.ship;
  heading(doc, "Vessel particulars");
  keyValues(doc, [
    ["Vessel", s.name],
    ["IMO number", s.imo],
    ["Ship type", s.typeLabel],
    ["Deadweight", withUnit(s.deadweight, "t", 0)],
    ["Gross tonnage", s.grossTonnage === null ? NO_DATA : fmt(s.grossTonnage, 0)],
    ["Main engine power", withUnit(s.enginePower, "kW", 0)],
    ["Design speed", withUnit(s.designSpeed, "kn")],
    ["Year built", s.yearBuilt === null ? NO_DATA : String(s.yearBuilt)],
    ["Records in the range", `${fmt(data.summary.database.fuelRecords, 0)} fuel records`],
  ]);
}

/** The dashboard's four KPI cards, as `kpis` of GET /api/dashboard/:shipId answers them. */
function kpiCards(doc: Doc, data: VesselReportData): void {
  const k = data.dashboard.kpis;
  heading(doc, "Key performance indicators");
  keyValues(doc, [
    [
      "SFOC",
      k.sfoc === null
        ? `${NO_DATA} in the range`
        : `${fmt(k.sfoc.value)} g/kWh; reference ${fmt(k.sfoc.reference)} g/kWh (${BASELINE_SOURCE_WORDS[k.sfoc.referenceSource]}` +
          `${k.sfoc.referenceLoadPercent === null ? "" : ` at ${fmt(k.sfoc.referenceLoadPercent)} % load`}), ` +
          `${signedPercent(k.sfoc.differencePercent)} vs baseline${k.sfoc.verified ? "" : ` (unverified: ${k.sfoc.flags.join(", ")})`}`,
    ],
    [
      "Fuel consumption",
      k.fuelConsumptionRate === null
        ? `${NO_DATA} in the range`
        : `${fmt(k.fuelConsumptionRate.value)} t/day; reference ${withUnit(k.fuelConsumptionRate.reference, "t/day")}` +
          ` (the ship's own: ${k.fuelConsumptionRate.referenceBasis ?? "no history in the 12 months before"})${k.fuelConsumptionRate.differencePercent === null ? "" : `, ${signedPercent(k.fuelConsumptionRate.differencePercent)}`}` +
          AT_SEA_NOTES[k.fuelConsumptionRate.atSeaSource],
    ],
    [
      "Engine load factor",
      k.engineLoadFactor === null
        ? `${NO_DATA} in the range`
        : `${fmt(k.engineLoadFactor.value)} % — ${k.engineLoadFactor.band}`,
    ],
    [
      "CII year to date",
      k.cii === null
        ? `${NO_DATA}: ${data.compliance.reasons.find((r) => r.figure === "cii")?.reason ?? "no fuel and distance this year"}`
        : `${fmt(k.cii.attained, 2)} g CO₂/(t·nm), required ${fmt(k.cii.required, 2)}; rating ${k.cii.rating ?? "not rated"}` +
          `${k.cii.complianceStatus ? ` (${k.cii.complianceStatus})` : ""}, ${k.cii.year}, distance ${k.cii.distanceSource}`,
    ],
    ["Cost per nm", withUnit(data.summary.fuel.costPerNm, `${data.summary.fuel.currency}/nm`)],
    ["Total fuel", withUnit(data.summary.fuel.totalFuelT, "t")],
  ]);
  paragraph(
    doc,
    "References: SFOC against the shop-test curve (or the specification's 185 g/kWh without one); fuel rate against the ship's own previous 12 months. Below the reference is better.",
    { muted: true },
  );
}
