import { LineChart } from "lucide-react";
import type { HullAnalyticsSectionResponse } from "../../../../contracts/analysis/hull-analytics-section";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatNumber } from "../../../lib/format";
import { useSection } from "../api/get-section";
import {
  dayText,
  EVENT_TYPE_LABELS,
  estimateText,
  INDICATOR_LABELS,
  percentText,
  shareText,
} from "../hull-format";
import { signedNumber } from "../section-format";
import { HullCleaningCostForm } from "./hull-cleaning-cost-form";
import { HullMethodNote, HullReferenceNote, HullTable } from "./hull-common";
import { CleaningRecommendationCard } from "./hull-recommendation";
import { NoData, Panel, RangeCaption, SectionQuery } from "./section-frame";

type Data = HullAnalyticsSectionResponse;
type Period = NonNullable<Data["indicators"][number]["reference"]>;
type Interval = Data["intervals"][number];

function PeriodText({ period }: { period: Period | null }) {
  if (period === null) return <span className="text-slate-400">—</span>;
  return (
    <span>
      {dayText(period.from)} to {dayText(period.to)}
      <span className="block text-xs text-slate-500">
        {formatNumber(period.count, 0)} days · mean speed loss {percentText(period.meanSpeedLossPercent)}
      </span>
    </span>
  );
}

/** The four ISO 19030-2 indicators, each with its reference and evaluation periods, or why it has no value. */
function Indicators({ indicators }: { indicators: Data["indicators"] }) {
  return (
    <HullTable
      head={[
        { label: "Indicator" },
        { label: "Reference period" },
        { label: "Evaluation period" },
        { label: "Change in speed loss (% points)", numeric: true },
      ]}
      testId="hull-indicators"
    >
      {indicators.map((ind) => (
        <tr key={ind.id} data-testid={`indicator-${ind.id}`}>
          <td className="py-1.5 pr-3 font-medium text-slate-800">{INDICATOR_LABELS[ind.id]}</td>
          <td className="py-1.5 pr-3">
            <PeriodText period={ind.reference} />
          </td>
          <td className="py-1.5 pr-3">
            <PeriodText period={ind.evaluation} />
          </td>
          <td className="py-1.5 pl-3 text-right">
            {ind.speedLossChangePercent === null ? (
              <span className="text-xs text-slate-500">{ind.unavailableReason ?? "Not available"}</span>
            ) : (
              <span className={ind.speedLossChangePercent > 0 ? "text-red-700" : "text-emerald-700"}>
                {signedNumber(ind.speedLossChangePercent)}
              </span>
            )}
          </td>
        </tr>
      ))}
    </HullTable>
  );
}

/** Whether an interval's rate is known to ±10 % (measured) or only shown with its wider interval. */
function RateStatus({ interval }: { interval: Interval }) {
  const w = interval.rateRelativeHalfWidth;
  const precision = w === null ? "" : ` (±${formatNumber(w * 100, 0)} %)`;
  return interval.rateStatus === "measured" ? (
    <span className="text-emerald-700">Measured{precision}</span>
  ) : (
    <span
      className="text-amber-700"
      title="Its 99 % interval is wider than ±10 % of the rate (95 % wider than ±7.6 %): too short or noisy an interval to state the rate to 10 %."
    >
      Indicative{precision}
    </span>
  );
}

/** Fouling rate per interval between maintenance events, with 95 % bounds, length and rejected share. */
function FoulingRates({ intervals }: { intervals: Data["intervals"] }) {
  return (
    <HullTable
      head={[
        { label: "Interval" },
        { label: "Opened by" },
        { label: "Added power (%/year)", numeric: true },
        { label: "Speed loss (%/year)", numeric: true },
        { label: "Rate", spaced: true },
        { label: "Days", numeric: true },
        { label: "Accepted days", numeric: true },
        { label: "Rejected", numeric: true },
      ]}
      testId="hull-fouling-rates"
    >
      {intervals.map((iv) => (
        <tr key={iv.from}>
          <td className="py-1 pr-3">
            {dayText(iv.from)} to {dayText(iv.to)}
          </td>
          <td className="py-1 pr-3 text-slate-600">
            {iv.startEvent ? EVENT_TYPE_LABELS[iv.startEvent] : "Start of data"}
            {iv.propellerPolishes.length > 0 && (
              <span className="block text-xs text-slate-500" data-testid="hull-interval-polishes">
                {EVENT_TYPE_LABELS["propeller-polishing"]} {iv.propellerPolishes.map(dayText).join(", ")}
              </span>
            )}
          </td>
          <td className="py-1 pl-3 text-right">{estimateText(iv.addedPowerPercentPerYear, "")}</td>
          <td className="py-1 pl-3 text-right">{estimateText(iv.speedLossPercentPerYear, "")}</td>
          <td className="whitespace-nowrap py-1 px-3" data-testid="hull-rate-status">
            <RateStatus interval={iv} />
          </td>
          <td className="py-1 pl-3 text-right">{formatNumber(iv.days, 0)}</td>
          <td className="py-1 pl-3 text-right">{formatNumber(iv.samples, 0)}</td>
          <td className="py-1 pl-3 text-right">{shareText(iv.rejectedShare)}</td>
        </tr>
      ))}
    </HullTable>
  );
}

