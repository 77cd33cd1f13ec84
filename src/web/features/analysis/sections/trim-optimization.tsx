import { Scale } from "lucide-react";
import { useMemo } from "react";
import type { TrimOptimizationSectionResponse } from "../../../../contracts/analysis/trim-optimization-section";
import { REFERENCE_CONDITIONS } from "../../../../domain/hull/iso19030-filters";
import { TRIM_EVIDENCE } from "../../../../domain/performance/trim-evidence";
import { TRIM_PERFORMANCE } from "../../../../domain/performance/trim-performance";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatInstant, formatNumber, formatQuantity } from "../../../lib/format";
import { ScatterChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { binCovers } from "../section-format";
import { noCurveText, trimChartBins } from "../trim-format";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = TrimOptimizationSectionResponse;

function TrimBody({ data }: { data: Data }) {
  const current = data.current;
  // only the bins whose curve the analysis' rule allows (domain trimCurve); the others say why not
  const chart = useMemo(() => trimChartBins(data.bins, current), [data.bins, current]);
  const rec = data.recommendation;
  return (
    <>
      <RangeCaption range={data.range} />
      <StatGrid>
        <Stat
          label="Current trim"
          value={current ? formatQuantity(current.trimM, "m", 2) : "—"}
          hint={
            current
              ? `Draught ${formatNumber(current.meanDraughtM, 1)} m at ${formatNumber(current.speedKn, 1)} kn, ${formatInstant(current.at)}`
              : "No trim record in this range"
          }
          testId="stat-current-trim"
        />
        <Stat
          label="Recommended trim"
          value={rec ? formatQuantity(rec.optimumTrimM, "m", 2) : "—"}
          hint={
            rec
              ? `95 % interval ${formatNumber(rec.optimumInterval.lowM, 2)} to ${formatNumber(rec.optimumInterval.highM, 2)} m, ${formatNumber(rec.voyageCount, 0)} voyages`
              : "No recommendation"
          }
          testId="stat-optimum-trim"
        />
        <Stat
          label="Saving at recommended trim"
          value={rec ? `${formatNumber(rec.expectedSavingPercent, 1)} %` : "—"}
          hint={
            rec
              ? `95 % interval ${formatNumber(rec.savingInterval.lowPercent, 1)}–${formatNumber(rec.savingInterval.highPercent, 1)} % · ${formatNumber(rec.expectedSavingTonnesPerDay, 2)} MT/day`
              : null
          }
          tone={rec && rec.expectedSavingPercent > 0 ? "better" : null}
          testId="stat-trim-saving"
        />
        <Stat
          label="Time analysed"
          value={formatQuantity(data.summary.hoursAtSea, "h at sea", 0)}
          hint={`${formatNumber(data.summary.binCount, 0)} draught × speed bins · ${formatNumber(data.summary.voyageCount, 0)} voyages`}
        />
      </StatGrid>
      {data.noRecommendationReason ? (
        <p className="text-sm font-medium text-amber-700" data-testid="trim-no-recommendation">
          No trim recommendation: {data.noRecommendationReason}.
        </p>
      ) : null}
      {/* what the figures can and cannot tell: the method's known limit, measured on simulated data */}
      <p className="text-xs text-slate-500" data-testid="trim-method-note">
        The recommendation is learned from the voyages sailed (
        {formatNumber(data.performanceBasis.voyageCount, 0)} in this range) within ±
        {TRIM_PERFORMANCE.draughtHalfWidthM} m of draught and ±{TRIM_PERFORMANCE.speedHalfWidthKn} kn of the
        current condition: their fuel relative to{" "}
        {data.performanceBasis.reference === "speed-power-curve"
          ? "the ship's speed–power curve"
          : "the admiralty law (no speed–power curve entered)"}{" "}
        at their speed and displacement, with a level and a fouling trend for each of the periods between the{" "}
        {formatNumber(data.performanceBasis.maintenanceEvents, 0)} maintenance events recorded taken out (read
        from all the range's voyages).{" "}
        {data.performanceBasis.weatherCorrection === "iso15016"
          ? `The wind and waves' added power is taken out of each day's or hour's fuel (ISO 15016), and only periods within the ISO 19030-2 reference wind (${REFERENCE_CONDITIONS.trueWindMaxMps} m/s) are used.`
          : "This range holds no weather records: the weather is not taken out, and it scatters the voyages."}{" "}
        A trim is recommended only when the saving's 95 % interval, with the voyage as the unit, excludes zero
        and the optimum lies inside the trims sailed. The dots below are the trims sailed per draught × speed
        bin and the lines its model, drawn (with an optimum) only where at least {TRIM_EVIDENCE.minVoyages}{" "}
        voyages and {TRIM_EVIDENCE.minHours} h sailed it; differences above {TRIM_EVIDENCE.penaltyCapPercent}{" "}
        %, more than trim can cause, are not drawn.
      </p>
      {data.bins.length === 0 ? (
        <NoData
          kind={["trim", "fuel"]}
          icon={Scale}
          title="Not enough trim records in this range — add trim data with fuel and speed"
        >
          The trim analysis learns from trim records joined with fuel and speed; try a longer date range.
        </NoData>
      ) : (
        <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
          <Panel title="Fuel penalty against trim" testId="panel-trim-curves">
            {chart.series.length > 0 ? (
              <ScatterChart
                series={chart.series}
                x={{ name: "Trim (positive by the stern)", unit: "m" }}
                y={{ name: "Fuel penalty", unit: "%" }}
                label="Fuel penalty against trim for draught and speed bins"
                testId="chart-trim"
              />
            ) : null}
            {chart.omitted.length > 0 ? (
              <ul className="mt-2 space-y-0.5 text-xs text-slate-600" data-testid="trim-no-curve">
                {chart.omitted.map((o) => (
                  <li key={o.label}>{noCurveText(o)}.</li>
                ))}
              </ul>
            ) : null}
          </Panel>
          <Panel title="Optimum by draught and speed" testId="panel-trim-bins">
            <div className="max-h-80 overflow-auto">
              <table className="w-full text-left text-sm">
                <thead className="sticky top-0 bg-white text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Draught (m)
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Speed (kn)
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Optimum (m)
                    </th>
                    <th scope="col" className="py-1 pl-3 font-medium">
                      From
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Hours at sea
                    </th>
                    <th scope="col" className="py-1 pl-2 text-right font-medium">
                      Voyages
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 tabular-nums">
                  {data.bins.map((bin) => (
                    <tr
                      key={`${bin.draughtFromM}-${bin.speedFromKn}`}
                      className={
                        current && binCovers(bin, current.meanDraughtM, current.speedKn)
                          ? "bg-sky-50"
                          : undefined
                      }
                    >
                      <td className="py-1">
                        {formatNumber(bin.draughtFromM, 1)}–{formatNumber(bin.draughtToM, 1)}
                      </td>
                      <td className="py-1">
                        {formatNumber(bin.speedFromKn, 1)}–{formatNumber(bin.speedToKn, 1)}
                      </td>
                      <td className="py-1 text-right">
                        {bin.optimumSupported ? formatNumber(bin.optimumTrimM, 2) : "—"}
                      </td>
                      <td className="py-1 pl-3 text-slate-500">
                        {bin.optimumSupported
                          ? bin.model === "quadratic"
                            ? "Fitted curve"
                            : "Best sailed"
                          : `Not supported: ${bin.unsupportedReason}`}
                      </td>
                      <td className="py-1 text-right">{formatNumber(bin.hoursAtSea, 0)}</td>
                      <td className="py-1 pl-2 text-right">{formatNumber(bin.voyageCount, 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        </div>
      )}
    </>
  );
}

/** engine-trim-optimization: fuel penalty against trim per draught × speed bin, optimum and saving. */
export function TrimOptimizationSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "engine-trim-optimization", filters);
  return (
    <SectionQuery query={query} name="Trim Optimization">
      {(data) => <TrimBody data={data} />}
    </SectionQuery>
  );
}
