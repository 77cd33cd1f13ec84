import { Badge } from "../../ui/badge";

const OUTCOME_TONES = { sent: "success", failed: "danger", skipped: "warning", sending: "neutral" } as const;

/** A delivery's outcome badge and its error, as the alert delivery log and the scheduled reports list show it. */
export function DeliveryOutcome({
  outcome,
  error,
}: {
  outcome: keyof typeof OUTCOME_TONES;
  error: string | null;
}) {
  return (
    <>
      <Badge tone={OUTCOME_TONES[outcome]}>{outcome}</Badge>
      {error ? <p className="mt-1 text-xs text-slate-600">{error}</p> : null}
    </>
  );
}
