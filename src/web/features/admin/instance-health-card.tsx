import { errorMessageOf } from "../../lib/api";
import { ErrorAlert } from "../../ui/alert";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { useInstanceHealth, useTechnicalSpecs } from "./api/instance";

const mb = (bytes: number) => `${(bytes / 1_048_576).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
const gb = (bytes: number) =>
  `${(bytes / 1_073_741_824).toLocaleString("en", { maximumFractionDigits: 1 })} GB`;

/** Instance health, for the server's operators only (the specs say whether the caller is one): nothing for others. */
export function InstanceHealthCard() {
  const specs = useTechnicalSpecs();
  const health = useInstanceHealth(specs.data?.operator === true);
  if (specs.data?.operator !== true) return null;
  const h = health.data;
  return (
    <Card title="Instance health" titleId="instance-health-title" data-testid="instance-health">
      {health.isError ? <ErrorAlert>{errorMessageOf(health.error)}</ErrorAlert> : null}
      {health.isPending ? <Skeleton className="h-32" /> : null}
      {h ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Database size</dt>
          <dd>{mb(h.database.sizeBytes)}</dd>
          <dt className="text-slate-500">Connections</dt>
          <dd>
            {h.connections.total} of {h.connections.max} ({h.connections.active} active,{" "}
            {h.connections.idleInTransaction} idle in transaction)
          </dd>
          <dt className="text-slate-500">Cache hit ratio</dt>
          <dd>{h.cacheHitRatio === null ? "no reads yet" : `${(h.cacheHitRatio * 100).toFixed(2)} %`}</dd>
          <dt className="text-slate-500">Oldest transaction id age</dt>
          <dd>{h.vacuum.oldestXidAge.toLocaleString("en")}</dd>
          <dt className="text-slate-500">Most dead rows</dt>
          <dd>
            {h.vacuum.tables[0]
              ? `${h.vacuum.tables[0].table}: ${h.vacuum.tables[0].deadRows.toLocaleString("en")}`
              : "—"}
          </dd>
          <dt className="text-slate-500">Disk ({h.disk.path})</dt>
          <dd>
            {h.disk.availableBytes !== null && h.disk.totalBytes !== null
              ? `${gb(h.disk.availableBytes)} free of ${gb(h.disk.totalBytes)}`
              : h.disk.reason}
          </dd>
          <dt className="text-slate-500">Job queue</dt>
          <dd>
            {h.jobs.reason ??
              (h.jobs.queues.length === 0
                ? "running, no job types defined"
                : h.jobs.queues
                    .map((q) => `${q.name}: ${q.queued} queued, ${q.active} active, ${q.failed} failed`)
                    .join("; "))}
          </dd>
          <dt className="text-slate-500">Slowest queries</dt>
          <dd>
            {h.slowestQueries.available
              ? h.slowestQueries.queries
                  .map((q) => `${q.meanMs.toFixed(1)} ms × ${q.calls}: ${q.query.slice(0, 80)}`)
                  .join("\n") || "none recorded"
              : h.slowestQueries.reason}
          </dd>
        </dl>
      ) : null}
    </Card>
  );
}
