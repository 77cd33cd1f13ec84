import { lazy, Suspense } from "react";
import type { CurrentUser } from "../../contracts/auth";
import { DashboardSkeleton } from "../features/dashboard/dashboard-skeleton";

// The signed-in pages load on first visit: charts, forms and their contracts stay out of the landing and
// sign-in pages' download.
const DashboardWithTools = lazy(() =>
  import("./dashboard-route").then((m) => ({ default: m.DashboardWithTools })),
);
const SharedDashboardPage = lazy(() =>
  import("./shared-dashboard-route").then((m) => ({ default: m.SharedDashboardWithAnalysis })),
);
const AlertsRoute = lazy(() => import("./alerts-route").then((m) => ({ default: m.AlertsRoute })));
const AdminPage = lazy(() => import("./admin-route").then((m) => ({ default: m.AdminWithPanels })));

/** The dashboard with its tools, loaded on first use (dashboard placeholders meanwhile). */
export function Dashboard() {
  return (
    <Suspense fallback={<DashboardSkeleton />}>
      <DashboardWithTools />
    </Suspense>
  );
}

/** The organisation's admin page, loaded on first use. */
export function Admin({ user }: { user: CurrentUser }) {
  return (
    <Suspense fallback={<DashboardSkeleton withControls={false} />}>
      <AdminPage user={user} />
    </Suspense>
  );
}

const FleetPageLazy = lazy(() =>
  import("../features/fleet/fleet-page").then((m) => ({ default: m.FleetPage })),
);

/** The fleet page, loaded on first use. */
export function Fleet() {
  return (
    <Suspense fallback={<DashboardSkeleton withControls={false} />}>
      <FleetPageLazy />
    </Suspense>
  );
}

/** A share link's read-only dashboard (no sign-in), loaded on first use; `embed` for an iframe. */
export function SharedDashboard({ embed = false }: { embed?: boolean }) {
  return (
    <Suspense fallback={<DashboardSkeleton withControls={false} />}>
      <SharedDashboardPage embed={embed} />
    </Suspense>
  );
}

/** The alert list, loaded on first use. */
export function Alerts() {
  return (
    <Suspense fallback={<DashboardSkeleton withControls={false} />}>
      <AlertsRoute />
    </Suspense>
  );
}
