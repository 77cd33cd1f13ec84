import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessageOf } from "../../lib/api";
import { Skeleton } from "../../ui/skeleton";

/**
 * A small titled panel of the Analysis Center's side column (System Status, Report checks) over one query:
 * a skeleton while it loads, the API's error message when it fails, else `children` with its data.
 */
export function SidePanel<T>({
  id,
  title,
  icon: Icon,
  query,
  skeletonClassName,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  query: UseQueryResult<T>;
  skeletonClassName: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-md border border-slate-200 bg-white p-3"
      data-testid={`${id}-panel`}
    >
      <h3 id={`${id}-title`} className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-4 text-sky-700" />
        {title}
      </h3>
      {query.isPending ? (
        <Skeleton className={skeletonClassName} />
      ) : query.isError ? (
        <p className="text-xs text-red-700">{errorMessageOf(query.error)}</p>
      ) : (
        children(query.data as T)
      )}
    </section>
  );
}
