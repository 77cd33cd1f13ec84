import { LogOut, Settings, Ship } from "lucide-react";
import { Link, useNavigate } from "react-router";
import type { CurrentUser } from "../../contracts/auth";
import { AlertBell } from "../features/alerts/alert-bell";
import { useAuth } from "../features/auth/api/get-current-user";
import { signOut } from "../features/auth/logout";
import { useServerUp } from "../features/health/api/get-health";
import { formatUtcClock } from "../lib/format";
import { useUtcNow } from "../lib/use-utc-now";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

/** 'Welcome, ' and the first name, else the email, else 'User' (spec §2, Header). */
export function welcomeText(user: Pick<CurrentUser, "firstName" | "email">): string {
  return `Welcome, ${user.firstName || user.email || "User"}`;
}

function ConnectionStatus() {
  const up = useServerUp();
  const label = up === false ? "Disconnected" : up === true ? "Connected" : "Connecting…";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 text-sm font-medium",
        up === false ? "text-red-600" : up === true ? "text-emerald-700" : "text-slate-500",
      )}
      data-testid="connection-status"
      role="status"
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          up === false ? "bg-red-600" : up === true ? "bg-emerald-500" : "bg-slate-400",
        )}
      />
      {label}
    </span>
  );
}

function HeaderClock() {
  const now = useUtcNow();
  return (
    <time
      dateTime={now.toISOString()}
      className="font-mono text-sm tabular-nums text-slate-700"
      data-testid="header-clock"
    >
      {formatUtcClock(now)}
    </time>
  );
}

/** The page header: brand, server connection, UTC clock and, when signed in, the user and Logout. */
export function Header() {
  const auth = useAuth();
  const navigate = useNavigate();
  const user = auth.status === "signed-in" ? auth.user : null;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-sky-700"
        >
          <span className="flex size-10 items-center justify-center rounded-lg bg-sky-700 text-white">
            <Ship aria-hidden="true" className="size-6" data-testid="logo" />
          </span>
          <span className="flex flex-col">
            <span className="text-lg font-semibold leading-tight text-slate-900" data-testid="product-name">
              Sextant
            </span>
            <span className="text-xs text-slate-500" data-testid="product-subtitle">
              Intelligent Fuel Performance Monitoring
            </span>
          </span>
        </Link>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <ConnectionStatus />
          <HeaderClock />
          {user ? (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-sm text-slate-800" data-testid="welcome">
                {welcomeText(user)}
              </span>
              <span
                className="inline-flex items-center gap-1.5 text-sm text-slate-500"
                data-testid="organization"
              >
                {user.organization.name}
                {user.organization.isDemo ? (
                  <Badge tone="warning" data-testid="demo-badge">
                    Demo
                  </Badge>
                ) : null}
              </span>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            {user ? (
              <Link
                to="/fleet"
                className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
                data-testid="fleet-link"
              >
                Fleet
              </Link>
            ) : null}
            <AlertBell signedIn={user !== null} />
            <Button
              variant="ghost"
              className="px-2"
              aria-label="Settings"
              title="Settings"
              data-testid="settings-button"
              onClick={() => navigate("/admin")}
            >
              <Settings aria-hidden="true" className="size-5" />
            </Button>
            {user ? (
              <Button variant="secondary" onClick={signOut} data-testid="logout-button">
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  );
}
