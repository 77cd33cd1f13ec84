import type { ReactNode } from "react";
import { cn } from "./cn";

type CardProps = {
  title?: ReactNode;
  /** Heading id, for `aria-labelledby` on the section. */
  titleId?: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
};

/** A white panel with an optional heading; rendered as a labelled section. */
export function Card({ title, titleId, actions, className, children, ...rest }: CardProps) {
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn("rounded-lg border border-slate-200 bg-white shadow-sm", className)}
      data-testid={rest["data-testid"]}
    >
      {title ? (
        <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {actions}
        </div>
      ) : null}
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}
