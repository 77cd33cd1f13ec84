import { Gauge } from "lucide-react";
import { useMemo } from "react";
import type { EnginePerformanceSectionResponse } from "../../../../contracts/analysis/engine-performance-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { constantColumn, hasValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { ScatterChart, TimeSeriesChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { percentTone, signedPercent } from "../section-format";
import { deviationEmptyReason, NO_POWER_AND_LOAD } from "./engine-performance-empty";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

/** engine-engine-performance: SFOC against load with the shop-test curve, and the deviation trend. */
export function EnginePerformanceSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "engine-engine-performance", filters);
  return (
    <SectionQuery query={query} name="Main Engine">
      {(data) => <EnginePerformanceBody data={data} />}
    </SectionQuery>
  );
}

function EnginePerformanceBody({ data }: { data: EnginePerformanceSectionResponse }) {
  const scatter = useMemo(
    () => [
      {
        label: "SFOC (ISO) per period",
        x: data.scatter.loadPercent,
        y: data.scatter.sfocIso,
        color: CHART_COLORS.primary,
        kind: "points" as const,
      },
      ...(data.shopTest
        ? [
            {
              label: "Shop test",
              x: data.shopTest.loadPercent,
              y: data.shopTest.sfoc,
              color: CHART_COLORS.secondary,
              width: 2,
            },
          ]
        : []),
    ],
    [data],
  );
  return (
    <>
      <RangeCaption range={data.range} />
      <StatGrid>
        <Stat
          label="Mean deviation from shop test"
          value={signedPercent(data.summary.meanDeviationPercent)}
          tone={percentTone(data.summary.meanDeviationPercent)}
          testId="stat-mean-deviation"
        />
        <Stat
          label="Trend"
          value={
            data.summary.trendPercentPer30Days === null
              ? "—"
              : `${signedPercent(data.summary.trendPercentPer30Days, 2)} / 30 days`
          }
          hint={
            data.summary.trendInterval
              ? `95 % interval ${signedPercent(data.summary.trendInterval.lowPercentPer30Days, 2)} to ${signedPercent(data.summary.trendInterval.highPercentPer30Days, 2)}`
              : data.summary.trendReason
                ? `No trend: ${data.summary.trendReason}`
                : null
          }
          tone={percentTone(data.summary.trendPercentPer30Days)}
          testId="stat-sfoc-trend"
        />
        <Stat
          label="Shop-test points"
          value={data.shopTest ? String(data.shopTest.loadPercent.length) : "Not set"}
        />
      </StatGrid>
      {data.shopTest === null ? (
        <p className="text-sm text-amber-800" data-testid="no-shop-test">
          This ship has no shop-test SFOC curve: set it under Ship Details → Edit baselines to see deviations.
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="SFOC against load" testId="panel-sfoc-load">
          {data.scatter.loadPercent.length === 0 ? (
            <NoData kind="fuel" icon={Gauge} title={NO_POWER_AND_LOAD}>
              {null}
            </NoData>
          ) : (
            <ScatterChart
              series={scatter}
              x={{ name: "Engine load", unit: "% MCR" }}
              y={{ name: "SFOC", unit: "g/kWh" }}
              label="SFOC normalised to ISO conditions against engine load, with the shop-test curve"
              testId="chart-sfoc-load"
            />
          )}
        </Panel>
        <Panel title="Deviation from shop test over time" testId="panel-deviation">
          {!hasValues(data.deviation.percent) ? (
            <NoData kind="fuel" icon={Gauge} title={deviationEmptyReason(data)}>
              {null}
            </NoData>
          ) : (
            <TimeSeriesChart
              times={data.deviation.t}
              series={[
                {
                  label: "Deviation",
                  values: data.deviation.percent,
                  color: CHART_COLORS.primary,
                  decimals: 2,
                },
                {
                  label: "Shop test",
                  values: constantColumn(0, data.deviation.t.length),
                  color: CHART_COLORS.baseline,
                  dash: [4, 4],
                },
              ]}
              y={{ name: "Deviation", unit: "%" }}
              label="SFOC deviation from the shop-test curve over time"
              testId="chart-deviation"
            />
          )}
        </Panel>
      </div>
    </>
  );
}
