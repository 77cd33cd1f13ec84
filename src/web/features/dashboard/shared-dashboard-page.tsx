import { Link2Off } from "lucide-react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { EmptyState } from "../../ui/empty-state";
import { useSharedDashboard } from "./api/get-shared-dashboard";
import { DASHBOARD_LOAD_ERROR } from "./dashboard-page";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { KpiRow, KpiRowSkeleton } from "./kpi-row";
import { LatestRecordsCard } from "./latest-records-card";
import { ShipDetailsCard } from "./ship-details-card";
import { VoyagesCard } from "./voyages-card";

/**
 * `/shared/:token` and `/embed/:token`: the read-only dashboard a share link opens, without signing in —
 * the ship, the KPI cards over the link's filters, its latest records and voyages (the signed-in
 * dashboard's cards, from the same API answer). No controls, no tools, no member data. `embed` drops the
 * page's own heading note for an `<iframe>`.
 */
export function SharedDashboardPage({ embed = false }: { embed?: boolean }) {
  const { token = "" } = useParams();
  const dashboard = useSharedDashboard(token);

  if (dashboard.isPending)
    return (
      <div className="flex flex-col gap-6">
        <KpiRowSkeleton />
        <DashboardSkeleton withControls={false} />
      </div>
    );
  if (dashboard.isError)
    return dashboard.error instanceof ApiError &&
      (dashboard.error.status === 404 || dashboard.error.status === 400) ? (
      <EmptyState icon={Link2Off} title="This link is not valid" data-testid="shared-not-found">
        The share link was revoked, has expired or is mistyped. Ask whoever sent it for a new one.
      </EmptyState>
    ) : (
      <ErrorAlert data-testid="dashboard-error">{DASHBOARD_LOAD_ERROR}</ErrorAlert>
    );

  const { ship, kpis, current, voyages, range } = dashboard.data;
  return (
    <div className="flex flex-col gap-6" data-testid="shared-dashboard">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{ship.name}</h1>
        <p className="text-sm text-slate-600" data-testid="shared-range">
          {embed ? "" : "Shared read-only view · "}
          {formatInstant(range.from)} – {formatInstant(range.to)} (UTC)
        </p>
      </div>
      <KpiRow kpis={kpis} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <ShipDetailsCard ship={ship} />
        </div>
        <div className="lg:col-span-2">
          <LatestRecordsCard current={current} />
        </div>
      </div>
      <VoyagesCard voyages={voyages} />
    </div>
  );
}
