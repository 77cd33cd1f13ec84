import { ArrowDown, ArrowUp, Droplets, Gauge, Leaf, type LucideIcon, Zap } from "lucide-react";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { RecordsByKind } from "../../../contracts/analysis/record-presence";
import { Badge } from "../../ui/badge";
import { cn } from "../../ui/cn";
import { Skeleton } from "../../ui/skeleton";
import { type KpiView, kpiViews } from "./kpi-display";

const ICONS: Record<KpiView["id"], LucideIcon> = {
  sfoc: Zap,
  "fuel-rate": Droplets,
  "engine-load": Gauge,
  cii: Leaf,
};

function KpiCard({ view, stale }: { view: KpiView; stale: boolean }) {
  const Icon = ICONS[view.id];
  const titleId = `kpi-${view.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={stale || undefined}
      className={cn(
        "flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-opacity",
        stale && "opacity-60",
      )}
      data-testid={`kpi-${view.id}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-medium text-slate-600">
          {view.title}
        </h2>
        <Icon aria-hidden="true" className="size-5 text-sky-700" />
      </div>
      {view.value === null ? (
        <div data-testid={`kpi-${view.id}-empty`}>
          <p className="text-sm font-medium text-slate-700">{view.emptyText}</p>
        </div>
      ) : (
        <>
          <p className="flex items-baseline gap-1.5">
            <span
              className="text-3xl font-semibold tabular-nums text-slate-900"
              data-testid={`kpi-${view.id}-value`}
            >
              {view.value}
            </span>
            <span className="text-sm text-slate-500">{view.unit}</span>
          </p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {view.difference ? (
              <span
                className={cn(
                  "inline-flex items-center gap-0.5 font-medium tabular-nums",
                  view.difference.tone === "better"
                    ? "text-emerald-700"
                    : view.difference.tone === "unverified"
                      ? "text-amber-700"
                      : "text-red-700",
                )}
                data-testid={`kpi-${view.id}-difference`}
                data-tone={view.difference.tone}
              >
                {view.difference.arrow === "down" ? (
                  <ArrowDown aria-hidden="true" className="size-4" />
                ) : (
                  <ArrowUp aria-hidden="true" className="size-4" />
                )}
                <span className="sr-only">
                  {view.difference.tone === "better"
                    ? "Better: "
                    : view.difference.tone === "unverified"
                      ? "Unverified: "
                      : "Worse: "}
                </span>
                {view.difference.text} {view.difference.label}
              </span>
            ) : null}
            {view.badge ? (
              <Badge tone={view.badge.tone} data-testid={`kpi-${view.id}-badge`}>
                {view.badge.text}
              </Badge>
            ) : null}
          </div>
          {view.detail ? <p className="text-xs text-slate-500">{view.detail}</p> : null}
          {view.crossCheck ? (
            <p className="text-xs text-slate-600" data-testid={`kpi-${view.id}-cross-check`}>
              {view.crossCheck}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The four KPI cards (spec §2 'KPI card row'); each says why when the range has no data for it. */
export function KpiRow({
  kpis,
  records,
  stale = false,
}: {
  kpis: Kpis;
  /** Which kinds of record the range holds (the dashboard's answer): an empty card's cause. */
  records?: RecordsByKind;
  stale?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="kpi-row">
      {kpiViews(kpis, records).map((view) => (
        <KpiCard key={view.id} view={view} stale={stale} />
      ))}
    </div>
  );
}

export function KpiRowSkeleton() {
  return (
    <div
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      aria-hidden="true"
      data-testid="kpi-row-loading"
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-32" />
      ))}
    </div>
  );
}
