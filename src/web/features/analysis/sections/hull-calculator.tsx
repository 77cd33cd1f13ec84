import { Info } from "lucide-react";
import type { ReactNode } from "react";
import type {
  HullCalculatorPrefill,
  HullCalculatorSectionResponse,
  PrefilledValue,
} from "../../../../contracts/analysis/hull-calculator-section";
import { MAINTENANCE_EVENT_LABELS } from "../../../../contracts/maintenance-events";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatInstant, formatQuantity } from "../../../lib/format";
import { useSection } from "../api/get-section";
import { Panel, RangeCaption, SectionQuery } from "./section-frame";

/** The ship's state behind the prefilled inputs: value with unit, and where it came from. */
const CONTEXT_ROWS: {
  key: keyof HullCalculatorSectionResponse["context"];
  label: string;
  unit: string;
  digits: number;
}[] = [
  { key: "daysSinceLastCleaning", label: "Days since last cleaning", unit: "days", digits: 0 },
  { key: "roughnessIndex", label: "Hull roughness index", unit: "", digits: 0 },
  { key: "hullEfficiency", label: "Hull efficiency", unit: "%", digits: 1 },
  { key: "draughtForeM", label: "Draught fore", unit: "m", digits: 2 },
  { key: "draughtAftM", label: "Draught aft", unit: "m", digits: 2 },
  { key: "displacementT", label: "Displacement", unit: "t", digits: 0 },
];

function SourceRow({
  label,
  value,
  unit,
  digits,
}: {
  label: string;
  value: PrefilledValue;
  unit: string;
  digits: number;
}) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-3 py-2" data-testid="prefill-context">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums text-slate-900">
        {value
          ? unit
            ? formatQuantity(value.value, unit, digits)
            : formatQuantity(value.value, "", digits).trim()
          : "—"}
      </dd>
      <dd className="text-xs text-slate-500">
        {value ? `${value.source}${value.at ? ` · ${formatInstant(value.at)}` : ""}` : "No record"}
      </dd>
    </div>
  );
}

/**
 * hull-hull-calculator: the hull performance calculator, prefilled from the ship's latest data up to the
 * range's end (each input says where its value came from), beside the ship's hull state. The calculator
 * itself is the Tools panel's, hosted by the app (`calculator`).
 */
export function HullCalculatorSection({
  shipId,
  filters,
  calculator,
}: {
  shipId: number;
  filters: DashboardFilters;
  calculator: (prefill: HullCalculatorPrefill) => ReactNode;
}) {
  const query = useSection(shipId, "hull-hull-calculator", filters);
  return (
    <SectionQuery query={query} name="Hull Calculator">
      {(data) => (
        <>
          <RangeCaption range={data.range} />
          <Panel title="The ship's latest data" testId="panel-hull-state">
            <dl className="grid grid-cols-2 gap-2 md:grid-cols-3">
              {CONTEXT_ROWS.map((r) => (
                <SourceRow
                  key={r.key}
                  label={r.label}
                  value={data.context[r.key]}
                  unit={r.unit}
                  digits={r.digits}
                />
              ))}
            </dl>
            {data.lastCleaning ? (
              <p className="text-xs text-slate-500" data-testid="last-cleaning">
                Last cleaning: {MAINTENANCE_EVENT_LABELS[data.lastCleaning.type]} on {data.lastCleaning.date}
                {data.lastCleaning.source === "hull-record"
                  ? " (from the hull records' last cleaning date)"
                  : ""}
              </p>
            ) : null}
            {data.missing.length > 0 ? (
              <div
                className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
                data-testid="prefill-missing"
              >
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <ul className="flex flex-col gap-1">
                  {data.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Panel>
          {/* The calculator's cost and payback differ from Advanced Analytics' by method, not by error: say so. */}
          <p className="text-xs leading-relaxed text-slate-600" data-testid="calculator-basis">
            The calculator reads the inputs below as one moment: the latest record against the reference
            curve. Its fuel cost and payback are for that moment. The cleaning recommendation in Advanced
            Analytics rests on the hull interval's trend over all accepted days at sea, so the two can differ.
          </p>
          {/* A new answer (other filters, new records) starts the form again from its values. */}
          <div key={JSON.stringify(data.inputs)}>{calculator(data.inputs)}</div>
        </>
      )}
    </SectionQuery>
  );
}
