import { CloudSun, MapPinned } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatNumber, formatQuantity } from "../../../lib/format";
import { hasValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { TimeSeriesChart } from "../../../ui/charts/charts";
import { SelectField } from "../../../ui/select-field";
import { Skeleton } from "../../../ui/skeleton";
import { useSection } from "../api/get-section";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

// the map, d3-geo and the world data load only when this section shows a track (not with the dashboard)
const VoyageMap = lazy(() => import("./voyage-map"));

const FIGURES = {
  speed: { label: "Speed over ground", unit: "kn" },
  fuel: { label: "Fuel rate", unit: "MT/day" },
  wind: { label: "Wind speed", unit: "kn" },
} as const;
type FigureId = keyof typeof FIGURES;

/**
 * environment-environmental-data: the range's weather (wind, waves, sea state, air and sea temperature) and
 * the voyage track on an offline world map, coloured by speed, fuel rate or wind.
 */
export function EnvironmentalDataSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "environment-environmental-data", filters);
  const [figure, setFigure] = useState<FigureId>("speed");
  return (
    <SectionQuery query={query} name="Environmental Data">
      {(data) => {
        const s = data.series;
        const track = data.track;
        const values = { speed: track.speedKn, fuel: track.fuelRateTPerDay, wind: track.windSpeedKn }[figure];
        return (
          <>
            <RangeCaption range={data.range} />
            <StatGrid>
              <Stat
                label="Mean wind"
                value={formatQuantity(data.summary.meanWindSpeedKn, "kn", 1)}
                testId="stat-env-wind"
              />
              <Stat label="Mean wave height" value={formatQuantity(data.summary.meanWaveHeightM, "m", 1)} />
              <Stat
                label="Mean air temperature"
                value={formatQuantity(data.summary.meanAirTemperatureC, "°C", 1)}
              />
              <Stat
                label="Mean sea temperature"
                value={formatQuantity(data.summary.meanSeaTemperatureC, "°C", 1)}
              />
              <Stat
                label="Track points"
                value={formatNumber(track.t.length, 0)}
                hint={`the last position of every ${formatQuantity(track.bucketSeconds / 3600, "h", track.bucketSeconds < 3600 ? 2 : 1)}`}
                testId="stat-env-positions"
              />
            </StatGrid>
            <Panel title="Voyage track" testId="panel-env-map">
              {track.t.length === 0 ? (
                <NoData
                  kind="environmental"
                  icon={MapPinned}
                  title="No positions in this range — add environmental data with latitude and longitude, or upload it"
                />
              ) : (
                <div className="flex flex-col gap-3">
                  <SelectField
                    label="Colour the track by"
                    className="max-w-xs"
                    value={figure}
                    onChange={(e) => setFigure(e.target.value as FigureId)}
                    options={Object.entries(FIGURES).map(([value, f]) => ({
                      value,
                      label: `${f.label} (${f.unit})`,
                    }))}
                    data-testid="map-figure"
                  />
                  <Suspense fallback={<Skeleton className="h-80 w-full" />}>
                    <VoyageMap
                      t={track.t}
                      lat={track.lat}
                      lon={track.lon}
                      figure={{ ...FIGURES[figure], values }}
                    />
                  </Suspense>
                </div>
              )}
            </Panel>
            {!hasValues(s.windSpeedKn) && !hasValues(s.waveHeightM) && !hasValues(s.airTemperatureC) ? (
              <NoData
                kind="environmental"
                icon={CloudSun}
                title="No weather records in this range — add environmental data or upload a file"
              />
            ) : (
              <div className="grid gap-6 xl:grid-cols-2">
                <Panel title="Wind and waves" testId="panel-env-wind">
                  <TimeSeriesChart
                    times={s.t}
                    series={[
                      {
                        label: "Wind speed",
                        values: s.windSpeedKn,
                        color: CHART_COLORS.primary,
                        decimals: 1,
                      },
                      {
                        label: "Wave height",
                        values: s.waveHeightM,
                        color: CHART_COLORS.secondary,
                        decimals: 2,
                        scale: "y2",
                      },
                    ]}
                    y={{ name: "Wind", unit: "kn" }}
                    y2={{ name: "Waves", unit: "m" }}
                    label="Mean wind speed and wave height over time"
                    testId="chart-env-wind"
                  />
                </Panel>
                <Panel title="Sea state (Douglas, from the mean wave height)" testId="panel-env-sea-state">
                  <TimeSeriesChart
                    times={s.t}
                    series={[
                      {
                        label: "Sea state",
                        values: s.seaState,
                        color: CHART_COLORS.quaternary,
                        kind: "step",
                        decimals: 0,
                      },
                    ]}
                    y={{ name: "Douglas degree", unit: "0–9" }}
                    label="Douglas sea state over time"
                    testId="chart-env-sea-state"
                  />
                </Panel>
                <Panel title="Air and sea temperature" testId="panel-env-temperature">
                  <TimeSeriesChart
                    times={s.t}
                    series={[
                      { label: "Air", values: s.airTemperatureC, color: CHART_COLORS.secondary, decimals: 1 },
                      { label: "Sea", values: s.seaTemperatureC, color: CHART_COLORS.primary, decimals: 1 },
                    ]}
                    y={{ name: "Temperature", unit: "°C" }}
                    label="Mean air and sea temperature over time"
                    testId="chart-env-temperature"
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
