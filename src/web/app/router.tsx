import { createBrowserRouter } from "react-router";
import { AdminPage } from "../features/admin/admin-page";
import { LoginPage } from "../features/auth/login-page";
import { RegisterPage } from "../features/auth/register-page";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { DashboardWithTools } from "./dashboard-route";
import { HomeRoute } from "./home-route";
import { Layout } from "./layout";
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
            { path: "/login", element: <LoginPage /> },
            { path: "/register", element: <RegisterPage /> },
            { path: "/dashboard", element: <RequireUser>{() => <DashboardWithTools />}</RequireUser> },
            {
              path: "/dashboard/:shipId",
              element: <RequireUser>{() => <DashboardWithTools />}</RequireUser>,
            },
            { path: "/admin", element: <RequireUser>{(user) => <AdminPage user={user} />}</RequireUser> },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
