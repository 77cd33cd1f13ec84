import { Waves } from "lucide-react";
import { useMemo } from "react";
import type { HullResistanceSectionResponse } from "../../../../contracts/analysis/hull-resistance-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatNumber } from "../../../lib/format";
import { countValues } from "../../../ui/charts/chart-data";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { ScatterChart } from "../../../ui/charts/charts";
import { useSection } from "../api/get-section";
import { REJECTION_REASON_LABELS, referenceSpanText, sentence, shareText } from "../hull-format";
import { HullMethodNote, HullPerformanceChart, HullReferenceNote, HullTable } from "./hull-common";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = HullResistanceSectionResponse;

/** What the reference-condition filter kept and why it dropped the rest, reason by reason. */
function FilterAccount({ filter }: { filter: Data["filter"] }) {
  const rejected = [...filter.rejected].filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
  if (rejected.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="hull-filter-none">
        {filter.records === 0 ? "No main-engine records in this range." : "No record was rejected."}
      </p>
    );
  return (
    <HullTable
      head={[{ label: "Reason" }, { label: "Records", numeric: true }, { label: "Share", numeric: true }]}
      testId="hull-filter-table"
    >
      {rejected.map((r) => (
        <tr key={r.reason}>
          <td className="py-1 pr-3">{REJECTION_REASON_LABELS[r.reason]}</td>
          <td className="py-1 pl-3 text-right">{formatNumber(r.count, 0)}</td>
          <td className="py-1 pl-3 text-right">
            <span className="inline-flex items-center justify-end gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-2 rounded-sm bg-orange-400"
                style={{ width: `${Math.max(2, Math.round(r.share * 80))}px` }}
              />
              {shareText(r.share)}
            </span>
          </td>
        </tr>
      ))}
    </HullTable>
  );
}

function ReferenceCurve({ reference }: { reference: NonNullable<Data["reference"]> }) {
  const series = useMemo(
    () => [
      {
        label: reference.source === "ship" ? "Reference (ship)" : "Reference (fitted)",
        x: reference.points.map((p) => p.speedKn),
        y: reference.points.map((p) => p.powerKw),
        color: CHART_COLORS.baseline,
        width: 2,
        decimals: 0,
      },
    ],
    [reference],
  );
  return (
    <>
      <ScatterChart
        series={series}
        x={{ name: "Speed through water", unit: "kn" }}
        y={{ name: "Shaft power", unit: "kW" }}
        height={220}
        label="The speed–power reference curve at the reference displacement"
        testId="chart-hull-reference"
      />
      <p className="mt-2 text-xs text-slate-500" data-testid="hull-reference-span">
        {referenceSpanText(reference)}
      </p>
    </>
  );
}

function HullResistanceBody({ data }: { data: Data }) {
  const days = countValues(data.series.excessPowerPercent);
  return (
    <>
      <RangeCaption range={data.range} />
      <StatGrid>
        <Stat
          label="Days with performance values"
          value={formatNumber(days, 0)}
          hint={`${formatNumber(data.filter.accepted, 0)} of ${formatNumber(data.filter.records, 0)} records accepted`}
          testId="stat-hull-days"
        />
        <Stat
          label="Rejected by the reference filter"
          value={shareText(data.filter.rejectedShare)}
          testId="stat-hull-rejected"
        />
        <Stat
          label="Reference curve"
          value={
            data.reference === null ? "None" : data.reference.source === "ship" ? "Ship's own" : "Fitted"
          }
          testId="stat-hull-reference"
        />
      </StatGrid>
      <HullReferenceNote reference={data.reference} missing={data.missingReference} />
      <Panel title="Speed loss and excess power (ISO 19030-2)" testId="panel-hull-performance">
        {data.emptyReason !== null || days === 0 ? (
          <NoData kind="fuel" icon={Waves} title="No performance values in this range">
            {data.emptyReason
              ? sentence(data.emptyReason)
              : "Add fuel records with shaft power, speed through water and draught, or choose a longer range."}
          </NoData>
        ) : (
          <HullPerformanceChart series={data.series} events={data.events} />
        )}
      </Panel>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="Records rejected by the reference-condition filter" testId="panel-hull-filter">
          <FilterAccount filter={data.filter} />
        </Panel>
        <Panel title="Reference curve" testId="panel-hull-reference">
          {data.reference !== null && data.reference.span === null ? (
            <NoData icon={Waves} title="No reference curve drawn">
              {referenceSpanText(data.reference)}
            </NoData>
          ) : data.reference === null || data.reference.points.length === 0 ? (
            <NoData icon={Waves} title="No reference curve">
              {sentence(
                data.missingReference ??
                  "enter the ship's speed–power curve (sea trial or model test) with its displacement",
              )}
            </NoData>
          ) : (
            <ReferenceCurve reference={data.reference} />
          )}
        </Panel>
      </div>
      <HullMethodNote method={data.method} />
    </>
  );
}

/** hull-hull-resistance: ISO 19030-2 performance values over time, the filter's account and the reference. */
export function HullResistanceSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "hull-hull-resistance", filters);
  return (
    <SectionQuery query={query} name="Resistance Analysis">
      {(data) => <HullResistanceBody data={data} />}
    </SectionQuery>
  );
}

/** The overview grid's hull resistance panel: the same chart, from the same call. */
export function HullResistanceChart({ data, height }: { data: Data; height: number }) {
  if (data.emptyReason !== null || countValues(data.series.excessPowerPercent) === 0)
    return (
      <NoData kind="fuel" icon={Waves} title="No hull performance values in this range">
        {sentence(data.emptyReason ?? "add fuel records with shaft power, speed through water and draught")}
      </NoData>
    );
  return (
    <HullPerformanceChart
      series={data.series}
      events={data.events}
      height={height}
      testId="chart-grid-hull-performance"
    />
  );
}
