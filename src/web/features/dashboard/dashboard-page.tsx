import { FileSpreadsheet, Plus, SearchX, Ship as ShipIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { RecordsByKind } from "../../../contracts/analysis/record-presence";
import type { Voyage } from "../../../contracts/voyages";
import { ApiError, errorMessageOf } from "../../lib/api";
import type { DashboardFilters } from "../../lib/dashboard-filters";
import { useDashboard } from "../../lib/dashboard-query";
import { parseShipId } from "../../lib/route-params";
import { useShips } from "../../lib/ships-query";
import { toolsHref } from "../../lib/tools-link";
import { useDashboardFilters } from "../../lib/use-dashboard-filters";
import { ErrorAlert } from "../../ui/alert";
import { buttonClasses } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ActionsExportCard } from "./actions-export-card";
import { BaselineSection } from "./baseline-section";
import { DashboardControls } from "./dashboard-controls";
import { DashboardSkeleton } from "./dashboard-skeleton";
import { KpiRow, KpiRowSkeleton } from "./kpi-row";
import { LatestRecordsCard } from "./latest-records-card";
import { ShipDetailsCard } from "./ship-details-card";
import { VoyagesCard } from "./voyages-card";

/** The dashboard load error of spec §8, word for word. */
export const DASHBOARD_LOAD_ERROR = "Failed to load dashboard data. Please try again later.";

/** What the Analysis Center slot gets: the ship, the filters and the KPI cards (its sidebar shows them, not a second computation). */
export type AnalysisSlotProps = {
  shipId: number;
  filters: DashboardFilters;
  kpis: Kpis;
  /** The range the server resolved the filters to (ISO instants). */
  range: { from: string; to: string };
  /** Which kinds of record that range holds, and the newest of each: what an empty figure says of its cause. */
  records: RecordsByKind;
};

/**
 * `/`, `/dashboard` and `/dashboard/:shipId` for a signed-in user: the controls (ship, voyage, date range,
 * engine type, kept in the URL), the KPI cards, the app layer's Analysis Center, the ship's details and
 * baselines, its latest records and voyages. Without a ship id in the route, the first ship of the fleet.
 * `tools` is the app layer's slot for the Tools panel, given the ship shown (null while there is none);
 * `analysis` the slot for the Analysis Center; `canEdit` lets the user edit the ship's baselines.
 */
/** A new organisation's empty fleet: what to do first, linking to the Tools panel's forms (writers only). */
function NoShips({ canEdit }: { canEdit: boolean }) {
  return (
    <EmptyState
      icon={ShipIcon}
      title="No ships yet — add a ship to start monitoring"
      data-testid="no-ships"
      actions={
        canEdit ? (
          <>
            <Link
              to={toolsHref("data-input")}
              className={buttonClasses("primary")}
              data-testid="add-first-ship"
            >
              <Plus aria-hidden="true" className="size-4" />
              Add your first ship
            </Link>
            <Link
              to={toolsHref("bulk-upload")}
              className={buttonClasses("secondary")}
              data-testid="upload-spreadsheet"
            >
              <FileSpreadsheet aria-hidden="true" className="size-4" />
              Upload a spreadsheet
            </Link>
          </>
        ) : null
      }
    >
      Your organisation has no vessels registered. Once a ship is added, its particulars, voyages and latest
      records show here.
      {canEdit
        ? " Add one by its particulars, or upload a spreadsheet of ships, voyages and records (templates in the upload tool)."
        : " Ask an owner, admin or analyst of your organisation to add one."}
    </EmptyState>
  );
}

/** A ship id the organisation does not have (deleted, mistyped, another organisation's): the API's 404. */
function NoSuchShip({ shipId }: { shipId: number | null }) {
  return (
    <EmptyState
      icon={SearchX}
      title="No such ship"
      data-testid="no-such-ship"
      actions={
        <Link to="/dashboard" className={buttonClasses("primary")}>
          Back to the fleet dashboard
        </Link>
      }
    >
      Your organisation's fleet has no ship {shipId === null ? "" : `with id ${shipId}`}: it may have been
      deleted, or the link is mistyped. Pick a ship above or go back to the fleet.
    </EmptyState>
  );
}

