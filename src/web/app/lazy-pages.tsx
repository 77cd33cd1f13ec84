import { lazy, Suspense } from "react";
import type { CurrentUser } from "../../contracts/auth";
import { DashboardSkeleton } from "../features/dashboard/dashboard-skeleton";

// The signed-in pages load on first visit: charts, forms and their contracts stay out of the landing and
// sign-in pages' download.
const DashboardWithTools = lazy(() =>
  import("./dashboard-route").then((m) => ({ default: m.DashboardWithTools })),
);
const AlertsRoute = lazy(() => import("./alerts-route").then((m) => ({ default: m.AlertsRoute })));
const AdminPage = lazy(() => import("../features/admin/admin-page").then((m) => ({ default: m.AdminPage })));

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

/** The alert list, loaded on first use. */
export function Alerts() {
  return (
    <Suspense fallback={<DashboardSkeleton withControls={false} />}>
      <AlertsRoute />
    </Suspense>
  );
}