/** What each maintenance event changed: the trend before it at its last day of data vs after it at its first. */
function EventEffects({ effects }: { effects: Data["effects"] }) {
  return (
    <HullTable
      head={[
        { label: "Event" },
        { label: "Work done" },
        { label: "Days compared" },
        { label: "Added power removed (% points)", numeric: true },
        { label: "Speed loss removed (% points)", numeric: true },
      ]}
      testId="hull-event-effects"
    >
      {effects.map((e) => (
        <tr key={e.date}>
          <td className="py-1 pr-3">{dayText(e.date)}</td>
          <td className="py-1 pr-3 text-slate-600">
            {e.eventTypes.map((t) => EVENT_TYPE_LABELS[t]).join(" + ")}
          </td>
          <td className="py-1 pr-3 text-slate-600">
            {dayText(e.lastDayBefore)} → {dayText(e.firstDayAfter)}
          </td>
          <td className="py-1 pl-3 text-right">{estimateText(e.addedPowerPercent, "")}</td>
          <td className="py-1 pl-3 text-right">{estimateText(e.speedLossPercent, "")}</td>
        </tr>
      ))}
    </HullTable>
  );
}

function HullAnalyticsBody({ data, canEdit }: { data: Data; canEdit: boolean }) {
  return (
    <>
      <RangeCaption range={data.range} />
      <CleaningRecommendationCard
        recommendation={data.recommendation}
        reason={data.reason}
        asOf={data.range.to}
      />
      <HullCleaningCostForm canEdit={canEdit} />
      <HullReferenceNote reference={data.reference} />
      <Panel title="ISO 19030-2 performance indicators" testId="panel-hull-indicators">
        <Indicators indicators={data.indicators} />
      </Panel>
      <Panel title="Fouling rate per interval between hull cleanings" testId="panel-hull-intervals">
        {data.intervals.length === 0 ? (
          <NoData icon={LineChart} title="No interval with enough accepted data">
            A fouling rate needs performance values over an interval between hull cleanings or dry-dockings:
            add fuel records with shaft power, speed and draught, and the ship's maintenance events.
          </NoData>
        ) : (
          <>
            <FoulingRates intervals={data.intervals} />
            <p className="text-xs text-slate-500" data-testid="hull-interval-method">
              Values with their 95 % interval in brackets. {data.intervalMethod}
            </p>
          </>
        )}
      </Panel>
      {data.effects.length > 0 && (
        <Panel title="Effect of each maintenance event" testId="panel-hull-event-effects">
          <EventEffects effects={data.effects} />
          <p className="text-xs text-slate-500">
            The trend before the event at its last day of data minus the trend after it at its first, with its
            95 % interval: what the ship's own data shows across the event, growth during the port call
            included, rather than a line carried over the days in port or in dock. The ISO maintenance effect
            above compares the 90-day means on either side of the latest event, so it also counts the fouling
            grown over those months.
          </p>
        </Panel>
      )}
      <HullMethodNote method={data.method} />
    </>
  );
}

/** hull-hull-analytics: ISO 19030-2 indicators, fouling rate per interval and the cleaning recommendation. */
export function HullAnalyticsSection({
  shipId,
  filters,
  canEdit,
}: {
  shipId: number;
  filters: DashboardFilters;
  /** Analysts and admins may set the organisation's cleaning cost. */
  canEdit: boolean;
}) {
  const query = useSection(shipId, "hull-hull-analytics", filters);
  return (
    <SectionQuery query={query} name="Advanced Analytics">
      {(data) => <HullAnalyticsBody data={data} canEdit={canEdit} />}
    </SectionQuery>
  );
}
