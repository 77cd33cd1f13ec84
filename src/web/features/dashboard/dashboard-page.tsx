import { Ship as ShipIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { parseShipId } from "../../lib/route-params";
import { ErrorAlert } from "../../ui/alert";
import { EmptyState } from "../../ui/empty-state";
import { useDashboard } from "./api/get-dashboard";
import { useShips } from "./api/get-ships";
import { DashboardControls } from "./dashboard-controls";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { LatestRecordsCard } from "./latest-records-card";
import { ShipDetailsCard } from "./ship-details-card";
import { VoyagesCard } from "./voyages-card";

/** The dashboard load error of spec §8, word for word. */
export const DASHBOARD_LOAD_ERROR = "Failed to load dashboard data. Please try again later.";

/**
 * `/`, `/dashboard` and `/dashboard/:shipId` for a signed-in user: the ship picker, the ship's details,
 * its voyages and its latest records. Without a ship id in the route, the first ship of the fleet.
 * `tools` is the app layer's slot for the Tools panel, given the ship shown (null while there is none).
 */
export function DashboardPage({ tools }: { tools?: (shipId: number | null) => ReactNode } = {}) {
  const params = useParams();
  const navigate = useNavigate();
  const ships = useShips();
  const routeShipId = parseShipId(params.shipId);
  const shipId = routeShipId ?? ships.data?.[0]?.id ?? null;
  const dashboard = useDashboard(ships.isSuccess ? shipId : null);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {dashboard.data ? dashboard.data.ship.name : "Fleet Dashboard"}
      </h1>
      {tools?.(ships.isSuccess ? shipId : null)}
      {ships.isPending ? (
        <DashboardSkeleton />
      ) : ships.isError ? (
        <ErrorAlert data-testid="dashboard-error">{DASHBOARD_LOAD_ERROR}</ErrorAlert>
      ) : ships.data.length === 0 ? (
        <EmptyState
          icon={ShipIcon}
          title="No ships yet — add a ship to start monitoring"
          data-testid="no-ships"
        >
          Your organisation has no vessels registered. Once a ship is added, its particulars, voyages and
          latest records show here.
        </EmptyState>
      ) : (
        <>
          <DashboardControls
            ships={ships.data}
            selectedId={shipId}
            onSelect={(id) => navigate(`/dashboard/${id}`)}
          />
          {dashboard.isPending ? (
            <DashboardSkeleton withControls={false} />
          ) : dashboard.isError ? (
            <ErrorAlert data-testid="dashboard-error">{DASHBOARD_LOAD_ERROR}</ErrorAlert>
          ) : (
            <>
              <div className="grid gap-6 lg:grid-cols-3">
                <div className="lg:col-span-1">
                  <ShipDetailsCard ship={dashboard.data.ship} />
                </div>
                <div className="lg:col-span-2">
                  <LatestRecordsCard current={dashboard.data.current} />
                </div>
              </div>
              <VoyagesCard voyages={dashboard.data.voyages} />
            </>
          )}
        </>
      )}
    </div>
  );
}
