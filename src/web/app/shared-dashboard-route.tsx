import { SharedAnalysisCenter } from "../features/analysis/analysis-center";
import { SharedDashboardPage } from "../features/dashboard/shared-dashboard-page";

/**
 * A share link's read-only dashboard with the Analysis Center in its slot (features do not import each
 * other; the app composes them), as the signed-in dashboard shows it for the same ship and filters.
 */
export function SharedDashboardWithAnalysis({ embed = false }: { embed?: boolean }) {
  return (
    <SharedDashboardPage
      embed={embed}
      analysis={({ token, shipId, filters, kpis, range, records }) => (
        <SharedAnalysisCenter
          token={token}
          shipId={shipId}
          filters={filters}
          kpis={kpis}
          range={range}
          records={records}
        />
      )}
    />
  );
}
