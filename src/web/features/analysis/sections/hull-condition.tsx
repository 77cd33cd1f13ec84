import { Anchor } from "lucide-react";
import { useMemo } from "react";
import type { HullConditionSectionResponse } from "../../../../contracts/analysis/hull-condition-section";
import { CLEANING_STATE_LIMITS } from "../../../../domain/hull/roughness-bands";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatFixed, formatInstant, formatNumber, formatQuantity } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { countValues } from "../../../ui/charts/chart-data";
import { useSection } from "../api/get-section";
import {
  dayText,
  EVENT_TYPE_LABELS,
  foulingTone,
  intervalText,
  percentText,
  sentence,
  trendSegments,
} from "../hull-format";
import { percentTone } from "../section-format";
import {
  HULL_VALUE_COLORS,
  HullMethodNote,
  HullPerformanceChart,
  HullReferenceNote,
  HullTable,
} from "./hull-common";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = HullConditionSectionResponse;

const { moderateFrom, poorFrom } = CLEANING_STATE_LIMITS;

/** Roughness, fouling state (spec §4), efficiency and slip from the latest hull record. */
function HullRecordStats({ record }: { record: NonNullable<Data["hullRecord"]> }) {
  return (
    <>
      <Stat
        label="Hull roughness index"
        value={formatNumber(record.roughnessIndex, 0)}
        hint={`Hull record of ${formatInstant(record.at)}`}
        testId="stat-hull-roughness"
      />
      <Stat
        label="Hull efficiency"
        value={percentText(record.hullEfficiency)}
        tone={record.hullEfficiency === null ? null : record.hullEfficiency < 0 ? "worse" : "better"}
        hint="Negative means degradation"
        testId="stat-hull-efficiency"
      />
      <Stat label="Propeller slip" value={percentText(record.propellerSlip)} testId="stat-propeller-slip" />
    </>
  );
}

function FoulingBadge({ record }: { record: Data["hullRecord"] }) {
  const state = record?.foulingState ?? null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="hull-fouling-state">
      <span className="font-medium text-slate-700">Fouling state</span>
      {state === null ? (
        <span className="text-slate-500">
          {record === null
            ? "not known: add a hull record with its roughness index (Data Input & Tools › Hull and Compliance)"
            : "not known: the latest hull record has no roughness index"}
        </span>
      ) : (
        <>
          <Badge tone={foulingTone(state)} data-testid="hull-fouling-badge">
            {state}
          </Badge>
          <span className="text-xs text-slate-500">
            roughness {formatNumber(record?.roughnessIndex, 0)} (below {moderateFrom} Good, {moderateFrom} to
            under {poorFrom} Moderate, {poorFrom} or more Poor)
          </span>
        </>
      )}
    </div>
  );
}

