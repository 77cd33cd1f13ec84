import { Fuel } from "lucide-react";
import { useMemo } from "react";
import {
  type FuelConsumptionSectionResponse,
  partialDaysNote,
} from "../../../../contracts/analysis/fuel-consumption-section";
import { atSeaSourceNote } from "../../../lib/at-sea-source";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { distanceSourceNote } from "../../../lib/distance-source";
import { formatNumber, formatQuantity, MISSING } from "../../../lib/format";
import { hasValues } from "../../../ui/charts/chart-data";
import { CATEGORY_COLORS, CHART_COLORS } from "../../../ui/charts/chart-theme";
import { ScatterChart, TimeSeriesChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { fuelSpeedAxisName, fuelSpeedCaption, speedFuelLaw } from "../section-format";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = FuelConsumptionSectionResponse;

/**
 * Fuel rate against speed through water, labelled with what is plotted (whose fuel, at which displacement),
 * with the fitted FC = k·Vⁿ curve only where the fit can be read as the speed law (domain
 * speedFuelFitQuality, the one rule); otherwise the reason. The overview grid and Consumption Analysis
 * both draw this chart.
 */
export function FuelSpeedChart({ data, height }: { data: Data; height?: number }) {
  const showFit = data.fit !== null && data.fitQuality?.reliable === true;
  const series = useMemo(
    () => [
      {
        label: "Observed",
        x: data.scatter.stw,
        y: data.scatter.fuelRate,
        color: CHART_COLORS.primary,
        kind: "points" as const,
      },
      ...(data.fit && showFit
        ? [
            {
              label: `Fit ${speedFuelLaw(data.fit.k, data.fit.n)}`,
              x: data.curve.stw,
              y: data.curve.fuelRate,
              color: CHART_COLORS.secondary,
              width: 2,
            },
          ]
        : []),
    ],
    [data, showFit],
  );
  if (data.scatter.stw.length === 0) {
    return (
      <NoData
        kind="fuel"
        icon={Fuel}
        title="No fuel records with speed in this range — add fuel data or upload a file"
      >
        The speed–fuel curve needs fuel records with speed through water.
      </NoData>
    );
  }
  const caption = fuelSpeedCaption(data);
  return (
    <>
      <ScatterChart
        series={series}
        x={{ name: "Speed through water", unit: "kn" }}
        y={{ name: fuelSpeedAxisName(data), unit: "MT/day" }}
        height={height}
        label={`${fuelSpeedAxisName(data)} against speed through water${showFit ? " with the fitted speed–fuel curve" : ""}`}
        testId="chart-fuel-speed"
      />
      {caption ? (
        <p className="text-xs text-slate-500" data-testid="fuel-speed-caption">
          {caption}
        </p>
      ) : null}
      {data.fitQuality && !data.fitQuality.reliable ? (
        <p className="text-xs font-medium text-amber-700" data-testid="fit-unreliable">
          No speed law drawn for this range: {data.fitQuality.reason}.
        </p>
      ) : null}
    </>
  );
}

/** fuel-fuel-consumption: the speed–fuel law and daily consumption by fuel type. */
export function FuelConsumptionSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "fuel-fuel-consumption", filters);
  return (
    <SectionQuery query={query} name="Consumption Analysis">
      {(data) => {
        // n and k are figures of the speed law: shown only where the fit reads as one (as the chart and PDF)
        const law = data.fitQuality?.reliable ? data.fit : null;
        const noLaw = data.fit ? `No speed law: ${data.fitQuality?.reason ?? "unreliable fit"}` : null;
        return (
          <>
            <RangeCaption range={data.range} />
            <StatGrid>
              <Stat
                label="Speed exponent n"
                value={law ? formatNumber(law.n, 2) : MISSING}
                hint={law?.nCi95HalfWidth != null ? `± ${formatNumber(law.nCi95HalfWidth, 2)} (95 %)` : noLaw}
                testId="stat-fit-n"
              />
              <Stat
                label="Coefficient k"
                value={law ? law.k.toPrecision(3) : MISSING}
                hint="MT/day per knⁿ"
                testId="stat-fit-k"
              />
              <Stat
                label="R²"
                value={data.fit?.r2 != null ? formatNumber(data.fit.r2, 3) : MISSING}
                hint={data.fit ? `${formatNumber(data.fit.count, 0)} points` : "Too few points to fit"}
                testId="stat-fit-r2"
              />
              <Stat label="Total fuel" value={formatQuantity(data.summary.totalFuelT, "MT", 1)} />
              <Stat label="Rate at sea" value={formatQuantity(data.summary.fuelRate, "MT/day", 1)} />
            </StatGrid>
            <div className="grid gap-6 xl:grid-cols-2">
              <Panel title="Fuel against speed" testId="panel-fuel-speed">
                <FuelSpeedChart data={data} />
                {data.fit && data.fitQuality?.reliable ? (
                  <p className="text-xs text-slate-500" data-testid="fit-law">
                    {speedFuelLaw(data.fit.k, data.fit.n)} (FC in MT/day, V in kn)
                  </p>
                ) : null}
              </Panel>
              <Panel title="Daily consumption by fuel type" testId="panel-daily-fuel">
                {data.daily.t.length === 0 || !data.daily.fuelTPerDay.some((c) => hasValues(c)) ? (
                  <NoData
                    kind="fuel"
                    icon={Fuel}
                    title="No fuel records in this range — add fuel data or upload a file"
                  />
                ) : (
                  <>
                    <TimeSeriesChart
                      times={data.daily.t}
                      series={data.daily.fuelTypes.map((type, i) => ({
                        label: type,
                        values: data.daily.fuelTPerDay[i] ?? [],
                        color: CATEGORY_COLORS[i % CATEGORY_COLORS.length]!,
                        kind: "bars" as const,
                      }))}
                      stacked
                      y={{ name: "Fuel", unit: "MT/day" }}
                      label="Daily fuel consumption by fuel type"
                      testId="chart-daily-fuel"
                    />
                    {partialDaysNote(data.daily) ? (
                      <p className="text-xs text-slate-500" data-testid="daily-fuel-partial">
                        {partialDaysNote(data.daily)}
                      </p>
                    ) : null}
                  </>
                )}
              </Panel>
            </div>
            <p className="text-xs text-slate-500">
              Hours at sea {formatQuantity(data.summary.hoursAtSea, "h", 0)}
              {atSeaSourceNote(data.summary.atSeaSource)
                ? ` (${atSeaSourceNote(data.summary.atSeaSource)})`
                : " (speed through water)"}{" "}
              · distance {formatQuantity(data.summary.distanceNm, "nm", 0)}
              {distanceSourceNote(data.summary.distanceSource)
                ? ` (${distanceSourceNote(data.summary.distanceSource)})`
                : ""}
            </p>
          </>
        );
      }}
    </SectionQuery>
  );
}
