import { formatInstant, formatNumber } from "../../../../lib/format";
import type { NoonParsedRow } from "./noon-types";

const CONSUMER_SHORT: Record<NoonParsedRow["fuel"][number]["consumer"], string> = {
  main: "ME",
  auxiliary: "AE",
  boiler: "Boiler",
};

/** The consumer-and-grade columns the rows fill, in the server's order ('main/VLSFO', 'auxiliary/LSMGO'). */
function fuelColumns(rows: readonly NoonParsedRow[]) {
  const seen = new Map<string, NoonParsedRow["fuel"][number]>();
  for (const r of rows) for (const f of r.fuel) seen.set(`${f.consumer}/${f.grade}`, f);
  return [...seen].map(([key, f]) => ({
    key,
    heading: `${CONSUMER_SHORT[f.consumer]} ${f.grade} (t)`,
    ...f,
  }));
}

/**
 * The first reports as they will be stored: sheet row, event, time in UTC (the local time and its offset
 * applied), steaming hours, distance, fuel per consumer and grade as reported (two grades of one class are two
 * columns), the report's CO2 and the checks the row fails, so that the user sees what the cells became before
 * anything is written.
 */
export function NoonPreviewRows({ rows }: { rows: readonly NoonParsedRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No report could be read.</p>;
  const fuels = fuelColumns(rows);
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
            {fuels.map((f) => (
              <th key={f.key} scope="col" className="px-2 py-1.5 font-medium">
                {f.heading}
              </th>
            ))}
            <th scope="col" className="px-2 py-1.5 font-medium">
              CO₂ (t)
            </th>
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
              <td className="px-2 py-1">{formatInstant(r.reportedAt)}</td>
              <td className="px-2 py-1">{r.utcOffsetHours ?? "—"}</td>
              <td className="px-2 py-1">{formatNumber(r.steamingHours, 1)}</td>
              <td className="px-2 py-1">{formatNumber(r.distanceOverGroundNm, 1)}</td>
              {fuels.map((f) => (
                <td key={f.key} className="px-2 py-1" title={`${f.grade}: MEPC.364(79) class ${f.fuelClass}`}>
                  {formatNumber(
                    r.fuel.find((x) => x.consumer === f.consumer && x.grade === f.grade)?.tonnes ?? null,
                    2,
                  )}
                </td>
              ))}
              <td className="px-2 py-1">{formatNumber(r.co2Tonnes, 2)}</td>
              <td className="px-2 py-1">{r.checks.length > 0 ? r.checks.join(", ") : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
