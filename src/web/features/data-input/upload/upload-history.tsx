import { History } from "lucide-react";
import { errorMessageOf } from "../../../lib/api";
import { formatInstant, formatNumber } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { EmptyState } from "../../../ui/empty-state";
import { Skeleton } from "../../../ui/skeleton";
import { useUploads } from "../api/get-uploads";
import { dataTypeLabel } from "./data-type-labels";

const COUNT_COLUMNS = ["New", "Updated", "Unchanged", "Rejected"];

const STATUS: Record<string, { label: string; tone: "success" | "warning" | "danger" }> = {
  completed: { label: "Completed", tone: "success" },
  completed_with_errors: { label: "Completed with errors", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
};

/** The organisation's past uploads (issue 5: each upload recorded and listed in the tool). */
export function UploadHistory() {
  const uploads = useUploads();
  return (
    <section
      aria-labelledby="upload-history-title"
      className="flex flex-col gap-3"
      data-testid="upload-history"
    >
      <h3 id="upload-history-title" className="text-sm font-semibold text-slate-900">
        Upload history
      </h3>
      {uploads.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : uploads.isError ? (
        <ErrorAlert>{errorMessageOf(uploads.error)}</ErrorAlert>
      ) : uploads.data.length === 0 ? (
        <EmptyState icon={History} title="No uploads yet">
          Files uploaded here are listed with the rows that were new, updated, unchanged and rejected.
        </EmptyState>
      ) : (
        <div className="max-h-80 overflow-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
              <tr>
                {["File", "Type", "Uploaded", "By", ...COUNT_COLUMNS, "Status"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-1.5 font-medium whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {uploads.data.map((u) => {
                const status = STATUS[u.status];
                return (
                  <tr key={u.id} className="border-t border-slate-100" data-testid="upload-history-row">
                    <td
                      className="max-w-56 truncate px-3 py-1.5 font-medium text-slate-900"
                      title={u.fileName}
                    >
                      {u.fileName}
                    </td>
                    <td className="px-3 py-1.5 whitespace-nowrap">
                      {u.dataType === "bulk" ? "Bulk workbook" : dataTypeLabel(u.dataType)}
                    </td>
                    <td className="px-3 py-1.5 whitespace-nowrap">{formatInstant(u.createdAt)}</td>
                    <td className="px-3 py-1.5">{u.uploadedBy ?? "—"}</td>
                    {[u.rowsNew, u.rowsUpdated, u.rowsUnchanged, u.rowsRejected].map((count, i) => (
                      <td key={COUNT_COLUMNS[i]} className="px-3 py-1.5 text-right tabular-nums">
                        {formatNumber(count)}
                      </td>
                    ))}
                    <td className="px-3 py-1.5 whitespace-nowrap" title={u.message ?? undefined}>
                      <Badge tone={status?.tone ?? "neutral"}>{status?.label ?? u.status}</Badge>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
