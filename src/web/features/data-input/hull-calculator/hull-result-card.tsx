import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import type { CalculateHullPerformanceResponse } from "../../../../contracts/hull-calculator";
import type { HullCorrection } from "../../../../domain/hull/hull-calculator-text";
import {
  ROUGHNESS_BAND_COLORS,
  ROUGHNESS_BAND_LIMITS,
  type RoughnessBand,
} from "../../../../domain/hull/roughness-bands";
import { formatNumber } from "../../../lib/format";
import { Badge } from "../../../ui/badge";
import { Card } from "../../../ui/card";
import { cn } from "../../../ui/cn";

const COLOR_CLASSES = {
  green: "border-emerald-300 bg-emerald-50 text-emerald-800",
  yellow: "border-yellow-300 bg-yellow-50 text-yellow-800",
  orange: "border-orange-300 bg-orange-50 text-orange-800",
  red: "border-red-300 bg-red-50 text-red-800",
} as const;

const { good, caution, orange } = ROUGHNESS_BAND_LIMITS;

/** Band texts; only the first two bands have icons of their own (spec §4). */
const BANDS: Record<RoughnessBand, { label: string; Icon: typeof CircleCheck }> = {
  good: { label: `Good (up to ${good})`, Icon: CircleCheck },
  caution: { label: `Caution (${good}–${caution})`, Icon: TriangleAlert },
  orange: { label: `${caution}–${orange}`, Icon: CircleAlert },
  red: { label: `Above ${orange}`, Icon: CircleAlert },
};

const CORRECTION_LABELS: Record<HullCorrection, string> = {
  wind: "Wind",
  waves: "Waves",
  speed: "Speed (cube law)",
};

const usd = (value: number) => `$${formatNumber(value, 0)}`;

function Item({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The calculator's answer (spec §3 Hull calculation result), every figure as the server computed it. */
export function HullResultCard({ result }: { result: CalculateHullPerformanceResponse }) {
  const band = result.details.roughnessBand;
  const { label, Icon } = BANDS[band];
  const { additionalFuelCost, annualExtraCost, paybackPeriod } = result.economicImpact;
  return (
    <Card title="Hull Performance Results" titleId="hull-result-title" data-testid="hull-result">
      <div className="flex flex-col gap-5">
        <div
          className={cn(
            "flex items-center gap-4 rounded-lg border p-4",
            COLOR_CLASSES[ROUGHNESS_BAND_COLORS[band]],
          )}
          data-testid="hull-roughness"
          data-band={band}
        >
          <Icon aria-hidden="true" className="size-8 shrink-0" />
          <div>
            <p className="text-xs font-medium uppercase tracking-wide">Hull roughness index</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="hull-roughness-index">
              {formatNumber(result.hullRoughnessIndex, 1)}
            </p>
            <p className="text-sm">
              {label} · cleaning state {result.details.cleaningState}
            </p>
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Item
            label="Hull efficiency (negative = degradation)"
            value={`${formatNumber(result.hullEfficiency, 1)} %`}
            testId="hull-efficiency"
          />
          <Item
            label="Additional fuel cost"
            value={`${usd(additionalFuelCost)} per day`}
            testId="hull-fuel-cost"
          />
          <Item
            label="Annual extra cost"
            value={`${usd(annualExtraCost)} per year`}
            testId="hull-annual-cost"
          />
          <Item
            label="Cleaning payback period"
            value={paybackPeriod === null ? "Nothing to recover" : `${formatNumber(paybackPeriod, 0)} days`}
            testId="hull-payback"
          />
        </dl>
        <div className="flex flex-col gap-2 text-sm">
          <p data-testid="hull-action">
            <span className="font-medium text-slate-900">Recommended action: </span>
            {result.recommendedAction}
          </p>
          <p className="text-xs leading-relaxed text-slate-600" data-testid="hull-method">
            <span className="font-medium text-slate-900">Method: </span>
            {result.calculationMethod}
          </p>
          <p className="flex items-center gap-2">
            <span className="font-medium text-slate-900">Weather corrected:</span>
            <Badge tone={result.weatherCorrected ? "info" : "neutral"} data-testid="hull-weather-corrected">
              {result.weatherCorrected ? "Yes (ISO 15016 principles)" : "No"}
            </Badge>
          </p>
          <ul className="flex flex-col gap-1" data-testid="hull-corrections" aria-label="Corrections">
            {result.corrections.map((c) => (
              <li
                key={c.correction}
                className="flex items-start gap-2"
                data-testid={`hull-correction-${c.correction}`}
                data-applied={c.applied}
              >
                <Badge tone={c.applied ? "info" : "neutral"} className="shrink-0 whitespace-nowrap">
                  {CORRECTION_LABELS[c.correction]}: {c.applied ? "applied" : "not applied"}
                </Badge>
                <span className="text-xs text-slate-600">{c.note}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
