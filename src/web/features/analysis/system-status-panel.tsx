import { Activity } from "lucide-react";
import type { SystemStatusResponse } from "../../../contracts/analysis/system-status";
import { errorMessageOf } from "../../lib/api";
import { formatInstant, formatNumber } from "../../lib/format";
import { timeAgo } from "../../lib/time-ago";
import { useUtcNow } from "../../lib/use-utc-now";
import { ErrorAlert } from "../../ui/alert";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";
import { useSystemStatus } from "./api/get-system-status";
import { SidePanel } from "./side-panel";
import { dataQualityTone, QUALITY_BAR_CLASSES, QUALITY_TEXT_CLASSES } from "./status-colors";

/**
 * The System Status figures (spec §2) of GET /api/system-status: data quality of the last 30 days, time since the
 * last record, active alerts, of one ship or (in the /admin panel) of the whole organisation. One rendering for
 * both, so the panel and the admin page read the same figure the same way.
 */
function SystemStatusList({ data, now }: { data: SystemStatusResponse; now: Date }) {
  return (
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
            {data.dataQualityPercent === null ? "No data" : `${formatNumber(data.dataQualityPercent, 1)}%`}
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
          <p className="text-xs text-slate-500" data-testid="data-quality-empty">
            {data.dataQualityEmptyReason ?? "Add fuel records to measure data quality."}
          </p>
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
  );
}

/** System Status (spec §2) of one ship, in the Analysis Center's side column. */
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
      {(data) => <SystemStatusList data={data} now={now} />}
    </SidePanel>
  );
}

/** System Status of the whole organisation (the /admin panel's): every ship's records and alerts together. */
export function OrganisationSystemStatus() {
  const status = useSystemStatus(null);
  const now = useUtcNow();
  if (status.isPending) return <Skeleton className="h-20 w-full" />;
  if (status.isError) return <ErrorAlert>{errorMessageOf(status.error)}</ErrorAlert>;
  return <SystemStatusList data={status.data} now={now} />;
}
