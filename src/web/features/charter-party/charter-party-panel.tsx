/**
 * A voyage's Charter Party panel (issue 33 item 5): its terms (a form for writers, read-only for readers),
 * the performance by the good-weather and the weather-corrected methods, and the days table. A voyage
 * without terms says so and offers the form; a failed call shows the server's message in plain words.
 */
import { FileSignature } from "lucide-react";
import { useState } from "react";
import type { Voyage } from "../../../contracts/voyages";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { useCpPerformance, useVoyageTerms } from "./api/charter-party";
import { CpDaysTable } from "./cp-days-table";
import { CpResult } from "./cp-result";
import { cpErrorMessage } from "./cp-result-model";
import { CpTermsForm } from "./cp-terms-form";

const SOURCE = {
  voyage: "Set on this voyage.",
  ship: "The ship's default for this condition (saving sets the voyage's own).",
} as const;

export function CharterPartyPanel({ voyage, canEdit }: { voyage: Voyage; canEdit: boolean }) {
  const terms = useVoyageTerms(voyage.id);
  const stored = terms.data?.terms ?? null;
  const performance = useCpPerformance(voyage.id, stored !== null);
  const [editing, setEditing] = useState(false);

  if (terms.isPending) return <Skeleton className="h-40" />;
  if (terms.isError) return <ErrorAlert data-testid="cp-error">{cpErrorMessage(terms.error)}</ErrorAlert>;

  const form = (
    <CpTermsForm
      // a new form of the terms as saved
      key={JSON.stringify(stored)}
      voyageId={voyage.id}
      terms={stored}
      canEdit={canEdit}
      onSaved={() => setEditing(false)}
    />
  );

  return (
    <div className="flex flex-col gap-5" data-testid="cp-panel">
      <section aria-labelledby="cp-terms-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="cp-terms-title" className="text-sm font-semibold text-slate-900">
            Terms
          </h3>
          {stored && !editing ? (
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="cp-edit">
              {canEdit ? "Edit terms" : "Show terms"}
            </Button>
          ) : null}
        </div>
        {stored === null ? (
          <>
            <EmptyState
              icon={FileSignature}
              title="No charter-party terms for this voyage"
              data-testid="cp-no-terms"
            >
              Neither the voyage nor its ship has a warranted speed and consumption yet, so there is no
              performance to show.{" "}
              {canEdit
                ? "Set them below: the warranty, its 'about' allowances and the good-weather rule."
                : "Ask an owner, admin or analyst of your organisation to set them."}
            </EmptyState>
            {canEdit ? form : null}
          </>
        ) : (
          <>
            <p className="text-xs text-slate-500" data-testid="cp-source">
              {SOURCE[stored.source]}
            </p>
            {editing ? form : null}
          </>
        )}
      </section>
      {stored ? (
        <section aria-labelledby="cp-result-title" className="flex flex-col gap-3">
          <h3 id="cp-result-title" className="text-sm font-semibold text-slate-900">
            Performance
          </h3>
          {performance.isPending ? (
            <Skeleton className="h-40" />
          ) : performance.isError ? (
            <ErrorAlert data-testid="cp-error">{cpErrorMessage(performance.error)}</ErrorAlert>
          ) : (
            <>
              <CpResult performance={performance.data} />
              <h3 className="text-sm font-semibold text-slate-900">Day by day</h3>
              <CpDaysTable days={performance.data.days} />
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
