import { Gauge } from "lucide-react";
import type { EngineLoadSectionResponse } from "../../../../contracts/analysis/engine-load-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatNumber, formatQuantity } from "../../../lib/format";
import { constantColumn, hasValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { CategoryBarChart, TimeSeriesChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = EngineLoadSectionResponse;

/** Load over time with the optimal band's limits (the answer's `optimalRangePercent`). */
export function LoadOverTimeChart({ data, height }: { data: Data; height?: number }) {
  if (!hasValues(data.series.loadPercent)) {
    return (
      <NoData
        kind="fuel"
        icon={Gauge}
        title="No engine load records in this range — add fuel data or upload a file"
      />
    );
  }
  const n = data.series.t.length;
  const { low, high } = data.optimalRangePercent;
  return (
    <TimeSeriesChart
      times={data.series.t}
      series={[
        { label: "Load", values: data.series.loadPercent, color: CHART_COLORS.primary },
        {
          label: `Optimal from ${low} %`,
          values: constantColumn(low, n),
          color: CHART_COLORS.muted,
          dash: [4, 4],
        },
        {
          label: `Optimal to ${high} %`,
          values: constantColumn(high, n),
          color: CHART_COLORS.muted,
          dash: [4, 4],
        },
      ]}
      y={{ name: "Engine load", unit: "%" }}
      height={height}
      label={`Engine load over time with the optimal range from ${low} to ${high} percent`}
      testId="chart-load-over-time"
    />
  );
}

/** engine-engine-load: time in load bands and load over time. */
export function EngineLoadSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "engine-engine-load", filters);
  return (
    <SectionQuery query={query} name="Load Analysis">
      {(data) => (
        <>
          <RangeCaption range={data.range} />
          <StatGrid>
            <Stat
              label="Mean load"
              value={formatQuantity(data.summary.meanLoadPercent, "%", 1)}
              testId="stat-mean-load"
            />
            <Stat label="Band" value={data.summary.band ?? "—"} />
            <Stat label="Hours with load" value={formatQuantity(data.summary.hours, "h", 0)} />
          </StatGrid>
          <div className="grid gap-6 xl:grid-cols-2">
            <Panel title="Time in load bands" testId="panel-load-bands">
              {data.bands.hours.every((h) => h === 0) ? (
                <NoData
                  kind="fuel"
                  icon={Gauge}
                  title="No engine load records in this range — add fuel data or upload a file"
                />
              ) : (
                <>
                  <CategoryBarChart
                    categories={data.bands.label}
                    series={[
                      { label: "Hours", values: data.bands.hours, color: CHART_COLORS.primary, decimals: 0 },
                    ]}
                    xName="Load band (%)"
                    y={{ name: "Time", unit: "h" }}
                    label="Hours spent in each engine load band"
                    testId="chart-load-bands"
                  />
                  <p className="text-xs text-slate-500">
                    {data.bands.label
                      .map((l, i) => `${l} %: ${formatNumber(data.bands.sharePercent[i], 1)} %`)
                      .join(" · ")}
                  </p>
                </>
              )}
            </Panel>
            <Panel title="Load over time" testId="panel-load-over-time">
              <LoadOverTimeChart data={data} />
            </Panel>
          </div>
        </>
      )}
    </SectionQuery>
  );
}
