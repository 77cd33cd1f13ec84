import { type ComponentType, lazy, Suspense } from "react";
import type { CurrentUser } from "../../contracts/auth";
import { DashboardSkeleton } from "../features/dashboard/dashboard-skeleton";

/**
 * A page loaded on first visit: charts, forms and their contracts stay out of the landing page's download
 * (e2e/assets.spec.ts holds it to 150 kB). Every such page checks its forms with the contracts' zod schemas,
 * so zod's own messages are given plain words (contracts/plain-messages.ts) before the page renders; zod
 * arrives with the first of them, not with the landing page.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [messages, page] = await Promise.all([import("../../contracts/plain-messages"), load()]);
    messages.installPlainMessages();
    return { default: page };
  });
}

const DashboardWithTools = lazyPage(() => import("./dashboard-route").then((m) => m.DashboardWithTools));
const SharedDashboardPage = lazyPage(() =>
  import("./shared-dashboard-route").then((m) => m.SharedDashboardWithAnalysis),
);
const AlertsRoute = lazyPage(() => import("./alerts-route").then((m) => m.AlertsRoute));
const AdminPage = lazyPage(() => import("./admin-route").then((m) => m.AdminWithPanels));
const LoginPageLazy = lazyPage(() => import("../features/auth/login-page").then((m) => m.LoginPage));
const RegisterPageLazy = lazyPage(() => import("../features/auth/register-page").then((m) => m.RegisterPage));

/** The sign-in page, loaded on first visit. */
export function Login() {
  return (
    <Suspense fallback={null}>
      <LoginPageLazy />
    </Suspense>
  );
}

/** The sign-up page, loaded on first visit. */
export function Register() {
  return (
    <Suspense fallback={null}>
      <RegisterPageLazy />
    </Suspense>
  );
}

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

const FleetPageLazy = lazyPage(() => import("../features/fleet/fleet-page").then((m) => m.FleetPage));

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
