import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** An error message announced to assistive technology. */
export function ErrorAlert({ children, ...rest }: { children: ReactNode; "data-testid"?: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid={rest["data-testid"]}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
