import { useRouteError } from "react-router";
import { ErrorAlert } from "../ui/alert";
import { buttonClasses } from "../ui/button";

/**
 * Shown in place of a page that failed while rendering, inside the layout, so the header, the footer and the
 * navigation stay usable. The technical message is kept for support; no figure of the page is shown.
 */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 py-16" data-testid="route-error">
      <h1 className="text-2xl font-semibold text-slate-900">This page could not be shown</h1>
      <ErrorAlert>{message}</ErrorAlert>
      <button type="button" className={buttonClasses("primary")} onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
