import { Bell } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../ui/cn";
import { useAlertCounts } from "./api/alerts";

/** The header's bell: the organisation's open alerts (polled), a link to the alert list. */
export function AlertBell({ signedIn }: { signedIn: boolean }) {
  const counts = useAlertCounts(signedIn);
  if (!signedIn) return null;
  const open = counts.data?.open ?? 0;
  const label = counts.data ? `Alerts: ${open} open` : "Alerts";
  return (
    <Link
      to="/alerts?status=open"
      aria-label={label}
      title={label}
      data-testid="alert-bell"
      className="relative inline-flex items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-700"
    >
      <Bell aria-hidden="true" className="size-5" />
      {open > 0 ? (
        <span
          data-testid="alert-bell-count"
          className={cn(
            "absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white",
          )}
        >
          {open > 99 ? "99+" : open}
        </span>
      ) : null}
    </Link>
  );
}
