import { fieldOptionsFor, noonFieldUnit, UNMAPPED } from "./noon-field-labels";
import type { NoonMappingColumn } from "./noon-types";

/**
 * The mapping of a noon-report sheet: each sheet column (its header and the unit the sheet writes) and the
 * field it fills, in a select the user may change; the unit the field is stored in beside it. A column no
 * field claims reads 'Not used' and is highlighted so that the user looks at it.
 */
export function NoonMappingTable({
  columns,
  onChange,
  disabled,
  testId = "noon-mapping",
}: {
  columns: readonly NoonMappingColumn[];
  onChange: (header: string, field: string | null) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">Sheet columns and the fields they fill</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Sheet column
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Unit in the sheet
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Stored as
            </th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => {
            const unit = c.field ? noonFieldUnit(c.field) : null;
            return (
              <tr
                key={`${c.index}-${c.header}`}
                className={c.field ? "border-t border-slate-100" : "border-t border-slate-100 bg-amber-50"}
                data-testid="noon-mapping-row"
                data-header={c.header}
                data-mapped={c.field ? "true" : "false"}
              >
                <th scope="row" className="px-3 py-1 font-medium text-slate-800">
                  {c.header}
                  {c.note ? (
                    <span className="block text-xs font-normal text-slate-500" data-testid="noon-column-note">
                      {c.note}
                    </span>
                  ) : null}
                </th>
                <td className="px-3 py-1 text-slate-600">{c.unit ?? "—"}</td>
                <td className="px-3 py-1">
                  <select
                    aria-label={`Field of column ${c.header}`}
                    value={c.field ?? UNMAPPED}
                    disabled={disabled}
                    className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    onChange={(event) =>
                      onChange(c.header, event.target.value === UNMAPPED ? null : event.target.value)
                    }
                  >
                    {fieldOptionsFor(c.field).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-3 py-1 text-slate-600">{c.field ? (unit ?? "text") : "not stored"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The `columnMappings` of a mapping: every column's header → its field, '' for a column left out. */
export function columnMappingsOf(columns: readonly NoonMappingColumn[]): Record<string, string> {
  return Object.fromEntries(columns.map((c) => [c.header, c.field ?? UNMAPPED]));
}
