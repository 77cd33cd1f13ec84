import { createBrowserRouter } from "react-router";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { HomeRoute } from "./home-route";
import { Layout } from "./layout";
import { Admin, Alerts, Dashboard, Fleet, Login, Register, SharedDashboard } from "./lazy-pages";
import { RequireUser } from "./require-user";
import { RouteError } from "./route-error";

/** The routes of spec §2. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: "/", element: <HomeRoute /> },
            { path: "/login", element: <Login /> },
            { path: "/register", element: <Register /> },
            {
              path: "/dashboard",
              element: <RequireUser>{() => <Dashboard />}</RequireUser>,
            },
            {
              path: "/dashboard/:shipId",
              element: <RequireUser>{() => <Dashboard />}</RequireUser>,
            },
            {
              path: "/fleet",
              element: <RequireUser>{() => <Fleet />}</RequireUser>,
            },
            {
              path: "/alerts",
              element: <RequireUser>{() => <Alerts />}</RequireUser>,
            },
            {
              path: "/admin",
              element: <RequireUser>{(user) => <Admin user={user} />}</RequireUser>,
            },
            { path: "/shared/:token", element: <SharedDashboard /> },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
    {
      // the embeddable view: the read-only dashboard alone, without the app's header and footer
      path: "/embed/:token",
      errorElement: <RouteError />,
      element: (
        <main className="w-full p-4">
          <SharedDashboard embed />
        </main>
      ),
    },
  ]);
}
