import type { ReactNode } from "react";

/** The centred card of the sign-in and sign-up pages. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-6 sm:py-12">
      <div className="text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      <p className="text-center text-sm text-slate-600">{footer}</p>
    </div>
  );
}
