import { Sparkles } from "lucide-react";
import type { HullAnalyticsSectionResponse } from "../../../../contracts/analysis/hull-analytics-section";
import { formatMoney, formatNumber, formatQuantity } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { cn } from "../../../ui/cn";
import {
  ACTION_LABELS,
  confidenceTone,
  dayText,
  distanceText,
  estimateText,
  moneyPerDay,
  sentence,
  shareText,
} from "../hull-format";
import { Stat, StatGrid } from "./section-frame";

type Recommendation = NonNullable<HullAnalyticsSectionResponse["recommendation"]>;

const ACTION_CLASSES: Record<Recommendation["action"], string> = {
  "clean-now": "border-red-200 bg-red-50/60",
  "plan-cleaning": "border-amber-200 bg-amber-50/60",
  "no-action": "border-emerald-200 bg-emerald-50/60",
};

/** CII of the year if the hull is cleaned now against at the next planned docking (or the year's end). */
function CiiEffect({ cii }: { cii: Recommendation["cii"] }) {
  if (cii === null)
    return (
      <p className="text-xs text-slate-500" data-testid="recommendation-cii">
        CII effect not shown: the ship cannot be rated (ship type and capacity are needed).
      </p>
    );
  const rated = (value: number, rating: string | null) =>
    `${formatNumber(value, 2)}${rating ? ` (${rating})` : ""}`;
  return (
    <p className="text-sm text-slate-700" data-testid="recommendation-cii">
      <span className="font-medium">CII {cii.year}:</span>{" "}
      {rated(cii.attainedIfCleanNow, cii.ratingIfCleanNow)} if cleaned now,{" "}
      {rated(cii.attainedIfCleanAtDocking, cii.ratingIfCleanAtDocking)} if cleaned{" "}
      {cii.nextDocking
        ? `at the planned docking on ${dayText(cii.nextDocking)}`
        : "at the year's end (no docking planned)"}
      .
    </p>
  );
}

/** Confidence, always beside the recommendation: its level and what it rests on. */
function Confidence({ confidence }: { confidence: Recommendation["confidence"] }) {
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="recommendation-confidence">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-700">Confidence</span>
        <Badge tone={confidenceTone(confidence.level)} data-testid="recommendation-confidence-level">
          {confidence.level}
        </Badge>
        <span className="text-xs text-slate-600">
          {formatQuantity(confidence.daysOfData, "days of accepted data", 0)} · interval width{" "}
          {formatNumber(confidence.intervalWidthPercent, 1)} % points · {shareText(confidence.rejectedShare)}{" "}
          rejected
        </span>
      </p>
      <p className="text-xs text-slate-500">{sentence(confidence.note)}</p>
    </div>
  );
}

/**
 * The cleaning recommendation (issue 14): what to do, what the fouling costs per day, when a cleaning pays for
 * itself, the CII effect and the confidence; or, when there is none, the reason.
 */
export function CleaningRecommendationCard({
  recommendation: rec,
  reason,
  asOf,
}: {
  recommendation: Recommendation | null;
  reason: string | null;
  /** The day the dates are counted from (the range's end). */
  asOf: string;
}) {
  if (rec === null)
    return (
      <div
        className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
        data-testid="hull-recommendation-none"
      >
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
        <div>
          <p className="font-medium text-slate-800">No cleaning recommendation</p>
          <p className="text-sm text-slate-600">{sentence(reason ?? "the analysis gave no reason")}</p>
        </div>
      </div>
    );
  return (
    <section
      aria-labelledby="hull-recommendation-title"
      className={cn("flex flex-col gap-3 rounded-lg border p-4", ACTION_CLASSES[rec.action])}
      data-testid="hull-recommendation"
      data-action={rec.action}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id="hull-recommendation-title" className="text-base font-semibold text-slate-900">
          Cleaning recommendation: {ACTION_LABELS[rec.action]}
        </h4>
        <span className="text-xs text-slate-600">
          Excess power now {estimateText(rec.excessPowerPercent, "%")}
        </span>
      </div>
      <StatGrid>
        <Stat
          label="Fouling costs"
          value={moneyPerDay(rec.extraCostPerDay, rec.currency)}
          tone="worse"
          hint="at sea, at your fuel price"
          testId="recommendation-cost-per-day"
        />
        <Stat
          label="Extra fuel"
          value={formatQuantity(rec.extraFuelTonnesPerDay, "t/day", 2)}
          hint="against the clean hull"
          testId="recommendation-extra-fuel"
        />
        <Stat
          label="Break-even of a cleaning today"
          value={dayText(rec.breakEvenDate)}
          hint={`${distanceText(rec.breakEvenDate, asOf)} · cleaning cost ${formatMoney(rec.cleaningCost, rec.currency)}`}
          testId="recommendation-break-even"
        />
        <Stat
          label="Recommended cleaning date"
          value={dayText(rec.recommendedDate)}
          hint={distanceText(rec.recommendedDate, asOf)}
          testId="recommendation-date"
        />
      </StatGrid>
      <CiiEffect cii={rec.cii} />
      <Confidence confidence={rec.confidence} />
    </section>
  );
}
