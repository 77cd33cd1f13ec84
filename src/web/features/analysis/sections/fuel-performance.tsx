import { Fuel } from "lucide-react";
import { useMemo } from "react";
import type { FuelPerformanceSectionResponse } from "../../../../contracts/analysis/fuel-performance-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatQuantity } from "../../../lib/format";
import { constantColumn, hasValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { TimeSeriesChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { percentTone, signedPercent } from "../section-format";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = FuelPerformanceSectionResponse;

/** The SFOC trend chart: measured and normalised SFOC, the baseline and the target (figures of the answer). */
export function SfocTrendChart({ data, height }: { data: Data; height?: number }) {
  const series = useMemo(
    () => [
      { label: "SFOC measured", values: data.series.sfoc, color: CHART_COLORS.primary },
      { label: "SFOC normalised (ISO)", values: data.series.sfocIso, color: CHART_COLORS.tertiary },
      {
        label:
          data.baselineSource === "shop-test"
            ? "Baseline (shop test)"
            : data.baselineSource === "four-stroke-default"
              ? "Baseline (four-stroke default)"
              : `Baseline (${data.specificationBaselineSfoc} g/kWh)`,
        values: data.series.baseline,
        color: CHART_COLORS.baseline,
        dash: [6, 4],
      },
      {
        label: `Target ${data.targetSfoc} g/kWh`,
        values: constantColumn(data.targetSfoc, data.series.t.length),
        color: CHART_COLORS.target,
        dash: [2, 4],
      },
    ],
    [data],
  );
  if (!hasValues(data.series.sfoc)) {
    return (
      <NoData kind="fuel" icon={Fuel} title="No fuel records in this range — add fuel data or upload a file">
        SFOC needs fuel records with engine power. Add them with Data Input &amp; Tools or upload a file.
      </NoData>
    );
  }
  return (
    <TimeSeriesChart
      times={data.series.t}
      series={series}
      y={{ name: "SFOC", unit: "g/kWh" }}
      height={height}
      label={`SFOC over time against the baseline and the ${data.targetSfoc} g/kWh target`}
      testId="chart-sfoc-trend"
    />
  );
}

/** fuel-fuel-performance: SFOC over time, raw and normalised, against the target and the baseline. */
export function FuelPerformanceSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "fuel-fuel-performance", filters);
  return (
    <SectionQuery query={query} name="Performance Trends">
      {(data) => (
        <>
          <RangeCaption range={data.range} />
          <StatGrid>
            <Stat
              label="Mean SFOC (fuel ÷ power)"
              value={formatQuantity(data.summary.meanSfoc, "g/kWh", 1)}
              hint={
                data.summary.reportedSfoc === null
                  ? null
                  : `Reported ${formatQuantity(data.summary.reportedSfoc, "g/kWh", 1)}`
              }
              testId="stat-mean-sfoc"
            />
            <Stat label="Normalised (ISO)" value={formatQuantity(data.summary.meanSfocIso, "g/kWh", 1)} />
            <Stat
              label={
                data.baselineSource === "shop-test"
                  ? "Baseline (shop test)"
                  : data.baselineSource === "four-stroke-default"
                    ? "Baseline (four-stroke default)"
                    : "Baseline (specification)"
              }
              value={formatQuantity(data.summary.baselineSfoc, "g/kWh", 1)}
            />
            <Stat
              label={`vs target ${data.targetSfoc} g/kWh`}
              value={signedPercent(data.summary.vsTargetPercent)}
              tone={percentTone(data.summary.vsTargetPercent)}
            />
            <Stat
              label={data.summary.sfocVerified ? "vs baseline" : "vs baseline (unverified)"}
              value={signedPercent(data.summary.vsBaselinePercent)}
              tone={data.summary.sfocVerified ? percentTone(data.summary.vsBaselinePercent) : null}
              hint={data.summary.sfocVerified ? null : "Fails its report checks: see Report checks"}
              testId="stat-vs-baseline"
            />
          </StatGrid>
          <Panel title="SFOC over time" testId="panel-sfoc-trend">
            <SfocTrendChart data={data} />
            <p className="text-xs text-slate-500">
              Normalised SFOC refers the fuel to the ISO reference heating value (42,700 kJ/kg)
              {data.ambientCorrected ? " and corrects for air and sea temperature" : ""}.
              {data.baselineSource === "specification"
                ? ` The ship has no shop-test curve: the baseline is the specification's ${data.specificationBaselineSfoc} g/kWh.`
                : data.baselineSource === "four-stroke-default"
                  ? " The auxiliary engines are four-stroke generators: their baseline is the four-stroke default SFOC, not the main engine's."
                  : " The baseline is the shop-test SFOC at each period's load."}
            </p>
          </Panel>
        </>
      )}
    </SectionQuery>
  );
}
