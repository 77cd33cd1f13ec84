import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { CurrentUser } from "../../contracts/auth";
import { useAuth } from "../features/auth/api/get-current-user";
import { errorMessageOf } from "../lib/api";
import { ErrorAlert } from "../ui/alert";
import { Skeleton } from "../ui/skeleton";

/** Renders its page for a signed-in user; sends signed-out visitors to /login. */
export function RequireUser({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const auth = useAuth();
  switch (auth.status) {
    case "loading":
      return (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-40 w-full" />
        </div>
      );
    case "signed-out":
      return <Navigate to="/login" replace />;
    case "error":
      return <ErrorAlert>{errorMessageOf(auth.error)}</ErrorAlert>;
    case "signed-in":
      return children(auth.user);
  }
}
