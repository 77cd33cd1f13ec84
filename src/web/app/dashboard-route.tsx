import { lazy } from "react";
import { ADMIN_ROLES } from "../../contracts/auth";
import { ConfigureAlertsButton } from "../features/alerts/configure-alerts-button";
import { AnalysisCenter } from "../features/analysis/analysis-center";
import { useAuth } from "../features/auth/api/get-current-user";
import { CharterPartyPanel } from "../features/charter-party/charter-party-panel";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { ToolsPanel } from "../features/data-input/tools-panel";
import { useCanEditFleet } from "./use-can-edit-fleet";

// The Database Admin sections: their own chunk, fetched when one is first opened.
const DatabaseSection = lazy(() =>
  import("../features/database-admin/database-sections").then((m) => ({ default: m.DatabaseSection })),
);

// Shown only in the hull-hull-calculator section (itself loaded on first opening): its own chunk, fetched then.
const HullCalculator = lazy(() =>
  import("../features/data-input/hull-calculator/hull-calculator-form").then((m) => ({
    default: m.HullCalculator,
  })),
);

/** Whether the signed-in user runs the Database Admin actions (owners and admins; checked again on the server). */
function useCanAdminister(): boolean {
  const auth = useAuth();
  return auth.status === "signed-in" && ADMIN_ROLES.includes(auth.user.role);
}

/**
 * The dashboard with the Tools panel and the Analysis Center in its slots: features do not import each
 * other, the app composes them. The Analysis Center hosts the Tools panel's hull calculator in its
 * hull-hull-calculator section.
 */
export function DashboardWithTools() {
  const canEdit = useCanEditFleet();
  const canAdminister = useCanAdminister();
  return (
    <DashboardPage
      tools={(shipId) => <ToolsPanel shipId={shipId} />}
      analysis={({ shipId, filters, kpis, range, records }) => (
        <AnalysisCenter
          shipId={shipId}
          filters={filters}
          kpis={kpis}
          range={range}
          records={records}
          canEdit={canEdit}
          hullCalculator={(prefill) => <HullCalculator prefill={prefill} />}
          databaseSection={(id) => <DatabaseSection id={id} canAct={canAdminister} />}
        />
      )}
      charterParty={(voyage) => <CharterPartyPanel voyage={voyage} canEdit={canEdit} />}
      canEdit={canEdit}
      actions={(ship) => <ConfigureAlertsButton canEdit={canEdit} ship={ship} />}
    />
  );
}
