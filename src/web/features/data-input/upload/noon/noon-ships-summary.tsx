import { formatNumber } from "../../../../lib/format";
import type { NoonPreview } from "./noon-types";

/**
 * Per ship of the sheet: its reports and the time at sea (under way, drifting) and in port (alongside, at
 * anchor) that the report events give, as the server counted them. Ships are named by the first rows'
 * names when the preview has them.
 */
export function NoonShipsSummary({
  ships,
  rows,
}: {
  ships: NoonPreview["ships"];
  rows: ReadonlyArray<{ shipId: number | null; ship: string | null }>;
}) {
  if (ships.length === 0) return null;
  const nameOf = (id: number) => rows.find((r) => r.shipId === id && r.ship)?.ship ?? `Ship ${id}`;
  return (
    <ul className="text-sm text-slate-700" data-testid="noon-ships">
      {ships.map((s) => (
        <li key={s.shipId}>
          <span className="font-medium text-slate-900">{nameOf(s.shipId)}</span>: {formatNumber(s.reports, 0)}{" "}
          reports, {formatNumber(s.seaHours, 0)} h at sea and {formatNumber(s.portHours, 0)} h in port (from
          the report events)
        </li>
      ))}
    </ul>
  );
}
