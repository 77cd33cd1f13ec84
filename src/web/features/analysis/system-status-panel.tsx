import { Activity } from "lucide-react";
import { formatInstant, formatNumber } from "../../lib/format";
import { timeAgo } from "../../lib/time-ago";
import { useUtcNow } from "../../lib/use-utc-now";
import { cn } from "../../ui/cn";
import { useSystemStatus } from "./api/get-system-status";
import { SidePanel } from "./side-panel";
import { dataQualityTone, QUALITY_BAR_CLASSES, QUALITY_TEXT_CLASSES } from "./status-colors";

/** System Status (spec §2) from GET /api/system-status: data quality, time since the last record, alerts. */
export function SystemStatusPanel({ shipId }: { shipId: number }) {
  const status = useSystemStatus(shipId);
  const now = useUtcNow();
  return (
    <SidePanel
      id="system-status"
      title="System Status"
      icon={Activity}
      query={status}
      skeletonClassName="h-20 w-full"
    >
      {(data) => (
        <dl className="flex flex-col gap-2 text-sm">
          <div>
            <div className="flex items-baseline justify-between gap-2">
              <dt className="text-slate-600">Data quality</dt>
              <dd
                className={cn(
                  "font-semibold tabular-nums",
                  data.dataQualityPercent === null
                    ? "text-slate-500"
                    : QUALITY_TEXT_CLASSES[dataQualityTone(data.dataQualityPercent)],
                )}
                data-testid="data-quality"
                data-tone={
                  data.dataQualityPercent === null ? undefined : dataQualityTone(data.dataQualityPercent)
                }
              >
                {data.dataQualityPercent === null
                  ? "No data"
                  : `${formatNumber(data.dataQualityPercent, 1)}%`}
              </dd>
            </div>
            {data.dataQualityPercent !== null ? (
              <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={cn("h-full", QUALITY_BAR_CLASSES[dataQualityTone(data.dataQualityPercent)])}
                  style={{ width: `${Math.max(0, Math.min(100, data.dataQualityPercent))}%` }}
                />
              </div>
            ) : (
              <p className="text-xs text-slate-500">Add fuel records to measure data quality.</p>
            )}
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-slate-600">Last update</dt>
            <dd className="tabular-nums text-slate-900" data-testid="last-update">
              {data.lastRecordAt ? (
                <time dateTime={data.lastRecordAt} title={formatInstant(data.lastRecordAt)}>
                  {timeAgo(data.lastRecordAt, now)}
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
                data.activeAlerts > 0 ? "text-red-700" : "text-slate-900",
              )}
              data-testid="active-alerts"
            >
              {formatNumber(data.activeAlerts, 0)}
            </dd>
          </div>
        </dl>
      )}
    </SidePanel>
  );
}
