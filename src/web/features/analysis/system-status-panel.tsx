import { Activity } from "lucide-react";
import { errorMessageOf } from "../../lib/api";
import { formatInstant, formatNumber } from "../../lib/format";
import { timeAgo } from "../../lib/time-ago";
import { useUtcNow } from "../../lib/use-utc-now";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";
import { useSystemStatus } from "./api/get-system-status";
import { dataQualityTone, QUALITY_BAR_CLASSES, QUALITY_TEXT_CLASSES } from "./status-colors";

/** System Status (spec §2) from GET /api/system-status: data quality, time since the last record, alerts. */
export function SystemStatusPanel({ shipId }: { shipId: number }) {
  const status = useSystemStatus(shipId);
  const now = useUtcNow();
  return (
    <section
      aria-labelledby="system-status-title"
      className="rounded-md border border-slate-200 bg-white p-3"
      data-testid="system-status-panel"
    >
      <h3
        id="system-status-title"
        className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900"
      >
        <Activity aria-hidden="true" className="size-4 text-sky-700" />
        System Status
      </h3>
      {status.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : status.isError ? (
        <p className="text-xs text-red-700">{errorMessageOf(status.error)}</p>
      ) : (
        <dl className="flex flex-col gap-2 text-sm">
          <div>
            <div className="flex items-baseline justify-between gap-2">
              <dt className="text-slate-600">Data quality</dt>
              <dd
                className={cn(
                  "font-semibold tabular-nums",
                  status.data.dataQualityPercent === null
                    ? "text-slate-500"
                    : QUALITY_TEXT_CLASSES[dataQualityTone(status.data.dataQualityPercent)],
                )}
                data-testid="data-quality"
                data-tone={
                  status.data.dataQualityPercent === null
                    ? undefined
                    : dataQualityTone(status.data.dataQualityPercent)
                }
              >
                {status.data.dataQualityPercent === null
                  ? "No data"
                  : `${formatNumber(status.data.dataQualityPercent, 1)}%`}
              </dd>
            </div>
            {status.data.dataQualityPercent !== null ? (
              <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={cn(
                    "h-full",
                    QUALITY_BAR_CLASSES[dataQualityTone(status.data.dataQualityPercent)],
                  )}
                  style={{ width: `${Math.max(0, Math.min(100, status.data.dataQualityPercent))}%` }}
                />
              </div>
            ) : (
              <p className="text-xs text-slate-500">Add fuel records to measure data quality.</p>
            )}
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-slate-600">Last update</dt>
            <dd className="tabular-nums text-slate-900" data-testid="last-update">
              {status.data.lastRecordAt ? (
                <time dateTime={status.data.lastRecordAt} title={formatInstant(status.data.lastRecordAt)}>
                  {timeAgo(status.data.lastRecordAt, now)}
                </time>
              ) : (
                "No records yet"
              )}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-slate-600">Active alerts</dt>
            <dd
              className={cn(
                "font-semibold tabular-nums",
                status.data.activeAlerts > 0 ? "text-red-700" : "text-slate-900",
              )}
              data-testid="active-alerts"
            >
              {formatNumber(status.data.activeAlerts, 0)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
