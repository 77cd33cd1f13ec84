import type { ReactNode } from "react";
import type {
  HullDailySeries,
  HullEvent,
  HullMethod,
  HullReference,
} from "../../../../contracts/analysis/hull-common";
import { formatNumber } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { CHART_COLORS } from "../../../ui/charts/chart-theme";
import { TimeSeriesChart } from "../../../ui/charts/charts";
import type { TimeSegment } from "../../../ui/charts/time-markers";
import { dayText, eventMarkers, sentence } from "../hull-format";

/** A small table in a hull section: header cells and rows, numbers right-aligned by the caller. */
export function HullTable({
  head,
  children,
  testId,
}: {
  /** `spaced`: a text column after a numeric one (padded on both sides, as its cells must be). */
  head: readonly { label: string; numeric?: boolean; spaced?: boolean }[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="sticky top-0 bg-white text-xs text-slate-500">
          <tr>
            {head.map((h) => (
              <th
                key={h.label}
                scope="col"
                className={
                  h.numeric
                    ? "py-1 pl-3 text-right font-medium"
                    : h.spaced
                      ? "py-1 px-3 font-medium"
                      : "py-1 pr-3 font-medium"
                }
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}

/** The method named on screen: ISO 19030-2, whether wind-corrected (and why not) and the filters applied. */
export function HullMethodNote({ method }: { method: HullMethod }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-500" data-testid="hull-method">
      <p>
        <span className="font-medium text-slate-700">Method:</span> {sentence(method.name)}{" "}
        {method.windCorrected ? "Wind-corrected." : sentence(method.windNote ?? "not wind-corrected")}
      </p>
      {method.filters.length > 0 ? (
        <>
          <p className="font-medium text-slate-700">Reference conditions</p>
          <ul className="list-disc pl-4">
            {method.filters.map((f) => (
              <li key={f}>{sentence(f)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * Which speed–power reference the values are read against: the ship's own, or the curve fitted on its first
 * clean-hull period, marked as such, with what to enter to replace it.
 */
export function HullReferenceNote({
  reference,
  missing,
}: {
  reference: HullReference | null;
  /** What to enter, when the section says so. */
  missing?: string | null;
}) {
  if (reference === null)
    return (
      <p className="text-sm font-medium text-amber-800" data-testid="hull-no-reference">
        No speed–power reference curve.{" "}
        {sentence(missing ?? "enter the ship's sea-trial or model-test curve")}
      </p>
    );
  const displacement =
    reference.referenceDisplacementT === null
      ? "at no stated displacement"
      : `at ${formatNumber(reference.referenceDisplacementT, 0)} t displacement`;
  if (reference.source === "ship")
    return (
      <p className="text-xs text-slate-500" data-testid="hull-reference">
        <Badge tone="info">Ship's reference curve</Badge> Speed–power curve entered for this ship,{" "}
        {displacement}.
      </p>
    );
  return (
    <div className="flex flex-col gap-1 text-sm text-amber-800" data-testid="hull-reference-fitted">
      <p>
        <Badge tone="warning">Fitted curve</Badge> No reference curve entered: values are read against a curve
        fitted on the first clean-hull period ({dayText(reference.fittedFrom)} to{" "}
        {dayText(reference.fittedTo)}), {displacement}. They show change since that period, not against sea
        trial.
      </p>
      {(missing ?? reference.advice) ? (
        <p className="text-xs">To replace it: {sentence(missing ?? reference.advice ?? "")}</p>
      ) : null}
    </div>
  );
}

/** The two performance values' colours, the same for their daily points and their fitted lines. */
export const HULL_VALUE_COLORS = {
  excessPower: CHART_COLORS.secondary,
  speedLoss: CHART_COLORS.primary,
} as const;

/**
 * Daily ISO 19030-2 performance values (speed loss and excess power, %) with the maintenance events as
 * vertical lines; `segments` adds fitted lines (the trends of Hull Condition). Shared by Resistance Analysis,
 * Hull Condition and the overview grid, so the values read the same in each.
 */
export function HullPerformanceChart({
  series,
  events,
  segments,
  height = 280,
  testId = "chart-hull-performance",
}: {
  series: HullDailySeries;
  events: readonly HullEvent[];
  segments?: readonly TimeSegment[];
  height?: number;
  testId?: string;
}) {
  return (
    <TimeSeriesChart
      times={series.t}
      series={[
        {
          label: "Excess power",
          values: series.excessPowerPercent,
          color: HULL_VALUE_COLORS.excessPower,
          kind: "points",
          decimals: 1,
        },
        {
          label: "Speed loss",
          values: series.speedLossPercent,
          color: HULL_VALUE_COLORS.speedLoss,
          kind: "points",
          decimals: 1,
        },
      ]}
      y={{ name: "Vs clean hull", unit: "%" }}
      markers={eventMarkers(events)}
      {...(segments ? { segments } : {})}
      height={height}
      label="Daily speed loss and excess power against the clean-hull reference, with maintenance events"
      testId={testId}
    />
  );
}
