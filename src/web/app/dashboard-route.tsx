import { DashboardPage } from "../features/dashboard/dashboard-page";
import { ToolsPanel } from "../features/data-input/tools-panel";

/** The dashboard with the Tools panel in its slot: features do not import each other, the app composes them. */
export function DashboardWithTools() {
  return <DashboardPage tools={(shipId) => <ToolsPanel shipId={shipId} />} />;
}
