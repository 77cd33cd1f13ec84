import { formatInstant } from "../../../../lib/format";
import type { NoonProposedVoyage } from "./noon-types";

/**
 * The voyages the upload would create, for confirmation: from the sheet's departure (COSP) and arrival
 * (EOSP) reports when it has no voyage column, or voyage numbers the fleet does not have yet. Each is ticked;
 * a voyage the user unticks is not created and its reports are stored without a voyage.
 */
export function NoonVoyages({
  voyages,
  excluded,
  onToggle,
  disabled,
}: {
  voyages: readonly NoonProposedVoyage[];
  excluded: ReadonlySet<string>;
  onToggle: (key: string, include: boolean) => void;
  disabled?: boolean;
}) {
  if (voyages.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="noon-voyages-none">
        No new voyage: the sheet has no departure (COSP) or arrival (EOSP) report, or its voyages exist
        already.
      </p>
    );
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="noon-voyages">
        <caption className="sr-only">Voyages to create</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
          <tr>
            {["Create", "Voyage", "From", "To", "Departure (UTC)", "Arrival (UTC)", "Sheet rows"].map((h) => (
              <th key={h} scope="col" className="px-3 py-1.5 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {voyages.map((v) => (
            <tr key={v.key} className="border-t border-slate-100" data-testid="noon-voyage">
              <td className="px-3 py-1">
                <input
                  type="checkbox"
                  aria-label={`Create voyage ${v.voyageNumber}`}
                  checked={!excluded.has(v.key)}
                  disabled={disabled}
                  onChange={(event) => onToggle(v.key, event.target.checked)}
                />
              </td>
              <td className="px-3 py-1">{v.voyageNumber}</td>
              <td className="px-3 py-1">{v.origin}</td>
              <td className="px-3 py-1">{v.destination}</td>
              <td className="px-3 py-1">{formatInstant(v.departureDate)}</td>
              <td className="px-3 py-1">{v.arrivalDate ? formatInstant(v.arrivalDate) : "under way"}</td>
              <td className="px-3 py-1">
                {v.rows.length > 0 ? `${v.rows[0]}–${v.rows[v.rows.length - 1]}` : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
