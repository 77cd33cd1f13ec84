import { useAuth } from "../features/auth/api/get-current-user";
import { LandingPage } from "../features/landing/landing-page";
import { Dashboard } from "./lazy-pages";

/** `/`: the landing page while signed out or while the sign-in check runs; the dashboard when signed in. */
export function HomeRoute() {
  const auth = useAuth();
  return auth.status === "signed-in" ? <Dashboard /> : <LandingPage />;
}
