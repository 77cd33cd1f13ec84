/**
 * The vessel report's text sections: hull state and the cleaning recommendation (hull-hull-condition,
 * hull-hull-analytics), CII year to date and projection (environment-compliance), open alerts, data quality
 * and the data gaps (sidebar summary, report checks, the year's annual figures).
 */
import { intervalBasisLabel } from "../../contracts/analysis/environment-compliance-section";
import { CLEANING_ACTION_LABELS } from "../../contracts/analysis/hull-analytics-section";
import type { Estimate } from "../../contracts/analysis/hull-common";
import { heading, keyValues, type Pdf, paragraph, table } from "./pdf/pdf-document";
import { fmt, NO_DATA, utcDay, utcInstant, withUnit } from "./report-format";
import type { ReportAlert, VesselReportData } from "./vessel-report-data";

const interval = (e: Estimate, digits = 1) =>
  `${fmt(e.value, digits)} % (95 % interval ${fmt(e.low, digits)} to ${fmt(e.high, digits)})`;

export function hullSection(doc: Pdf, data: VesselReportData): void {
  const { condition, analytics, summary } = data;
  heading(doc, "Hull state and cleaning");
  const c = condition.current;
  keyValues(doc, [
    ["Excess power now", c ? interval(c.excessPowerPercent) : (condition.emptyReason ?? NO_DATA)],
    ["Speed loss now", c ? interval(c.speedLossPercent) : NO_DATA],
    [
      "Read at",
      c
        ? `${utcDay(c.at)} (interval since ${utcDay(c.intervalFrom)}, ${fmt(c.samples, 0)} accepted records)`
        : NO_DATA,
    ],
    [
      "Roughness index",
      summary.hull.roughnessIndex === null
        ? NO_DATA
        : `${fmt(summary.hull.roughnessIndex)} (${summary.hull.cleaningState})`,
    ],
    ["Hull efficiency", withUnit(summary.hull.hullEfficiency, "%")],
    [
      "Last cleaning",
      summary.hull.lastCleaningDate === null
        ? NO_DATA
        : `${summary.hull.lastCleaningDate}, ${fmt(summary.hull.daysSinceLastCleaning, 0)} days before the range's end (${summary.hull.lastCleaningSource})`,
    ],
  ]);
  const r = analytics.recommendation;
  if (r === null) {
    paragraph(doc, `No cleaning recommendation: ${analytics.reason ?? "not enough hull data."}`, {
      muted: true,
    });
    return;
  }
  keyValues(doc, [
    ["Recommendation", CLEANING_ACTION_LABELS[r.action]],
    ["Confidence", `${r.confidence.level} — ${r.confidence.note}`],
    [
      "Extra fuel from fouling",
      `${fmt(r.extraFuelTonnesPerDay, 2)} t/day at sea (${fmt(r.extraCostPerDay, 0)} ${r.currency}/day)`,
    ],
    ["Cleaning cost", `${fmt(r.cleaningCost, 0)} ${r.currency}`],
    ["Break-even of a cleaning today", `${fmt(r.breakEvenDays, 0)} days (${r.breakEvenDate})`],
    ["Economic cleaning date", r.recommendedDate],
    [
      "CII effect",
      r.cii === null
        ? "not rated"
        : `clean now: ${fmt(r.cii.attainedIfCleanNow, 2)} (${r.cii.ratingIfCleanNow ?? "not rated"}); ` +
          `at ${r.cii.nextDocking ?? "the year's end"}: ${fmt(r.cii.attainedIfCleanAtDocking, 2)} (${r.cii.ratingIfCleanAtDocking ?? "not rated"}), ${r.cii.year}`,
    ],
  ]);
}

const FIGURE_NAMES = {
  cii: "CII",
  projection: "Projection",
  ets: "EU ETS",
  fuelEu: "FuelEU Maritime",
} as const;

/** The ETS line: allowances and CO2 in scope always, the cost once the organisation has an EUA price. */
function etsText(ets: VesselReportData["compliance"]["ets"]): string {
  if (ets === null) return NO_DATA;
  const allowances =
    `${fmt(ets.allowances, 1)} allowances to surrender in ${ets.surrenderYear} for ` +
    `${fmt(ets.scopeCo2Tonnes, 1)} t CO₂ in scope (phase-in ${fmt(ets.phaseIn * 100, 0)} %)`;
  return ets.cost === null || ets.price === null
    ? `${allowances}; cost: set an EUA price for the cost`
    : `${allowances}; cost ${fmt(ets.cost, 0)} ${ets.currency} at ${fmt(ets.price, 2)} ${ets.currency} per allowance`;
}

