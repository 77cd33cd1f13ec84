import type { UploadCounts } from "../api/upload-types";
import { dataTypeLabel } from "./data-type-labels";

const COLUMNS = ["new", "updated", "unchanged", "rejected"] as const satisfies ReadonlyArray<
  keyof UploadCounts
>;
const HEADINGS: Record<keyof UploadCounts, string> = {
  new: "New",
  updated: "Updated",
  unchanged: "Unchanged",
  rejected: "Rejected",
};

/** Rows new, updated, unchanged and rejected per data type, as the server counted them. */
export function UploadCountsTable({ data }: { data: Record<string, Partial<UploadCounts>> }) {
  const types = Object.keys(data);
  if (types.length === 0) return <p className="text-sm text-slate-600">No rows were counted.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="upload-counts">
        <caption className="sr-only">Rows per data type</caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Data type
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="py-1 pr-4 text-right font-medium">
                {HEADINGS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {types.map((type) => (
            <tr key={type} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-4 font-medium text-slate-800">
                {dataTypeLabel(type)}
              </th>
              {COLUMNS.map((c) => (
                <td key={c} className="py-1 pr-4 text-right tabular-nums" data-testid={`count-${type}-${c}`}>
                  {data[type]?.[c] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
