import { Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import type { ResolvedRange } from "../../../contracts/analysis/filters";
import { ApiError } from "../../lib/api";
import type { DashboardFilters } from "../../lib/dashboard-filters";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { EmptyState } from "../../ui/empty-state";
import { useSharedDashboard } from "./api/get-shared-dashboard";
import { type AnalysisSlotProps, DASHBOARD_LOAD_ERROR } from "./dashboard-page";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { KpiRow, KpiRowSkeleton } from "./kpi-row";
import { LatestRecordsCard } from "./latest-records-card";
import { ShipDetailsCard } from "./ship-details-card";
import { VoyagesCard } from "./voyages-card";

/**
 * The filters a link's answer resolved to, as the Analysis Center keys its queries by (the shared routes
 * take no filters: the link fixes them).
 */
function filtersOfRange(range: ResolvedRange): DashboardFilters {
  const custom = range.range === "custom";
  return {
    range: range.range,
    voyage: range.voyageId ?? "all",
    engine: range.engine,
    from: custom ? range.from.slice(0, 10) : null,
    to: custom ? range.to.slice(0, 10) : null,
  };
}

/**
 * `/shared/:token` and `/embed/:token`: the read-only dashboard a share link opens, without signing in —
 * the ship, the KPI cards over the link's filters, the Analysis Center (the app's slot: the ship's sections
 * and sidebar through the link's public routes), its latest records and voyages (the signed-in dashboard's
 * cards, from the same API answers). No controls, no tools, no member data. `embed` drops the
 * page's own heading note for an `<iframe>`.
 */
export function SharedDashboardPage({
  embed = false,
  analysis,
}: {
  embed?: boolean;
  /** The app layer's slot for the read-only Analysis Center, given the token and the link's resolved view. */
  analysis?: (props: AnalysisSlotProps & { token: string }) => ReactNode;
}) {
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

  const { ship, kpis, current, voyages, range, records } = dashboard.data;
  return (
    <div className="flex flex-col gap-6" data-testid="shared-dashboard">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{ship.name}</h1>
        <p className="text-sm text-slate-600" data-testid="shared-range">
          {embed ? "" : "Shared read-only view · "}
          {formatInstant(range.from)} – {formatInstant(range.to)} (UTC)
        </p>
      </div>
      <KpiRow kpis={kpis} records={records} />
      {analysis?.({ token, shipId: ship.id, kpis, range, records, filters: filtersOfRange(range) })}
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
