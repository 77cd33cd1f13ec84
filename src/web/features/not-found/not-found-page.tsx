import { Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../ui/button";

/** Any path without a page (spec §2, §8). */
export function NotFoundPage() {
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      data-testid="not-found"
    >
      <Compass aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold text-slate-900">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses("primary")}>
        Go to home page
      </Link>
    </div>
  );
}
