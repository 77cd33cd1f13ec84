import { lazy } from "react";
import { ConfigureAlertsButton } from "../features/alerts/configure-alerts-button";
import { AnalysisCenter } from "../features/analysis/analysis-center";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { ToolsPanel } from "../features/data-input/tools-panel";
import { useCanEditFleet } from "./use-can-edit-fleet";

// Shown only in the hull-hull-calculator section (itself loaded on first opening): its own chunk, fetched then.
const HullCalculator = lazy(() =>
  import("../features/data-input/hull-calculator/hull-calculator-form").then((m) => ({
    default: m.HullCalculator,
  })),
);

/**
 * The dashboard with the Tools panel and the Analysis Center in its slots: features do not import each
 * other, the app composes them. The Analysis Center hosts the Tools panel's hull calculator in its
 * hull-hull-calculator section.
 */
export function DashboardWithTools() {
  const canEdit = useCanEditFleet();
  return (
    <DashboardPage
      tools={(shipId) => <ToolsPanel shipId={shipId} />}
      analysis={({ shipId, filters, kpis, range }) => (
        <AnalysisCenter
          shipId={shipId}
          filters={filters}
          kpis={kpis}
          range={range}
          canEdit={canEdit}
          hullCalculator={(prefill) => <HullCalculator prefill={prefill} />}
        />
      )}
      canEdit={canEdit}
      actions={(ship) => <ConfigureAlertsButton canEdit={canEdit} ship={ship} />}
    />
  );
}
