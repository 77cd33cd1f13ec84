import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** Says honestly that there is nothing to show yet, and how to change that. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  ...rest
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Links or buttons that change it (shown under the text). */
  actions?: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
      data-testid={rest["data-testid"]}
    >
      <Icon aria-hidden="true" className="size-8 text-slate-400" />
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="max-w-prose text-sm text-slate-600">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
