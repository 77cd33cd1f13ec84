import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  type CiiProjectionResponse,
  type CiiWhatIfResponse,
  ciiWhatIfBody,
  type EnvironmentComplianceSectionResponse,
  euaPriceBody,
  intervalBasisLabel,
} from "../../../../contracts/analysis/environment-compliance-section";
import { FUEL_TYPES } from "../../../../domain/fuels/fuel-types";
import {
  EU_SCOPE_SHARE,
  EU_VOYAGE_SCOPES,
  type EuVoyageScope,
} from "../../../../domain/regulation/eu-voyage-scope";
import { errorMessageOf } from "../../../lib/api";
import type { DashboardFilters } from "../../../lib/dashboard-filters";
import { formatFixed, formatMoney, formatNumber, MISSING } from "../../../lib/format";
import { useDashboardFilters } from "../../../lib/use-dashboard-filters";
import { ErrorAlert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { RatingBadge } from "../../../ui/rating-badge";
import { SelectField } from "../../../ui/select-field";
import { Spinner } from "../../../ui/spinner";
import { TextField } from "../../../ui/text-field";
import { toast } from "../../../ui/toast/use-toast";
import { useCiiWhatIf, useEuaPrice, useSaveEuaPrice, useSetVoyageScope } from "../api/compliance";
import { useSection } from "../api/get-section";
import { AnnualFuelPanel } from "./annual-fuel-panel";
import { CiiCalculator } from "./cii-calculator";
import { NumberSettingForm } from "./number-setting-form";
import { NoData, Panel, RangeCaption, SectionQuery, Stat, StatGrid } from "./section-frame";

type Data = EnvironmentComplianceSectionResponse;
const CII_UNIT = "g CO₂/cap·nm";

const SCOPE_LABELS: Record<EuVoyageScope, string> = {
  intra_eu: "EU ↔ EU",
  at_berth_eu: "At berth, EU port",
  into_eu: "Into the EU",
  out_of_eu: "Out of the EU",
  outside_eu: "Outside the EU",
};
const scopeText = (s: EuVoyageScope | null) =>
  s === null ? "Port unknown" : `${SCOPE_LABELS[s]} (${formatNumber(EU_SCOPE_SHARE[s] * 100, 0)} %)`;

const interval = (p: CiiProjectionResponse) =>
  `95 % interval ${formatFixed(p.low, 2)}–${formatFixed(p.high, 2)}` +
  (p.lowRating === null ? "" : ` (${p.lowRating} to ${p.highRating})`);

const reasonsOf = (data: Data, figure: Data["reasons"][number]["figure"]) =>
  data.reasons.filter((r) => r.figure === figure).map((r) => r.reason);

function Reasons({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="list-disc pl-5 text-sm text-slate-600">
      {items.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

function CiiPanel({ data }: { data: Data }) {
  const { yearToDate, projection, history, margins, year } = data.cii;
  return (
    <Panel title={`CII ${year}`} testId="cii-panel">
      <StatGrid>
        <Stat
          label="Year to date"
          value={
            yearToDate
              ? `${formatFixed(yearToDate.attained, 2)} · ${yearToDate.rating ?? "not rated"}`
              : MISSING
          }
          hint={yearToDate ? `Required ${formatNumber(yearToDate.required, 2)} ${CII_UNIT}` : null}
          testId="stat-cii-ytd"
        />
        <Stat
          label="Projected year end"
          value={
            projection
              ? `${formatFixed(projection.attained, 2)} · ${projection.rating ?? "not rated"}`
              : MISSING
          }
          hint={projection ? interval(projection) : null}
          testId="stat-cii-projection"
        />
        {projection ? (
          <Stat
            label="Rating at the interval's ends"
            value={
              <span className="inline-flex items-center gap-1">
                <RatingBadge rating={projection.lowRating} testId="cii-low-rating" />
                <span className="text-sm font-normal text-slate-600">to</span>
                <RatingBadge rating={projection.highRating} testId="cii-high-rating" />
              </span>
            }
            hint={`±${formatNumber(projection.basis.halfWidthPercent, 1)} % of the projection`}
            testId="stat-cii-interval-ratings"
          />
        ) : null}
      </StatGrid>
      {projection ? (
        <p className="text-sm text-slate-700" data-testid="cii-interval-basis">
          Interval from {intervalBasisLabel(projection.basis)}.
        </p>
      ) : null}
      <Reasons items={[...reasonsOf(data, "cii"), ...reasonsOf(data, "projection")]} />
      {projection ? <p className="text-xs text-slate-500">{projection.method}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h5 className="mb-1 text-xs font-semibold uppercase text-slate-500">Rating history</h5>
          <table className="w-full text-sm" data-testid="cii-history">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th>Year</th>
                <th className="text-right">Attained</th>
                <th className="text-right">Required</th>
                <th className="text-right">Rating</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.year} className="border-t border-slate-100">
                  <td>
                    {h.year}
                    {h.complete ? "" : " (so far)"}
                  </td>
                  <td className="text-right tabular-nums">{formatFixed(h.attained, 2)}</td>
                  <td className="text-right tabular-nums">{formatNumber(h.required, 2)}</td>
                  <td className="text-right">
                    <RatingBadge rating={h.rating} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h5 className="mb-1 text-xs font-semibold uppercase text-slate-500">
            Margin to each boundary at year end
          </h5>
          {margins.length === 0 ? (
            <p className="text-sm text-slate-600">{MISSING}</p>
          ) : (
            <table className="w-full text-sm" data-testid="cii-margins">
              <thead className="text-left text-xs text-slate-500">
                <tr>
                  <th>Boundary</th>
                  <th className="text-right">CII</th>
                  <th className="text-right">t CO₂</th>
                  <th className="text-right">Days at current rate</th>
                </tr>
              </thead>
              <tbody>
                {margins.map((m) => (
                  <tr key={m.boundary} className="border-t border-slate-100">
                    <td>
                      {{ superior: "A | B", lower: "B | C", upper: "C | D", inferior: "D | E" }[m.boundary]}
                    </td>
                    <td className="text-right tabular-nums">{formatNumber(m.cii, 2)}</td>
                    <td
                      className={`text-right tabular-nums ${m.co2Tonnes < 0 ? "text-red-700" : "text-emerald-700"}`}
                    >
                      {m.co2Tonnes > 0 ? "+" : ""}
                      {formatNumber(m.co2Tonnes, 0)}
                    </td>
                    <td className="text-right tabular-nums">
                      {m.days === null ? MISSING : formatNumber(m.days, 0)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="mt-1 text-xs text-slate-500">
            Positive: CO₂ the ship may still emit this year and stay within the band; negative: CO₂ to save.
          </p>
        </div>
      </div>
    </Panel>
  );
}

function WhatIfForm({ shipId, year }: { shipId: number; year: number }) {
  const whatIf = useCiiWhatIf(shipId);
  const [speed, setSpeed] = useState("");
  const [cleaning, setCleaning] = useState("");
  const [penalty, setPenalty] = useState("");
  const [fuel, setFuel] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const num = (s: string) => (s.trim() === "" ? undefined : Number(s.trim().replace(",", ".")));
    const parsed = ciiWhatIfBody.safeParse({
      year,
      speedReductionKn: num(speed),
      cleaningDate: cleaning === "" ? undefined : cleaning,
      foulingFuelPenaltyPercent: num(penalty),
      fuelSwitch: fuel === "" ? undefined : fuel,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    whatIf.mutate(parsed.data, {
      onError: (e) => toast({ title: "What-if Failed", description: errorMessageOf(e) }),
    });
  };
  const r = whatIf.data;
  return (
    <Panel title="What if, for the rest of the year" testId="cii-what-if">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label="Speed reduction (kn)"
          inputMode="decimal"
          value={speed}
          onChange={(e) => setSpeed(e.target.value)}
          error={errors.speedReductionKn}
          className="w-44"
          data-testid="what-if-speed"
        />
        <TextField
          label="Hull cleaning on"
          type="date"
          value={cleaning}
          onChange={(e) => setCleaning(e.target.value)}
          error={errors.cleaningDate}
          className="w-44"
          data-testid="what-if-cleaning"
        />
        <TextField
          label="Override fouling penalty (%)"
          inputMode="decimal"
          value={penalty}
          onChange={(e) => setPenalty(e.target.value)}
          error={errors.foulingFuelPenaltyPercent}
          hint="Empty: taken from the hull analysis"
          className="w-60"
          data-testid="what-if-penalty"
        />
        <SelectField
          label="Switch fuel to"
          value={fuel}
          onChange={(e) => setFuel(e.target.value)}
          options={[{ value: "", label: "No switch" }, ...FUEL_TYPES.map((f) => ({ value: f, label: f }))]}
          className="w-40"
          data-testid="what-if-fuel"
        />
        <Button type="submit" disabled={whatIf.isPending} className="mb-5" data-testid="what-if-run">
          {whatIf.isPending ? <Spinner label="Projecting" /> : null}
          Project
        </Button>
      </form>
      {r ? (
        <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="what-if-result">
          <span>
            Baseline {formatFixed(r.baseline.attained, 2)} <RatingBadge rating={r.baseline.rating} />
          </span>
          <span aria-hidden>→</span>
          {r.projection ? (
            <>
              <span className="font-semibold">
                What-if {formatFixed(r.projection.attained, 2)}{" "}
                <RatingBadge rating={r.projection.rating} testId="what-if-rating" />
              </span>
              <span className="text-slate-600">{interval(r.projection)}</span>
            </>
          ) : (
            <span className="font-semibold">No what-if projection</span>
          )}
          {r.cleaning ? <CleaningSource cleaning={r.cleaning} /> : null}
          {r.reasons.map((x) => (
            <div key={x.field} className="w-full">
              <ErrorAlert data-testid="what-if-reason">{x.reason}</ErrorAlert>
            </div>
          ))}
          {r.projection ? <p className="w-full text-xs text-slate-500">{r.projection.method}</p> : null}
        </div>
      ) : null}
    </Panel>
  );
}

/** Where the fouling penalty a what-if cleaning removes came from: the hull analysis or the stated override. */
function CleaningSource({ cleaning: c }: { cleaning: NonNullable<CiiWhatIfResponse["cleaning"]> }) {
  return (
    <div
      className="w-full rounded border border-slate-200 bg-slate-50 p-2 text-xs"
      data-testid="what-if-cleaning-source"
    >
      <p className="font-medium text-slate-700">
        Cleaning on {c.date} removes {formatFixed(c.extraFuelTonnesPerDayAtCleaning, 2)} t {c.fuelType}/day (
        {formatFixed(c.fuelPenaltyPercentAtCleaning, 1)} % of the fuel), {formatNumber(c.savedFuelTonnes, 0)}{" "}
        t by the year's end.
      </p>
      {c.hull ? (
        <p className="text-slate-600">
          From the hull analysis (Hull Performance → Advanced Analytics): excess power{" "}
          {formatFixed(c.hull.excessPowerPercent.value, 1)} % now (95 %:{" "}
          {formatFixed(c.hull.excessPowerPercent.low, 1)}–{formatFixed(c.hull.excessPowerPercent.high, 1)})
          against {formatNumber(c.hull.cleanLevelPercent, 1)} % for a clean hull (the level after the last
          cleaning; 0 = the reference curve), growing {formatNumber(c.hull.foulingRatePercentPerYear, 1)}{" "}
          points a year since {c.hull.intervalFrom.slice(0, 10)}.
        </p>
      ) : (
        <p className="text-slate-600">Stated penalty (override): the hull analysis is not used.</p>
      )}
    </div>
  );
}

function EuaPriceForm({ canEdit }: { canEdit: boolean }) {
  const price = useEuaPrice();
  const save = useSaveEuaPrice();
  if (price.isPending) return null;
  if (price.isError) return <ErrorAlert>{errorMessageOf(price.error)}</ErrorAlert>;
  if (!canEdit)
    return (
      <p className="text-sm text-slate-600">
        EUA price:{" "}
        {price.data.euaPrice === null ? "not set" : formatMoney(price.data.euaPrice, price.data.currency, 2)}.
        Analysts and admins can set it.
      </p>
    );
  return (
    <NumberSettingForm
      id="eua-price"
      label={`EUA price (${price.data.currency} per t CO₂)`}
      hint="Leave empty to clear"
      stored={price.data.euaPrice}
      what="Price"
      // a price with cents: a decimal comma is read as the point ('72,50')
      parse={(text) => Number(text.replace(",", "."))}
      toBody={(euaPrice) => ({ euaPrice })}
      schema={euaPriceBody}
      save={save}
      saved={{ title: "EUA Price Saved" }}
      submitLabel="Save price"
    />
  );
}

function RegulationPanels({ data, canEdit }: { data: Data; canEdit: boolean }) {
  const { ets, fuelEu } = data;
  return (
    <div className="flex flex-col gap-6">
      <Panel title="EU ETS" testId="ets-panel">
        {ets ? (
          <StatGrid>
            <Stat
              label="CO₂ in scope"
              value={`${formatNumber(ets.scopeCo2Tonnes, 0)} t`}
              testId="stat-ets-scope"
            />
            <Stat
              label="Phase-in"
              value={`${formatNumber(ets.phaseIn * 100, 0)} %`}
              hint={`${ets.year} emissions`}
            />
            <Stat
              label="Allowances"
              value={formatNumber(ets.allowances, 0)}
              hint={`EUA, 1 per t; surrender in ${ets.surrenderYear}`}
              testId="stat-ets-allowances"
            />
            <Stat
              label="Cost"
              value={ets.cost === null ? MISSING : formatMoney(ets.cost, ets.currency)}
              testId="stat-ets-cost"
              hint={
                ets.cost === null
                  ? "Set a price for the cost"
                  : `At ${formatMoney(ets.price, ets.currency, 2)} per EUA; surrender in ${ets.surrenderYear}`
              }
            />
          </StatGrid>
        ) : null}
        <Reasons items={reasonsOf(data, "ets")} />
        <EuaPriceForm canEdit={canEdit} />
      </Panel>
      <Panel title="FuelEU Maritime" testId="fueleu-panel">
        {fuelEu ? (
          <StatGrid>
            <Stat label="GHG intensity (WtW)" value={formatNumber(fuelEu.ghgIntensity, 2)} hint="g CO₂e/MJ" />
            <Stat label="Target" value={formatNumber(fuelEu.target, 2)} hint={`g CO₂e/MJ, ${fuelEu.year}`} />
            <Stat
              label="Compliance balance"
              value={`${formatNumber(fuelEu.balance / 1e6, 1)} t CO₂e`}
              tone={fuelEu.balance >= 0 ? "better" : "worse"}
              testId="stat-fueleu-balance"
            />
            <Stat label="Penalty" value={formatMoney(fuelEu.penalty, "EUR")} hint="Annex IV, first deficit" />
          </StatGrid>
        ) : null}
        <Reasons items={reasonsOf(data, "fuelEu")} />
        <p className="text-xs text-slate-500">
          Defaults of Regulation (EU) 2023/1805 Annex II; no pooling, banking, RFNBO reward or shore power.
        </p>
      </Panel>
    </div>
  );
}

function VoyageScopes({ data, shipId, canEdit }: { data: Data; shipId: number; canEdit: boolean }) {
  const setScope = useSetVoyageScope(shipId);
  if (data.voyages.length === 0)
    return <p className="text-sm text-slate-600">No voyages with fuel this year yet.</p>;
  return (
    <Panel title={`Voyages of ${data.cii.year} and their EU scope`} testId="voyage-scopes">
      <div className="max-h-96 overflow-auto">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-white text-left text-xs text-slate-500">
            <tr>
              <th>Voyage</th>
              <th>From → To</th>
              <th>From the ports</th>
              <th>Scope used</th>
              <th className="text-right">CO₂ this year (t)</th>
            </tr>
          </thead>
          <tbody>
            {data.voyages.map((v) => (
              <tr key={`${v.voyageId}-${v.voyageNumber}`} className="border-t border-slate-100">
                <td>{v.voyageNumber}</td>
                <td>{v.origin === v.destination ? v.origin : `${v.origin} → ${v.destination}`}</td>
                <td>{scopeText(v.computedScope)}</td>
                <td>
                  {canEdit && v.voyageId !== null ? (
                    <select
                      aria-label={`EU scope of ${v.voyageNumber}`}
                      className="rounded border border-slate-300 px-1 py-0.5 text-sm"
                      value={v.override ?? ""}
                      data-testid="voyage-scope-select"
                      onChange={(e) =>
                        setScope.mutate(
                          {
                            voyageId: v.voyageId!,
                            scope: e.target.value === "" ? null : (e.target.value as EuVoyageScope),
                          },
                          {
                            onError: (err) =>
                              toast({ title: "Scope Not Saved", description: errorMessageOf(err) }),
                          },
                        )
                      }
                    >
                      <option value="">As computed</option>
                      {EU_VOYAGE_SCOPES.map((s) => (
                        <option key={s} value={s}>
                          {scopeText(s)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    scopeText(v.scope)
                  )}
                </td>
                <td className="text-right tabular-nums">{formatNumber(v.co2Tonnes, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

/**
 * environment-compliance: CII projection and what-if, EU ETS, FuelEU Maritime, the year's fuel by grade, voyage
 * scopes, and the CII calculator.
 */
export function EnvironmentComplianceSection({
  shipId,
  filters,
  canEdit,
}: {
  shipId: number;
  filters: DashboardFilters;
  canEdit: boolean;
}) {
  const query = useSection(shipId, "environment-compliance", filters);
  const { setSection } = useDashboardFilters();
  return (
    <div className="flex flex-col gap-6">
      <SectionQuery query={query} name="Compliance Tracking">
        {(data) =>
          data.cii.yearToDate === null && data.voyages.length === 0 ? (
            <NoData title="No compliance figures yet" icon={ShieldCheck}>
              {data.reasons.map((r) => r.reason).join(" ") ||
                "Add records with Data Input & Tools, or upload an Excel/CSV file."}
            </NoData>
          ) : (
            <>
              <RangeCaption range={data.range} />
              <CiiPanel data={data} />
              <WhatIfForm shipId={shipId} year={data.cii.year} />
              <RegulationPanels data={data} canEdit={canEdit} />
              <AnnualFuelPanel shipId={shipId} year={data.cii.year} />
              <VoyageScopes data={data} shipId={shipId} canEdit={canEdit} />
              <p className="text-sm text-slate-600">
                EEOI per voyage and rolling:{" "}
                <button
                  type="button"
                  className="text-sky-700 underline"
                  onClick={() => setSection("fuel-fuel-eeoi")}
                  data-testid="eeoi-link"
                >
                  EEOI Tracking
                </button>
                .
              </p>
            </>
          )
        }
      </SectionQuery>
      <CiiCalculator />
    </div>
  );
}
