import { Link2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import type { ShareLink } from "../../../contracts/shares";
import { ApiError, errorMessageOf } from "../../lib/api";
import { DATE_RANGE_LABELS, ENGINE_TYPE_LABELS } from "../../lib/dashboard-filters";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { toast } from "../../ui/toast/use-toast";
import { useEmbedOrigins, useRevokeShare, useSaveEmbedOrigins, useShares } from "./api/shares";

/** What a link shows, in the dashboard's words ('Custom Range 2025-05-01 – 2025-05-20 · All Engines'). */
export function describeFilters(f: ShareLink["filters"]): string {
  const range = f.range === "custom" ? `${f.from} – ${f.to}` : DATE_RANGE_LABELS[f.range];
  const voyage = f.voyage && f.voyage !== "all" ? ` · voyage ${f.voyage}` : "";
  return `${range}${voyage} · ${ENGINE_TYPE_LABELS[f.engine ?? "main"]}`;
}

/** Each refused line ('line 2 must be an origin like …'), else the server's message. */
function originsError(error: unknown): string {
  const details = error instanceof ApiError ? error.details : [];
  const lines = details.map((d) => `line ${Number(d.field.split(".")[1] ?? 0) + 1} ${d.reason}`);
  return lines.length > 0 ? `Not saved: ${lines.join(" · ")}` : errorMessageOf(error);
}

const STATUS_TONE = { active: "success", expired: "neutral", revoked: "danger" } as const;

function EmbedOriginsForm() {
  const origins = useEmbedOrigins();
  const save = useSaveEmbedOrigins();
  const [text, setText] = useState("");
  useEffect(() => {
    if (origins.data) setText(origins.data.join("\n"));
  }, [origins.data]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const list = text.split(/\s+/).filter(Boolean);
    save.mutate(list, {
      onSuccess: () => toast({ title: "Embed origins saved" }),
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4"
      data-testid="embed-origins-form"
    >
      <label htmlFor="embed-origins" className="text-sm font-medium text-slate-800">
        Sites allowed to embed share links
      </label>
      <p className="text-xs text-slate-600">
        One origin a line (https://intranet.example.com). A link's embed code (/embed/…) shows only inside
        pages of these sites; with none listed, embedding is refused everywhere.
      </p>
      <textarea
        id="embed-origins"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="rounded border border-slate-300 px-2 py-1 font-mono text-sm"
        data-testid="embed-origins"
      />
      {save.isError ? <ErrorAlert>{originsError(save.error)}</ErrorAlert> : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save origins"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Admin › Share links: every read-only link members created (ship, filters, expiry, views), revoked at once
 * with 'Revoke'; and the sites allowed to embed them. A link's URL is shown only when it is created (the
 * server keeps its hash), so this list cannot leak one.
 */
export function ShareLinksCard() {
  const shares = useShares();
  const revoke = useRevokeShare();
  return (
    <Card title="Share links" titleId="share-links-title" data-testid="share-links-card">
      {shares.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : shares.isError ? (
        <ErrorAlert>{errorMessageOf(shares.error)}</ErrorAlert>
      ) : shares.data.length === 0 ? (
        <EmptyState icon={Link2} title="No share links yet">
          'Share Dashboard' on a ship's dashboard creates a read-only link to that view and copies it.
        </EmptyState>
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">
                  Ship and view
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Expires
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Views
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shares.data.map((s) => (
                <tr key={s.id} data-testid="share-row">
                  <td className="px-5 py-2">
                    <div className="font-medium text-slate-900">{s.shipName}</div>
                    <div className="text-xs text-slate-600">
                      {describeFilters(s.filters)}
                      {s.createdBy ? ` · by ${s.createdBy}` : ""}
                    </div>
                  </td>
                  <td className="px-5 py-2 text-slate-700">
                    <Badge tone={STATUS_TONE[s.status]}>{s.status}</Badge>{" "}
                    {formatInstant(s.revokedAt ?? s.expiresAt)}
                  </td>
                  <td className="px-5 py-2 tabular-nums text-slate-700">
                    {s.views}
                    {s.lastViewedAt ? (
                      <div className="text-xs text-slate-500">last {formatInstant(s.lastViewedAt)}</div>
                    ) : null}
                  </td>
                  <td className="px-5 py-2 text-right">
                    {s.status === "active" ? (
                      <Button
                        variant="secondary"
                        disabled={revoke.isPending}
                        onClick={() =>
                          revoke.mutate(s.id, {
                            onSuccess: () => toast({ title: "Share link revoked", description: s.shipName }),
                            onError: (e) =>
                              toast({
                                variant: "destructive",
                                title: "Revoke failed",
                                description: errorMessageOf(e),
                              }),
                          })
                        }
                        data-testid="revoke-share"
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EmbedOriginsForm />
    </Card>
  );
}
