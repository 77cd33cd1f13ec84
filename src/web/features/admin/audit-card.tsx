import { ScrollText } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { AuditEntry } from "../../../contracts/audit";
import { errorMessageOf } from "../../lib/api";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { TextField } from "../../ui/text-field";
import { type AuditFilters, useAuditTrail } from "./api/audit";

const NO_FILTERS: AuditFilters = { from: "", to: "", actor: "", kind: "" };

/** What an entry touched, in a line: its ids, or its route for a generic entry. */
function targetText(entry: AuditEntry): string {
  const ids = entry.target
    ? Object.entries(entry.target)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(", ")
    : "";
  return [ids, entry.method && entry.route ? `${entry.method} ${entry.route}` : ""]
    .filter(Boolean)
    .join(" · ");
}

/** The fields an edit changed, from its before and after ('deadweight: 50000 → 51000'). */
function changesText(entry: AuditEntry): string {
  const before = entry.before as Record<string, unknown> | null;
  const after = entry.after as Record<string, unknown> | null;
  if (entry.details) {
    return Object.entries(entry.details)
      .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
      .join(", ");
  }
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return "";
  return Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${JSON.stringify(before[k] ?? null)} → ${JSON.stringify(after[k] ?? null)}`)
    .join(", ");
}

/**
 * The organisation's audit trail (who did what, when; the changes of an edit), newest first, filtered by time,
 * actor and kind, with more pages on demand.
 */
export function AuditCard() {
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const trail = useAuditTrail(filters);
  const entries = trail.data?.pages.flatMap((p) => p.entries) ?? [];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters(draft);
  }
  const field = (name: keyof AuditFilters) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });

  return (
    <Card title="Audit trail" titleId="audit-title" data-testid="audit">
      <form onSubmit={onSubmit} className="mb-4 grid gap-3 sm:grid-cols-5 sm:items-end">
        <TextField label="From" type="date" {...field("from")} />
        <TextField label="To" type="date" hint="Exclusive" {...field("to")} />
        <TextField label="Actor" placeholder="email" {...field("actor")} />
        <TextField label="Kind" placeholder="ship, member.remove…" {...field("kind")} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      {trail.isError ? <ErrorAlert>{errorMessageOf(trail.error)}</ErrorAlert> : null}
      {trail.isPending ? (
        <Skeleton className="h-40" />
      ) : entries.length === 0 && !trail.isError ? (
        <EmptyState icon={ScrollText} title="No entries">
          {filters === NO_FILTERS
            ? "Every change to ships, voyages, records, settings, members and uploads will be listed here."
            : "No entry matches these filters."}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2 pr-3">Target</th>
                <th className="py-2">Changes</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((e) => (
                <tr key={e.id} data-testid="audit-entry" className="align-top">
                  <td className="whitespace-nowrap py-2 pr-3 tabular-nums">{formatInstant(e.at)}</td>
                  <td className="py-2 pr-3">{e.actorEmail ?? "—"}</td>
                  <td className="py-2 pr-3 font-medium">
                    {e.kind}
                    {e.restored ? (
                      <div className="text-xs font-normal text-amber-700" data-testid="audit-restored">
                        restored from a backup of {e.restored.backupOf} (
                        {e.restored.backupCreatedAt.slice(0, 10)})
                      </div>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 text-slate-600">{targetText(e)}</td>
                  <td className="max-w-md break-words py-2 text-slate-600">{changesText(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {trail.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-3"
              disabled={trail.isFetchingNextPage}
              onClick={() => trail.fetchNextPage()}
            >
              Load older entries
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}
