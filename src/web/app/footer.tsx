import { useServerUp } from "../features/health/api/get-health";
import { formatUtcDateTime } from "../lib/format";
import { useUtcNow } from "../lib/use-utc-now";
import { cn } from "../ui/cn";

/** Copyright, the UTC time and whether the server answers (spec §2, States of the page). */
export function Footer() {
  const now = useUtcNow();
  const up = useServerUp();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 text-sm text-slate-600 sm:px-6">
        <p data-testid="copyright">© {now.getUTCFullYear()} Sextant. All rights reserved.</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
          <time dateTime={now.toISOString()} className="font-mono tabular-nums" data-testid="footer-clock">
            {formatUtcDateTime(now)}
          </time>
          <span
            className={cn(
              "font-medium",
              up === false ? "text-red-600" : up ? "text-emerald-700" : "text-slate-500",
            )}
            data-testid="system-status"
          >
            {up === false ? "System Unavailable" : up ? "System Operational" : "Checking system…"}
          </span>
        </div>
      </div>
    </footer>
  );
}
