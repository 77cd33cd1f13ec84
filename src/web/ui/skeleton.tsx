import { cn } from "./cn";

/** A grey pulsing placeholder while data loads (spec §2, States of the page). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded bg-slate-200", className)} />;
}
