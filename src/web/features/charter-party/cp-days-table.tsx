/** The voyage's periods day by day: time, hours, distance, speed, consumption, weather, good weather and why. */
import type { CharterPartyPerformanceAnswer } from "../../../contracts/charter-party";
import { formatFixed, formatInstant, formatNumber } from "../../lib/format";
import { Badge } from "../../ui/badge";

const HEADERS = [
  "From",
  "To",
  "Hours",
  "Distance, nm",
  "Speed, kn",
  "Consumption, t",
  "Beaufort",
  "Douglas",
  "Good weather",
] as const;

export function CpDaysTable({ days }: { days: CharterPartyPerformanceAnswer["days"] }) {
  if (days.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="cp-days-empty">
        The voyage has no reports or sensor records yet: there is no day to judge.
      </p>
    );
  return (
    <div className="-mx-3 overflow-x-auto">
      <table className="w-full min-w-[900px] text-left text-sm" data-testid="cp-days">
        <caption className="sr-only">The voyage day by day</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {days.map((d) => (
            <tr key={d.from} data-testid="cp-day" className={d.covered ? undefined : "text-slate-400"}>
              <td className="whitespace-nowrap px-3 py-1.5">{formatInstant(d.from)}</td>
              <td className="whitespace-nowrap px-3 py-1.5">{formatInstant(d.to)}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatFixed(d.hours, 1)}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatFixed(d.distanceNm, 1)}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatFixed(d.speedKn, 2)}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatFixed(d.consumptionTonnes, 2)}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatNumber(d.beaufort, 1)}</td>
              <td className="px-3 py-1.5 tabular-nums">{formatNumber(d.douglas, 1)}</td>
              <td className="px-3 py-1.5">
                <span className="inline-flex flex-wrap items-center gap-2">
                  <Badge tone={d.goodWeather ? "success" : "neutral"}>{d.goodWeather ? "Yes" : "No"}</Badge>
                  <span className="text-xs text-slate-600">{d.reason}</span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
