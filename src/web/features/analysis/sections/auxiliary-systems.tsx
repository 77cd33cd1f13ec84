import { PlugZap } from "lucide-react";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatQuantity } from "../../../lib/format";
import { hasValues } from "../../../ui/charts/chart-data";
import { CATEGORY_COLORS } from "../../../ui/charts/chart-theme";
import { CategoryBarChart, TimeSeriesChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { CONSUMER_LABELS } from "../section-format";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

/** engine-auxiliary-systems: auxiliary power by consumer (hvac, pumps, lighting, navigation, cargo handling). */
export function AuxiliarySystemsSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "engine-auxiliary-systems", filters);
  return (
    <SectionQuery query={query} name="Auxiliary Systems">
      {(data) => {
        const labels = data.consumers.map((c) => CONSUMER_LABELS[c] ?? c);
        const any = data.series.powerKw.some((c) => hasValues(c));
        return (
          <>
            <RangeCaption range={data.range} />
            <StatGrid>
              <Stat
                label="Mean auxiliary power"
                value={formatQuantity(data.summary.totalMeanPowerKw, "kW", 0)}
                testId="stat-aux-power"
              />
              <Stat
                label="Auxiliary engine fuel"
                value={formatQuantity(data.summary.auxiliaryFuelT, "MT", 1)}
              />
              <Stat
                label="Boiler fuel"
                value={formatQuantity(data.summary.boilerFuelT, "MT", 1)}
                hint={data.summary.boilerFuelT === null ? "No boiler records in this range" : null}
                testId="stat-boiler-fuel"
              />
              {labels.map((label, i) => (
                <Stat
                  key={label}
                  label={label}
                  value={formatQuantity(data.summary.meanPowerKw[i] ?? null, "kW", 0)}
                  hint={
                    data.summary.sharePercent[i] == null
                      ? null
                      : `${formatQuantity(data.summary.sharePercent[i] ?? null, "%", 1)} of the total`
                  }
                />
              ))}
            </StatGrid>
            {!any ? (
              <NoData
                kind="auxiliary"
                icon={PlugZap}
                title="No auxiliary records in this range — add auxiliary data or upload a file"
              />
            ) : (
              <div className="grid gap-6 xl:grid-cols-2">
                <Panel title="Mean power by consumer" testId="panel-aux-share">
                  <CategoryBarChart
                    categories={labels}
                    series={[
                      {
                        label: "Mean power (kW)",
                        values: data.summary.meanPowerKw,
                        color: CATEGORY_COLORS[0],
                        decimals: 0,
                      },
                    ]}
                    xName="Consumer"
                    y={{ name: "Power", unit: "kW" }}
                    label="Mean auxiliary power of each consumer"
                    testId="chart-aux-share"
                  />
                </Panel>
                <Panel title="Power by consumer over time" testId="panel-aux-series">
                  <TimeSeriesChart
                    times={data.series.t}
                    series={labels.map((label, i) => ({
                      label,
                      values: data.series.powerKw[i] ?? [],
                      color: CATEGORY_COLORS[i % CATEGORY_COLORS.length]!,
                      decimals: 0,
                    }))}
                    y={{ name: "Power", unit: "kW" }}
                    label="Auxiliary power of each consumer over time"
                    testId="chart-aux-series"
                  />
                </Panel>
              </div>
            )}
          </>
        );
      }}
    </SectionQuery>
  );
}
