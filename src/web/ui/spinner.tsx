import { LoaderCircle } from "lucide-react";

/** The submitting indicator of forms (spec §4). */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return <LoaderCircle aria-label={label} role="status" className="size-4 animate-spin" />;
}