function HullConditionBody({ data }: { data: Data }) {
  const current = data.current;
  const segments = useMemo(
    () => [
      ...trendSegments(
        data.trend,
        (s) => [s.excessPowerPercentAtStart, s.excessPowerPercentAtEnd],
        HULL_VALUE_COLORS.excessPower,
      ),
      ...trendSegments(
        data.trend,
        (s) => [s.speedLossPercentAtStart, s.speedLossPercentAtEnd],
        HULL_VALUE_COLORS.speedLoss,
      ),
    ],
    [data.trend],
  );
  const hasValues = countValues(data.series.excessPowerPercent) > 0;
  return (
    <>
      <RangeCaption range={data.range} />
      <FoulingBadge record={data.hullRecord} />
      <StatGrid>
        <Stat
          label="Excess power now"
          value={current ? percentText(current.excessPowerPercent.value) : "—"}
          tone={percentTone(current?.excessPowerPercent.value)}
          hint={
            current
              ? `95 %: ${intervalText(current.excessPowerPercent, "%")} · trend on ${dayText(current.at)}`
              : "Not enough accepted data since the last event"
          }
          testId="stat-excess-power-now"
        />
        <Stat
          label="Speed loss now"
          value={current ? percentText(current.speedLossPercent.value) : "—"}
          tone={percentTone(current?.speedLossPercent.value)}
          hint={
            current
              ? `95 %: ${intervalText(current.speedLossPercent, "%")} · ${formatNumber(current.samples, 0)} records since ${dayText(current.intervalFrom)}`
              : null
          }
          testId="stat-speed-loss-now"
        />
        {data.hullRecord ? <HullRecordStats record={data.hullRecord} /> : null}
      </StatGrid>
      <Panel title="Days since each event" testId="panel-days-since">
        {data.daysSince.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="hull-no-events">
            No maintenance event recorded: add hull cleanings, propeller polishes and dry-dockings with the
            maintenance event form or an upload of type 'events', so the analysis can segment at them.
          </p>
        ) : (
          <dl className="flex flex-wrap gap-2">
            {data.daysSince.map((d) => (
              <Stat
                key={d.type}
                label={`Since ${EVENT_TYPE_LABELS[d.type].toLowerCase()}`}
                value={formatQuantity(d.days, d.days === 1 ? "day" : "days", 0)}
                hint={`${dayText(d.date)}${d.source === "hull-record" ? ", from the hull records' last cleaning date" : ""}`}
                testId={`stat-days-since-${d.type}`}
              />
            ))}
          </dl>
        )}
      </Panel>
      {data.hullRecord === null ? (
        <p className="text-sm text-slate-600" data-testid="hull-no-record">
          No hull record for this ship: roughness, efficiency and slip appear once hull condition data is
          added (Data Input & Tools › Hull and Compliance, or a hull upload).
        </p>
      ) : null}
      <HullReferenceNote reference={data.reference} />
      <Panel title="Performance and trend per interval between events" testId="panel-hull-trend">
        {data.emptyReason !== null || !hasValues ? (
          <NoData kind="fuel" icon={Anchor} title="No performance values in this range">
            {data.emptyReason
              ? sentence(data.emptyReason)
              : "Add fuel records with shaft power, speed through water and draught, or choose a longer range."}
          </NoData>
        ) : (
          <>
            <HullPerformanceChart
              series={data.series}
              events={data.events}
              segments={segments}
              testId="chart-hull-condition"
            />
            {data.trend.length > 0 ? (
              <p className="text-xs text-slate-500" data-testid="hull-trend-caption">
                Points: daily means. Lines: the least-squares trend of each interval between maintenance
                events, in the colour of its value.
              </p>
            ) : null}
          </>
        )}
      </Panel>
      {data.trend.length > 0 ? (
        <HullTable
          head={[
            { label: "Fitted over (days with data)" },
            { label: "Excess power, start → end", numeric: true },
            { label: "Speed loss, start → end", numeric: true },
          ]}
          testId="hull-trend-table"
        >
          {data.trend.map((s) => (
            <tr key={s.from}>
              <td className="py-1 pr-3">
                {dayText(s.from)} to {dayText(s.to)}
              </td>
              <td className="py-1 pl-3 text-right">
                {formatFixed(s.excessPowerPercentAtStart, 1)} → {percentText(s.excessPowerPercentAtEnd)}
              </td>
              <td className="py-1 pl-3 text-right">
                {formatFixed(s.speedLossPercentAtStart, 1)} → {percentText(s.speedLossPercentAtEnd)}
              </td>
            </tr>
          ))}
        </HullTable>
      ) : null}
      <HullMethodNote method={data.method} />
    </>
  );
}

/** hull-hull-condition: the hull's state now, from the performance values and the hull records. */
export function HullConditionSection({ shipId, filters }: { shipId: number; filters: DashboardFilters }) {
  const query = useSection(shipId, "hull-hull-condition", filters);
  return (
    <SectionQuery query={query} name="Hull Condition">
      {(data) => <HullConditionBody data={data} />}
    </SectionQuery>
  );
}
