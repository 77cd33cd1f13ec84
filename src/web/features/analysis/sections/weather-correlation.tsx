import { CloudLightning } from "lucide-react";
import type { WeatherCorrelationSectionResponse } from "../../../../contracts/analysis/weather-correlation-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatNumber, formatQuantity } from "../../../lib/format";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { CategoryBarChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Bin = Omit<WeatherCorrelationSectionResponse["byBeaufort"][number], "force">;

const pct = (x: number | null) => (x === null ? "—" : formatQuantity(x, "%", 1));

/**
 * One weather bin's penalty: a bar chart of the fuel penalty with its 95 % interval (two marks), and a table
 * of every bin's records, fuel penalty, interval and power penalty. The power penalty is a second view of the
 * same excess (fuel follows power): drawn in bars beside the fuel's, uPlot overlaid the two as if they added,
 * so it is read in the table.
 */
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
            label: "95 % low (%)",
            values: bins.map((b) => b.fuelPenaltyLowPercent),
            color: CHART_COLORS.baseline,
            kind: "points",
            decimals: 1,
          },
          {
            label: "95 % high (%)",
            values: bins.map((b) => b.fuelPenaltyHighPercent),
            color: CHART_COLORS.baseline,
            kind: "points",
            decimals: 1,
          },
        ]}
        xName={`${xName} (records)`}
        y={{ name: "Fuel above the light-weather reference", unit: "%" }}
        label={`${title}: fuel above the Beaufort ≤ 4 reference at the same speeds, with its 95 % interval`}
        testId={`chart-${testId}`}
      />
      <table className="w-full text-xs tabular-nums" data-testid={`table-${testId}`}>
        <thead className="text-slate-500">
          <tr>
            <th className="text-left font-medium">{xName}</th>
            <th className="text-right font-medium">Records</th>
            <th className="text-right font-medium">Fuel penalty</th>
            <th className="text-right font-medium">95 % interval</th>
            <th className="text-right font-medium">Power penalty</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((b, i) => (
            <tr key={names[i]} className={b.records < minRecords ? "text-slate-400" : "text-slate-800"}>
              <td>{names[i]}</td>
              <td className="text-right">{formatNumber(b.records, 0)}</td>
              <td className="text-right">{pct(b.fuelPenaltyPercent)}</td>
              <td className="text-right">
                {b.fuelPenaltyLowPercent === null || b.fuelPenaltyHighPercent === null
                  ? "—"
                  : `${formatNumber(b.fuelPenaltyLowPercent, 1)} to ${formatNumber(b.fuelPenaltyHighPercent, 1)} %`}
              </td>
              <td className="text-right">{pct(b.powerPenaltyPercent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-500" data-testid={`note-${testId}`}>
        Bars: fuel above the light-weather reference at the same speeds, marks its 95 % interval. The power
        penalty is another view of the same excess (fuel follows power), not to be added to it.
        {few > 0 ? ` Bins of fewer than ${minRecords} records (greyed) say little.` : ""}
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
