import { Megaphone } from "lucide-react";
import { errorMessageOf } from "../../lib/api";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { Card } from "../../ui/card";
import { CopyField } from "../../ui/copy-field";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { useFleetHighlights } from "./api/highlights";
import { marketingSnippets, snippetNotes } from "./marketing-snippets";

/**
 * Marketing snippets (spec §2, unlocked view): sentences of the organisation's own figures to paste into a
 * website or a report, each dated by the newest data it rests on; a figure the data cannot give says why.
 */
export function MarketingSnippetsCard() {
  const highlights = useFleetHighlights();
  return (
    <Card title="Marketing snippets" titleId="marketing-snippets-title" data-testid="marketing-snippets">
      {highlights.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : highlights.isError ? (
        <ErrorAlert>{errorMessageOf(highlights.error)}</ErrorAlert>
      ) : (
        <Snippets h={highlights.data} />
      )}
    </Card>
  );
}

function Snippets({ h }: { h: NonNullable<ReturnType<typeof useFleetHighlights>["data"]> }) {
  const { snippets, missing } = marketingSnippets(h);
  const notes = snippetNotes(h);
  if (snippets.length === 0)
    return (
      <EmptyState icon={Megaphone} title="No figures to quote yet" data-testid="snippets-empty">
        <ul className="flex flex-col gap-1">
          {missing.map((m) => (
            <li key={m.id}>{m.reason}</li>
          ))}
        </ul>
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-slate-600">
        Your organisation's own figures, computed {formatInstant(h.computedAt)}: the CII ratings are the fleet
        page's, the CO₂ the sum of each ship's IMO DCS / EU MRV figure of the year.
      </p>
      {snippets.map((s) => (
        <CopyField key={s.id} label={s.label} value={s.text} rows={2} data-testid={`snippet-${s.id}`} />
      ))}
      {missing.length > 0 ? (
        <ul className="flex flex-col gap-1 text-slate-600" data-testid="snippets-missing">
          {missing.map((m) => (
            <li key={m.id}>
              <span className="font-medium text-slate-800">{m.label}:</span> {m.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {notes.length > 0 ? (
        <ul className="list-disc pl-5 text-xs text-slate-500" data-testid="snippets-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
