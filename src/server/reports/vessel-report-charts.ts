/**
 * The vessel report's charts: the Analysis Center's main sections as vector graphics, from the sections'
 * own series (fuel-fuel-performance, fuel-fuel-consumption, hull-hull-condition) for the report's filters.
 */
import { partialDaysNote } from "../../contracts/analysis/fuel-consumption-section";
import { BASELINE_SOURCE_WORDS } from "../../domain/engine/sfoc-baseline";
import { CHART_COLOURS, lineChart, stackedBarChart } from "./pdf/pdf-charts";
import { heading, type Pdf, paragraph } from "./pdf/pdf-document";
import type { VesselReportData } from "./vessel-report-data";

const NO_RECORDS = "No records in the range: nothing to plot. Add the ship's records (Data Input & Tools).";

export function vesselReportCharts(doc: Pdf, data: VesselReportData): void {
  const { performance, consumption, condition } = data;
  doc.addPage();
  heading(doc, "Charts");
  const p = performance.series;
  lineChart(
    doc,
    { title: "SFOC against the baseline", yLabel: "g/kWh", xKind: "time" },
    [
      { label: "SFOC (measured)", x: p.t, y: p.sfoc, colour: CHART_COLOURS[0] },
      { label: "SFOC at ISO conditions", x: p.t, y: p.sfocIso, colour: CHART_COLOURS[2] },
      {
        label: `Baseline (${BASELINE_SOURCE_WORDS[performance.baselineSource]})`,
        x: p.t,
        y: p.baseline,
        colour: CHART_COLOURS[1],
        style: "dashed",
      },
    ],
    NO_RECORDS,
  );
  const d = consumption.daily;
  const weekly = d.bucketHours > 24;
  stackedBarChart(
    doc,
    {
      title: `Fuel consumption per day${weekly ? " (weekly)" : ""}, by fuel type`,
      yLabel: "t/day",
      xKind: "time",
    },
    d.t,
    d.fuelTypes.map((f, i) => ({
      label: f,
      values: (d.fuelTPerDay[i] ?? []).map((v) => v ?? 0),
      colour: CHART_COLOURS[i % CHART_COLOURS.length]!,
    })),
    NO_RECORDS,
  );
  // the partial first and last days are rates over their hours, and the page says which (as the screen)
  const partial = partialDaysNote(d);
  if (partial) paragraph(doc, partial, { muted: true });
  // the law only where the section's own quality rule reads the fit as one (as the screen): no law for R² 0.002
  const fit = consumption.fitQuality?.reliable ? consumption.fit : null;
  lineChart(
    doc,
    {
      title: `Fuel rate against speed through water${fit ? ` (fit FC = ${fit.k.toPrecision(3)}·V^${fit.n.toFixed(2)})` : ""}`,
      yLabel: "t/day",
      xKind: "number",
      xLabel: "speed through water, kn",
    },
    [
      {
        label: "hours at sea",
        x: consumption.scatter.stw,
        y: consumption.scatter.fuelRate,
        colour: CHART_COLOURS[0],
        style: "dots",
      },
      {
        label: "fitted curve",
        x: consumption.curve.stw,
        y: consumption.curve.fuelRate,
        colour: CHART_COLOURS[1],
      },
    ],
    consumption.scatter.stw.length === 0
      ? "No hours at sea in the range: no speed–fuel points."
      : `No speed law drawn: ${consumption.fitQuality?.reason ?? "too few points to fit"}.`,
  );
  const h = condition.series;
  lineChart(
    doc,
    { title: "Hull: excess power and speed loss (ISO 19030-2, daily)", yLabel: "%", xKind: "time" },
    [
      { label: "excess power", x: h.t, y: h.excessPowerPercent, colour: CHART_COLOURS[3] },
      { label: "speed loss", x: h.t, y: h.speedLossPercent, colour: CHART_COLOURS[4] },
    ],
    condition.emptyReason ?? "No accepted hull performance days in the range.",
  );
}