export function ciiSection(doc: Pdf, data: VesselReportData): void {
  const { cii, reasons, ets, fuelEu } = data.compliance;
  heading(doc, `CII ${cii.year}: year to date and projection`);
  const p = cii.projection;
  keyValues(doc, [
    [
      "Year to date",
      cii.yearToDate === null
        ? NO_DATA
        : `${fmt(cii.yearToDate.attained, 2)} g CO₂/(t·nm), required ${fmt(cii.yearToDate.required, 2)}, rating ${cii.yearToDate.rating ?? "not rated"}`,
    ],
    [
      "Year-end projection",
      p === null
        ? NO_DATA
        : `${fmt(p.attained, 2)} (${p.rating ?? "not rated"}), from ${fmt(p.basedOnDays, 0)} days of the year`,
    ],
    [
      "95 % interval",
      p === null
        ? NO_DATA
        : `${fmt(p.low, 2)}–${fmt(p.high, 2)}` +
          (p.lowRating === null ? "" : `, rating ${p.lowRating} to ${p.highRating}`) +
          ` (±${fmt(p.basis.halfWidthPercent, 1)} %)`,
    ],
    ["Interval basis", p === null ? NO_DATA : `${intervalBasisLabel(p.basis)}. ${p.method}`],
    ["EU ETS", etsText(ets)],
    [
      "FuelEU Maritime",
      fuelEu === null
        ? NO_DATA
        : `${fmt(fuelEu.ghgIntensity, 2)} gCO₂e/MJ against ${fmt(fuelEu.target, 2)}, penalty ${fmt(fuelEu.penalty, 0)} EUR`,
    ],
  ]);
  if (cii.margins.length > 0)
    table(
      doc,
      [
        { header: "Boundary at year end", width: 3 },
        { header: "CII", width: 2, align: "right" },
        { header: "CO₂ still to emit (+) or save (−), t", width: 4, align: "right" },
        { header: "Days at the current rate", width: 3, align: "right" },
      ],
      cii.margins.map((m) => [
        m.boundary,
        fmt(m.cii, 2),
        fmt(m.co2Tonnes, 1),
        m.days === null ? NO_DATA : fmt(m.days, 0),
      ]),
    );
  for (const r of reasons) paragraph(doc, `${FIGURE_NAMES[r.figure]}: ${r.reason}`, { muted: true });
}

export function alertsSection(doc: Pdf, alerts: ReportAlert[] | null): void {
  heading(doc, "Open alerts");
  if (alerts === null) {
    paragraph(doc, "Alerts are not available in this installation: no alert list to report.", {
      muted: true,
    });
    return;
  }
  if (alerts.length === 0) {
    paragraph(doc, "No open alerts for this vessel.");
    return;
  }
  table(
    doc,
    [
      { header: "Raised", width: 3 },
      { header: "Severity", width: 2 },
      { header: "Alert", width: 5 },
      { header: "Detail", width: 7 },
    ],
    alerts.map((a) => [utcInstant(a.occurredAt), a.severity, a.title, a.message]),
  );
}

export function dataQualitySection(doc: Pdf, data: VesselReportData): void {
  const { summary, checks, annual } = data;
  heading(doc, "Data quality and gaps");
  keyValues(doc, [
    [
      "Data quality (last 30 days)",
      summary.database.dataQualityPercent === null
        ? `${NO_DATA}: ${summary.database.dataQualityEmptyReason ?? "no fuel records in them"}`
        : withUnit(summary.database.dataQualityPercent, "%"),
    ],
    ["Fuel records in the range", fmt(summary.database.fuelRecords, 0)],
  ]);
  if (checks.length === 0) paragraph(doc, "No fuel record of the range fails a report check.");
  else
    table(
      doc,
      [
        { header: "Report check", width: 3 },
        { header: "Severity", width: 2 },
        { header: "Records", width: 2, align: "right" },
        { header: "Meaning", width: 8 },
      ],
      checks.map((c) => [c.check, c.severity, fmt(c.count, 0), c.message]),
    );
  if (annual.gaps.length === 0) paragraph(doc, `No gaps in the ${annual.year} figures.`);
  else
    table(
      doc,
      [
        { header: `Gap in ${annual.year}`, width: 3 },
        { header: "Detail", width: 6 },
        { header: "How it was filled", width: 5 },
      ],
      annual.gaps.map((g) => [g.kind, g.detail, g.filled]),
    );
}
