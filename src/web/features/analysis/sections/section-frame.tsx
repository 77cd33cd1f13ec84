import type { UseQueryResult } from "@tanstack/react-query";
import { Clock, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { RecordKind } from "../../../../contracts/analysis/record-presence";
import type { NotYetSection } from "../../../../contracts/analysis/sections";
import { errorMessageOf } from "../../../lib/api";
import { formatInstant } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { cn } from "../../../ui/cn";
import { EmptyState } from "../../../ui/empty-state";
import { Skeleton } from "../../../ui/skeleton";
import { useEmptyRangeReason } from "../range-records";

/** A figure of a section's summary: label, value with unit (already formatted), optional tone. */
export function Stat({
  label,
  value,
  tone,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone?: "better" | "worse" | null;
  hint?: string | null;
  testId?: string;
}) {
  return (
    <div className="flex flex-col rounded-md bg-slate-50 px-3 py-2" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={cn(
          "text-lg font-semibold tabular-nums",
          tone === "better" ? "text-emerald-700" : tone === "worse" ? "text-red-700" : "text-slate-900",
        )}
      >
        {value}
      </dd>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-5">{children}</dl>;
}

/** A titled block inside a section (one chart or form). */
export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      {children}
    </div>
  );
}

/**
 * An honest empty state that says what to add. With `kind`, the kinds of record the section reads: when the
 * range holds none of one, the one empty-range rule (lib/empty-range) says the cause instead of `title`.
 */
export function NoData({
  title,
  icon,
  kind,
  children,
}: {
  title: string;
  icon: LucideIcon;
  kind?: RecordKind | readonly RecordKind[];
  /** The text under the title; the generic 'add records' when left out, none when null (the title says it). */
  children?: ReactNode;
}) {
  const reason = useEmptyRangeReason(kind);
  return (
    <EmptyState icon={icon} title={reason ?? title} data-testid="section-empty">
      {reason || children === null
        ? null
        : (children ?? "Add records with Data Input & Tools, or upload an Excel/CSV file.")}
    </EmptyState>
  );
}

/** The 'coming' state of a section a later release fills: no sample data (PRODUCT.md D1). */
export function ComingSection({ name, message }: { name: string; message?: string }) {
  return (
    <EmptyState icon={Clock} title="This analysis is coming in a later release" data-testid="section-coming">
      {message ??
        `${name} will be computed from your stored data once it is built; no sample figures are shown.`}
    </EmptyState>
  );
}

export function SectionSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" data-testid="section-loading">
      <span className="sr-only" role="status">
        Loading analysis…
      </span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** The range the server used, for the section's caption. */
export function RangeCaption({ range }: { range: { from: string; to: string; resolution: string } }) {
  return (
    <p className="text-xs text-slate-500" data-testid="section-range">
      {formatInstant(range.from)} – {formatInstant(range.to)} · {range.resolution} buckets
    </p>
  );
}

/**
 * Loading, error and 'not yet' states around a section's answer; `children` renders a ready answer.
 * The previous answer stays (dimmed) while new filters load.
 */
export function SectionQuery<D extends { status: "ready" }>({
  query,
  name,
  children,
}: {
  query: UseQueryResult<D | NotYetSection>;
  name: string;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <SectionSkeleton />;
  if (query.isError)
    return <ErrorAlert data-testid="section-error">{errorMessageOf(query.error)}</ErrorAlert>;
  const data = query.data;
  if (data.status === "not-yet") return <ComingSection name={name} message={data.message} />;
  return (
    <div
      className={cn("flex flex-col gap-4 transition-opacity", query.isPlaceholderData && "opacity-60")}
      aria-busy={query.isFetching || undefined}
    >
      {children(data)}
    </div>
  );
}
