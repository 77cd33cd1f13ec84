import { formatInstant, formatNumber } from "../../../../lib/format";
import type { NoonParsedRow } from "./noon-types";

const CONSUMERS = ["main", "auxiliary", "boiler"] as const;
const CONSUMER_HEADINGS: Record<(typeof CONSUMERS)[number], string> = {
  main: "ME fuel (t)",
  auxiliary: "AE fuel (t)",
  boiler: "Boiler fuel (t)",
};

const total = (byGrade: Record<string, number> | undefined) =>
  byGrade ? Object.values(byGrade).reduce((s, t) => s + t, 0) : null;

const gradesText = (byGrade: Record<string, number>) =>
  Object.entries(byGrade)
    .filter(([, t]) => t > 0)
    .map(([g, t]) => `${g} ${formatNumber(t, 2)}`)
    .join(", ");

/**
 * The first reports as the server read them: sheet row, event, time in UTC (the local time and its offset
 * applied), steaming hours, distance, fuel per consumer (grades in the cell's tooltip) and the checks the
 * row fails, so that the user sees what the cells became before anything is written.
 */
export function NoonPreviewRows({ rows }: { rows: readonly NoonParsedRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No report could be read.</p>;
  const consumers = CONSUMERS.filter((c) => rows.some((r) => r.fuel[c]));
  return (
    <section
      aria-label="First reports read"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-md border border-slate-200"
      data-testid="noon-preview-rows"
    >
      <table className="w-full whitespace-nowrap text-left text-xs">
        <thead className="sticky top-0 bg-slate-50 text-slate-500">
          <tr>
            {["Row", "Event", "Time (UTC)", "UTC offset (h)", "Steaming (h)", "Distance OG (nm)"].map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                {h}
              </th>
            ))}
            {consumers.map((c) => (
              <th key={c} scope="col" className="px-2 py-1.5 font-medium">
                {CONSUMER_HEADINGS[c]}
              </th>
            ))}
            <th scope="col" className="px-2 py-1.5 font-medium">
              Checks failed
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map((r) => (
            <tr
              key={r.row}
              className={
                r.checks.length > 0 ? "border-t border-slate-100 bg-amber-50" : "border-t border-slate-100"
              }
              data-testid="noon-preview-row"
            >
              <td className="px-2 py-1">{r.row}</td>
              <td className="px-2 py-1">{r.event}</td>
              <td className="px-2 py-1">{formatInstant(r.timestamp)}</td>
              <td className="px-2 py-1">{r.utcOffsetHours ?? "—"}</td>
              <td className="px-2 py-1">{formatNumber(r.steamingHours, 1)}</td>
              <td className="px-2 py-1">{formatNumber(r.distanceOverGroundNm, 1)}</td>
              {consumers.map((c) => (
                <td key={c} className="px-2 py-1" title={r.fuel[c] ? gradesText(r.fuel[c]) : undefined}>
                  {formatNumber(total(r.fuel[c]), 2)}
                </td>
              ))}
              <td className="px-2 py-1">{r.checks.length > 0 ? r.checks.join(", ") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
