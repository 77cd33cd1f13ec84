import { Skeleton } from "../../ui/skeleton";

/** Placeholders in the shape of the dashboard while it loads. */
export function DashboardSkeleton({ withControls = true }: { withControls?: boolean }) {
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard-loading" aria-busy="true">
      <span className="sr-only" role="status">
        Loading dashboard…
      </span>
      {withControls ? <Skeleton className="h-28 w-full" /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-1" />
        <Skeleton className="h-72 lg:col-span-2" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