export function DashboardPage({
  tools,
  analysis,
  charterParty,
  canEdit = false,
  actions,
}: {
  tools?: (shipId: number | null) => ReactNode;
  /** The app layer's slot for actions beside the title (Configure Alerts), given the ship shown. */
  actions?: (ship: { id: number; name: string } | null) => ReactNode;
  analysis?: (props: AnalysisSlotProps) => ReactNode;
  /** The app layer's slot for a voyage's Charter Party panel, opened from its row of the voyages card. */
  charterParty?: (voyage: Voyage) => ReactNode;
  canEdit?: boolean;
} = {}) {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const ships = useShips();
  const { filters, setFilters } = useDashboardFilters();
  const routeShipId = parseShipId(params.shipId);
  const shipId = routeShipId ?? ships.data?.[0]?.id ?? null;
  const dashboard = useDashboard(ships.isSuccess ? shipId : null, filters);
  const stale = dashboard.isPlaceholderData || (dashboard.isFetching && !dashboard.isPending);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          {dashboard.data ? dashboard.data.ship.name : "Fleet Dashboard"}
        </h1>
        {actions?.(dashboard.data ? { id: dashboard.data.ship.id, name: dashboard.data.ship.name } : null)}
      </div>
      {tools?.(ships.isSuccess ? shipId : null)}
      {ships.isPending ? (
        <DashboardSkeleton />
      ) : ships.isError ? (
        <ErrorAlert data-testid="dashboard-error">{DASHBOARD_LOAD_ERROR}</ErrorAlert>
      ) : ships.data.length === 0 ? (
        <NoShips canEdit={canEdit} />
      ) : (
        <>
          <DashboardControls
            ships={ships.data}
            selectedId={shipId}
            // A voyage belongs to one ship: changing ship keeps the range and engine, not the voyage.
            onSelect={(id) => {
              const search = new URLSearchParams(location.search);
              if (search.get("voyage") !== null) search.set("voyage", "all");
              const query = search.toString();
              navigate(`/dashboard/${id}${query ? `?${query}` : ""}`);
            }}
            voyages={dashboard.data?.voyages ?? null}
            filters={filters}
            onFiltersChange={setFilters}
            resolvedRange={dashboard.data?.range.range}
          />
          {dashboard.isPending ? (
            <>
              <KpiRowSkeleton />
              <DashboardSkeleton withControls={false} />
            </>
          ) : dashboard.isError ? (
            dashboard.error instanceof ApiError && dashboard.error.status === 404 ? (
              <NoSuchShip shipId={shipId} />
            ) : dashboard.error instanceof ApiError && dashboard.error.status === 400 ? (
              // a filter the server refuses (a custom range before 1900): its field and reason, not 'try again'
              <ErrorAlert data-testid="dashboard-error">
                {errorMessageOf(dashboard.error)} Change the filters above.
              </ErrorAlert>
            ) : (
              <ErrorAlert data-testid="dashboard-error">{DASHBOARD_LOAD_ERROR}</ErrorAlert>
            )
          ) : (
            <>
              <KpiRow kpis={dashboard.data.kpis} records={dashboard.data.records} stale={stale} />
              {analysis?.({
                shipId: dashboard.data.ship.id,
                filters,
                kpis: dashboard.data.kpis,
                range: dashboard.data.range,
                records: dashboard.data.records,
              })}
              <div className="grid gap-6 lg:grid-cols-3">
                <div className="lg:col-span-1">
                  <ShipDetailsCard ship={dashboard.data.ship}>
                    <BaselineSection shipId={dashboard.data.ship.id} canEdit={canEdit} />
                  </ShipDetailsCard>
                </div>
                <div className="lg:col-span-2">
                  <LatestRecordsCard current={dashboard.data.current} />
                </div>
              </div>
              <VoyagesCard voyages={dashboard.data.voyages} charterParty={charterParty} />
              <ActionsExportCard shipId={dashboard.data.ship.id} filters={filters} canShare={canEdit} />
            </>
          )}
        </>
      )}
    </div>
  );
}
