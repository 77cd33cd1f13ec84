import { CloudLightning } from "lucide-react";
import type { WeatherCorrelationSectionResponse } from "../../../../contracts/analysis/weather-correlation-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatNumber, formatQuantity } from "../../../lib/format";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { CategoryBarChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Bin = Omit<WeatherCorrelationSectionResponse["byBeaufort"][number], "force">;

/** One bar chart of fuel and power penalty per bin, with each bin's record count in its label. */
function PenaltyChart({
  title,
  bins,
  names,
  xName,
  testId,
  minRecords,
  ordering = null,
}: {
  title: string;
  bins: readonly Bin[];
  names: string[];
  xName: string;
  testId: string;
  minRecords: number;
  /** Why the bins cannot be read as the weather's effect, when they cannot. */
  ordering?: string | null;
}) {
  const few = bins.filter((b) => b.records < minRecords).length;
  return (
    <Panel title={title} testId={`panel-${testId}`}>
      <CategoryBarChart
        categories={bins.map(
          (b, i) => `${names[i]} (${formatNumber(b.records, 0)}${b.records < minRecords ? ", too few" : ""})`,
        )}
        series={[
          {
            label: "Fuel penalty (%)",
            values: bins.map((b) => b.fuelPenaltyPercent),
            color: CHART_COLORS.secondary,
            decimals: 1,
          },
          // the fuel penalty's 95 % interval, as two marks over its bar
          {
            label: "Fuel penalty, 95 % low (%)",
            values: bins.map((b) => b.fuelPenaltyLowPercent),
            color: CHART_COLORS.baseline,
            kind: "points",
            decimals: 1,
          },
          {
            label: "Fuel penalty, 95 % high (%)",
            values: bins.map((b) => b.fuelPenaltyHighPercent),
            color: CHART_COLORS.baseline,
            kind: "points",
            decimals: 1,
          },
          {
            label: "Power penalty (%)",
            values: bins.map((b) => b.powerPenaltyPercent),
            color: CHART_COLORS.primary,
            decimals: 1,
          },
        ]}
        xName={`${xName} (records)`}
        y={{ name: "Above the light-weather reference", unit: "%" }}
        label={`${title}: fuel and power above the Beaufort ≤ 4 reference at the same speeds`}
        testId={`chart-${testId}`}
      />
      <p className="text-xs text-slate-500" data-testid={`note-${testId}`}>
        Fuel and power penalties are two views of one excess (fuel follows power), side by side, not to be
        added. Records per bin in brackets
        {few > 0 ? `; bins of fewer than ${minRecords} records are drawn but say little` : ""}.
        {ordering ? ` ${ordering}` : ""}
      </p>
    </Panel>
  );
}

const share = (m: { sharePercent: number | null; weatherFuelT: number | null }) =>
  m.sharePercent === null
    ? "—"
    : `${formatQuantity(m.sharePercent, "%", 1)} · ${formatQuantity(m.weatherFuelT, "MT", 1)}`;

/**
 * environment-weather-correlation ('Weather Impact'): the weather's share of the fuel by the ISO 15016
 * corrections beside the Beaufort ≤ 4 filter, each with the data it kept, and the penalty per Beaufort
 * force, wave height and wind angle off the bow.
 */
export function WeatherCorrelationSection({
  shipId,
  filters,
}: {
  shipId: number;
  filters: DashboardFilters;
}) {
  const query = useSection(shipId, "environment-weather-correlation", filters);
  return (
    <SectionQuery query={query} name="Weather Impact">
      {(data) => (
        <>
          <RangeCaption range={data.range} />
          {data.records === 0 ? (
            <NoData
              kind={["fuel", "environmental"]}
              icon={CloudLightning}
              title="No main-engine reports at sea with weather in this range — add environmental data (wind, waves, heading) for the times of the fuel reports, or upload both files"
            />
          ) : (
            <>
              <StatGrid>
                <Stat
                  label="Weather share, ISO 15016"
                  value={share(data.iso15016)}
                  hint={`${formatNumber(data.iso15016.recordsKept, 0)} of ${formatNumber(data.records, 0)} reports corrected (wind all round, waves within ±45° of the bow)${data.iso15016.usedDefaultShip ? "; ship length or beam missing: a default bulk carrier stands in" : ""}`}
                  testId="stat-weather-share-iso"
                />
                <Stat
                  label={`Weather share, Beaufort ≤ ${data.calmFilter.maxBeaufort} filter`}
                  value={share(data.calmFilter)}
                  hint={`reference from ${formatNumber(data.calmFilter.referenceRecords, 0)} light-weather reports of ${formatNumber(data.records, 0)}`}
                  testId="stat-weather-share-filter"
                />
                <Stat label="Fuel judged" value={formatQuantity(data.fuelT, "MT", 1)} />
                <Stat label="Hours at sea judged" value={formatQuantity(data.hours, "h", 0)} />
                <Stat
                  label="Reports judged"
                  value={formatNumber(data.records, 0)}
                  hint={`at sea with weather, of ${formatNumber(data.recordsInRange, 0)} main-engine reports in the range${data.sampled ? " (an even sample in time)" : ""}`}
                />
              </StatGrid>
              <div className="grid gap-6 xl:grid-cols-2">
                <PenaltyChart
                  title="Penalty by wind force"
                  bins={data.byBeaufort}
                  names={data.byBeaufort.map((b) => `Bft ${b.force}`)}
                  xName="Beaufort force"
                  testId="weather-beaufort"
                  minRecords={data.minBinRecords}
                  ordering={data.beaufortOrdering}
                />
                <PenaltyChart
                  title="Penalty by wave height"
                  bins={data.byWave}
                  names={data.byWave.map((b) =>
                    b.toM === null ? `≥ ${b.fromM} m` : `${b.fromM}–${b.toM} m`,
                  )}
                  xName="Wave height"
                  testId="weather-wave"
                  minRecords={data.minBinRecords}
                  ordering={data.waveOrdering}
                />
                <PenaltyChart
                  title="Penalty by wind angle off the bow"
                  bins={data.byHeading}
                  names={data.byHeading.map((b) => `${b.fromDeg}–${b.toDeg}°`)}
                  xName="Wind off the bow (0° head, 180° following)"
                  testId="weather-heading"
                  minRecords={data.minBinRecords}
                />
              </div>
            </>
          )}
        </>
      )}
    </SectionQuery>
  );
}
