/** The charter-party result of a voyage: status, the good-weather figures, the weather-corrected ones beside. */
import type { ReactNode } from "react";
import type { CharterPartyPerformanceAnswer } from "../../../contracts/charter-party";
import { CP_STATUS_LABELS, CP_STATUS_TONES } from "../../lib/cp-status";
import { formatFixed, formatQuantity } from "../../lib/format";
import { Badge } from "../../ui/badge";
import {
  claimMissingReason,
  claimText,
  otherReasons,
  weatherCorrectedMissingReason,
} from "./cp-result-model";

const BASIS = { noon_reports: "noon-to-noon reports", sensor_days: "whole days of sensor records" } as const;

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const hours = (v: number | null) => formatQuantity(v, "h", 1);
const tonnes = (v: number | null) => formatQuantity(v, "t", 1);

export function CpResult({ performance: p }: { performance: CharterPartyPerformanceAnswer }) {
  const claim = claimText(p);
  const wc = p.weatherCorrected;
  const others = otherReasons(p);
  return (
    <div className="flex flex-col gap-4" data-testid="cp-result">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={CP_STATUS_TONES[p.status]} data-testid="cp-status">
          {CP_STATUS_LABELS[p.status]}
        </Badge>
        <span className="text-sm text-slate-600">
          From {BASIS[p.basis]}: {formatFixed(p.voyage.seaHours, 1)} h at sea,{" "}
          {formatQuantity(p.voyage.distanceNm, "nm", 1)} covered.
        </span>
      </div>
      <p className="text-sm text-slate-600" data-testid="cp-rule">
        {p.terms.rule}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="cp-gw-title" className="rounded-md border border-slate-200 p-3">
          <h3 id="cp-gw-title" className="mb-2 text-sm font-semibold text-slate-900">
            Good-weather method
          </h3>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Good-weather days" testId="cp-gw-days">
              {p.goodWeather.days} ({hours(p.goodWeather.hours)})
            </Figure>
            <Figure label="Good-weather speed" testId="cp-gw-speed">
              {formatQuantity(p.goodWeather.speedKn, "kn", 2)}
            </Figure>
            <Figure label="Good-weather consumption" testId="cp-gw-consumption">
              {formatQuantity(p.goodWeather.consumptionTonnesPerDay, "t/day", 2)}
            </Figure>
            <Figure label="Time lost" testId="cp-time-lost">
              {hours(p.timeLostHours)}
            </Figure>
            <Figure label="Over-consumption" testId="cp-over">
              {tonnes(p.overConsumptionTonnes)}
            </Figure>
            <Figure label="Under-consumption" testId="cp-under">
              {tonnes(p.underConsumptionTonnes)}
            </Figure>
          </dl>
          {p.byGrade.length > 0 ? (
            <ul className="mt-3 text-sm text-slate-700" data-testid="cp-by-grade">
              {p.byGrade.map((b) => (
                <li key={b.grade}>
                  <span className="font-medium text-slate-900">{b.grade}</span>: warranted{" "}
                  {formatQuantity(b.warrantedTonnesPerDay, "t/day", 2)}, good weather{" "}
                  {formatQuantity(b.goodWeatherTonnesPerDay, "t/day", 2)}; over-consumption{" "}
                  {tonnes(b.overConsumptionTonnes)}, under-consumption {tonnes(b.underConsumptionTonnes)}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm" data-testid="cp-claim">
            <span className="font-medium text-slate-900">Claim: </span>
            {claim ?? <span className="text-slate-600">not valued. {claimMissingReason(p)}</span>}
          </p>
        </section>
        <section aria-labelledby="cp-wc-title" className="rounded-md border border-slate-200 p-3">
          <h3 id="cp-wc-title" className="mb-2 text-sm font-semibold text-slate-900">
            Weather-corrected method (ISO 15016)
          </h3>
          {wc ? (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="cp-wc">
              <Figure label="Days corrected" testId="cp-wc-days">
                {wc.days} ({hours(wc.hours)})
              </Figure>
              <Figure label="Calm-water speed" testId="cp-wc-speed">
                {formatQuantity(wc.speedKn, "kn", 2)}
              </Figure>
              <Figure label="Calm-water consumption" testId="cp-wc-consumption">
                {formatQuantity(wc.consumptionTonnesPerDay, "t/day", 2)}
              </Figure>
              <Figure label="Time lost" testId="cp-wc-time-lost">
                {hours(wc.timeLostHours)}
              </Figure>
              <Figure label="Over-consumption" testId="cp-wc-over">
                {tonnes(wc.overConsumptionTonnes)}
              </Figure>
              <Figure label="Under-consumption" testId="cp-wc-under">
                {tonnes(wc.underConsumptionTonnes)}
              </Figure>
            </dl>
          ) : (
            <p className="text-sm text-slate-600" data-testid="cp-wc-missing">
              {weatherCorrectedMissingReason(p)}
            </p>
          )}
        </section>
      </div>
      {others.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-slate-600" data-testid="cp-reasons">
          {others.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
