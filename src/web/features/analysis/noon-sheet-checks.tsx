import { errorMessageOf } from "../../lib/api";
import { CHECK_SEVERITY_TONE } from "../../lib/check-severity";
import { formatInstant, formatNumber, rowsText } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { toast } from "../../ui/toast/use-toast";
import { useNoonChecks } from "./api/get-report-checks";
import { useSaveExcludeFlaggedReports } from "./api/settings";

/**
 * The report checks of the noon-report sheets behind the range's reports (issue 13), under the records'
 * checks: per uploaded file, how many of its reports a check flagged and, per check, the sheet rows to
 * correct in the spreadsheet, and how many reports failing an error check the figures leave out (or still
 * count, when the organisation keeps them: decision 008). Nothing when no noon report of the range came from a sheet.
 */
export function NoonSheetChecks({
  shipId,
  range,
  canEdit,
}: {
  shipId: number;
  range: { from: string; to: string };
  canEdit: boolean;
}) {
  const query = useNoonChecks(shipId, range);
  const save = useSaveExcludeFlaggedReports();
  if (!query.data || query.data.uploads.length === 0) return null;
  const exclude = query.data.excludeFlaggedReports;
  const failing = query.data.uploads.some((u) => u.reportsFailingErrors > 0);
  return (
    <div
      className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-2 text-xs"
      data-testid="noon-sheet-checks"
    >
      <p className="font-semibold text-slate-900">Noon-report sheets</p>
      {query.data.uploads.map((u) => (
        <div key={u.uploadId} data-testid="noon-sheet-upload">
          <p className="text-slate-700">
            <span className="font-medium">{u.fileName}</span> · {formatInstant(u.uploadedAt)} ·{" "}
            {formatNumber(u.reportsFlagged, 0)} of {formatNumber(u.reports, 0)} reports flagged
          </p>
          {u.reportsFailingErrors > 0 && (
            <p className="text-slate-700" data-testid="noon-sheet-excluded">
              {query.data.excludeFlaggedReports
                ? `${formatNumber(u.reportsFailingErrors, 0)} ${u.reportsFailingErrors === 1 ? "report fails" : "reports fail"} an error check and ${u.reportsFailingErrors === 1 ? "is" : "are"} left out of the figures; correct the rows and upload the sheet again to count ${u.reportsFailingErrors === 1 ? "it" : "them"}.`
                : `${formatNumber(u.reportsFailingErrors, 0)} ${u.reportsFailingErrors === 1 ? "report fails" : "reports fail"} an error check and still ${u.reportsFailingErrors === 1 ? "counts" : "count"} in the figures; ${canEdit ? "the switch below leaves such reports out" : "an analyst or admin can leave such reports out"}.`}
            </p>
          )}
          {u.checks.length === 0 ? (
            <p className="text-slate-600">Every report of this sheet passes the checks.</p>
          ) : (
            <ul className="mt-1 flex flex-col gap-1">
              {u.checks.map((c) => (
                <li key={c.check} data-testid={`noon-sheet-check-${c.check}`}>
                  <Badge tone={CHECK_SEVERITY_TONE[c.severity]}>{c.severity}</Badge>{" "}
                  <span className="text-slate-700">{c.message}</span>
                  <p className="tabular-nums text-slate-600" data-testid="noon-sheet-check-rows">
                    Sheet {c.rows.length === 1 ? "row" : "rows"} {rowsText(c.rows)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {canEdit && (failing || exclude) && (
        <label className="flex items-center gap-2 text-slate-700" htmlFor="exclude-flagged-reports">
          <input
            id="exclude-flagged-reports"
            type="checkbox"
            checked={exclude}
            disabled={save.isPending}
            onChange={(e) =>
              save.mutate(
                { excludeFlaggedReports: e.target.checked },
                {
                  onSuccess: (data) =>
                    toast({
                      title: data.excludeFlaggedReports
                        ? "Flagged Reports Left Out"
                        : "Flagged Reports Counted",
                      description: `${formatNumber(data.flaggedReports, 0)} ${data.flaggedReports === 1 ? "report fails" : "reports fail"} an error check; the figures are recomputed.`,
                    }),
                  onError: (err) =>
                    toast({
                      title: "Setting Not Saved",
                      description: errorMessageOf(err),
                      variant: "destructive",
                    }),
                },
              )
            }
          />
          Leave reports failing an error check out of the figures (whole organisation)
        </label>
      )}
    </div>
  );
}
