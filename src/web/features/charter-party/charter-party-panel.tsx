/**
 * A voyage's Charter Party panel (issue 33 item 5): its terms (a form for writers, read-only for readers),
 * the performance by the good-weather and the weather-corrected methods, and the days table. A voyage
 * without terms says so and offers the form; a failed call shows the server's message in plain words.
 */
import { Download, FileSignature } from "lucide-react";
import { useState } from "react";
import type { Voyage } from "../../../contracts/voyages";
import { saveFile } from "../../lib/save-file";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { Spinner } from "../../ui/spinner";
import { toast } from "../../ui/toast/use-toast";
import {
  type CpStatementFormat,
  useCpPerformance,
  useDownloadCpStatement,
  useRemoveVoyageTerms,
  useVoyageTerms,
} from "./api/charter-party";
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
  const remove = useRemoveVoyageTerms(voyage.id);
  const statement = useDownloadCpStatement(voyage.id);
  const download = (format: CpStatementFormat) =>
    statement.mutate(format, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        toast({ title: "Statement downloaded", description: fileName });
      },
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "The statement could not be made",
          description: cpErrorMessage(err),
        }),
    });

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
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)} data-testid="cp-edit">
                {canEdit ? "Edit terms" : "Show terms"}
              </Button>
              {canEdit && stored.source === "voyage" ? (
                <Button
                  variant="secondary"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate()}
                  data-testid="cp-remove"
                >
                  Remove the voyage's terms
                </Button>
              ) : null}
            </div>
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
              <div className="flex flex-wrap items-center gap-2" data-testid="cp-statement">
                <span className="text-sm text-slate-700">Statement</span>
                {(["pdf", "xlsx"] as const).map((format) => (
                  <Button
                    key={format}
                    variant="secondary"
                    className="px-3 py-1.5 text-xs"
                    disabled={statement.isPending}
                    onClick={() => download(format)}
                    data-testid={`cp-statement-${format}`}
                  >
                    {statement.isPending && statement.variables === format ? (
                      <Spinner />
                    ) : (
                      <Download className="size-3.5" aria-hidden />
                    )}
                    {format.toUpperCase()}
                  </Button>
                ))}
              </div>
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
