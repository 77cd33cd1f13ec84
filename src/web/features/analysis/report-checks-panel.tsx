import { ShieldAlert } from "lucide-react";
import type { RecordsByKind } from "../../../contracts/analysis/record-presence";
import { CHECK_SEVERITY_TONE } from "../../lib/check-severity";
import { emptyText } from "../../lib/empty-range";
import { formatInstant, formatNumber } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { useReportChecks } from "./api/get-report-checks";
import { NoonSheetChecks } from "./noon-sheet-checks";
import { SidePanel } from "./side-panel";

/**
 * Report checks (issue 11), beside the System Status's data quality: per check the records of the range
 * fail, its severity, how many records and the first of them (type, time). Nothing failing says so. Below,
 * the checks of the noon-report sheets behind the range's reports, with the sheet rows to correct.
 */
export function ReportChecksPanel({
  shipId,
  range,
  records,
  canEdit,
}: {
  shipId: number;
  range: { from: string; to: string };
  /** Which kinds of record the range holds (the dashboard's answer): why nothing was checked. */
  records?: RecordsByKind;
  /** Whether the user may change the organisation's settings (leaving flagged noon reports out). */
  canEdit: boolean;
}) {
  const checks = useReportChecks(shipId, range);
  return (
    <SidePanel
      id="report-checks"
      title="Report checks"
      icon={ShieldAlert}
      query={checks}
      skeletonClassName="h-12 w-full"
    >
      {(data) => (
        <>
          {data.recordsChecked === 0 ? (
            <p className="text-xs text-slate-600" data-testid="report-checks-no-records">
              Nothing was checked. {emptyText("fuel", records, "No fuel records in this range")}.
            </p>
          ) : data.checks.length === 0 ? (
            <p className="text-xs text-slate-600" data-testid="report-checks-none">
              Every one of the {formatNumber(data.recordsChecked, 0)} fuel records in this range passes the
              checks.
            </p>
          ) : (
            <ul className="flex flex-col gap-2 text-xs">
              {data.checks.map((c) => (
                <li key={c.check} data-testid={`report-check-${c.check}`} data-severity={c.severity}>
                  <div className="flex items-baseline justify-between gap-2">
                    <Badge tone={CHECK_SEVERITY_TONE[c.severity]}>{c.severity}</Badge>
                    <span
                      className="font-semibold tabular-nums text-slate-900"
                      data-testid="report-check-count"
                    >
                      {formatNumber(c.count, 0)} {c.count === 1 ? "record" : "records"}
                    </span>
                  </div>
                  <p className="mt-1 font-mono text-[11px] text-slate-500">{c.check}</p>
                  <p className="text-slate-700">{c.message}</p>
                  <details className="mt-1">
                    <summary className="cursor-pointer text-slate-600">First records</summary>
                    <ul className="mt-1 max-h-32 overflow-y-auto tabular-nums text-slate-600">
                      {c.records.map((r) => (
                        <li key={`${r.type}-${r.timestamp}`}>
                          {r.type} · <time dateTime={r.timestamp}>{formatInstant(r.timestamp)}</time>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          )}
          <NoonSheetChecks shipId={shipId} range={range} canEdit={canEdit} />
        </>
      )}
    </SidePanel>
  );
}
