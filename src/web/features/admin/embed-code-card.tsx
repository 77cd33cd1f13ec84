import { Code } from "lucide-react";
import { useState } from "react";
import { SHARE_MAX_DAYS, type ShareLink } from "../../../contracts/shares";
import { DAY_MS } from "../../../domain/time/units";
import { errorMessageOf } from "../../lib/api";
import { embedSnippet } from "../../lib/embed-snippet";
import { formatInstant } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { CopyField } from "../../ui/copy-field";
import { EmptyState } from "../../ui/empty-state";
import { SelectField } from "../../ui/select-field";
import { Skeleton } from "../../ui/skeleton";
import { useCreateEmbedLink, useEmbedOrigins, useShares } from "./api/shares";
import { describeFilters } from "./share-links-card";

/**
 * Whole days the chosen link has left, rounded down so that the new link does not outlive it (the API counts
 * whole days); 0 when less than a day is left, and no new link can end in time.
 */
export function remainingDays(expiresAt: string, now: number): number {
  return Math.min(SHARE_MAX_DAYS, Math.max(0, Math.floor((Date.parse(expiresAt) - now) / DAY_MS)));
}

const optionLabel = (s: ShareLink) =>
  `${s.shipName} · ${describeFilters(s.filters)} · until ${formatInstant(s.expiresAt)}`;

/** Where the embed may be framed (the embeddable view's frame-ancestors), in words. */
function AllowedOrigins() {
  const origins = useEmbedOrigins();
  if (origins.isPending) return <Skeleton className="h-5 w-2/3" />;
  if (origins.isError) return <ErrorAlert>{errorMessageOf(origins.error)}</ErrorAlert>;
  return origins.data.length === 0 ? (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
      data-testid="embed-allowed"
    >
      No site may frame it yet: browsers refuse the embed everywhere until a site is listed under Share links
      › Sites allowed to embed.
    </p>
  ) : (
    <p className="text-slate-600" data-testid="embed-allowed">
      Shown only inside pages of: <span className="font-mono text-slate-900">{origins.data.join(", ")}</span>
    </p>
  );
}

/**
 * Embed code (spec §2, unlocked view): the `<iframe>` snippet of a chosen share link's view. The server keeps
 * only a fingerprint of each link, so an existing link's address cannot be shown again: the snippet is a new
 * link of the same ship and view that ends no later than the chosen one (the API counts whole days), listed
 * under Share links and revocable alone.
 */
export function EmbedCodeCard() {
  const shares = useShares();
  const create = useCreateEmbedLink();
  const [chosen, setChosen] = useState<number | null>(null);
  const active = (shares.data ?? []).filter((s) => s.status === "active");
  const selected = active.find((s) => s.id === chosen) ?? active[0];
  const made = create.data;

  const days = selected ? remainingDays(selected.expiresAt, Date.now()) : 0;

  function makeSnippet() {
    if (!selected || days < 1) return;
    create.mutate({ shipId: selected.shipId, filters: selected.filters, expiresInDays: days });
  }

  return (
    <Card title="Embed code" titleId="embed-code-title" data-testid="embed-code">
      {shares.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : shares.isError ? (
        <ErrorAlert>{errorMessageOf(shares.error)}</ErrorAlert>
      ) : !selected ? (
        <EmptyState icon={Code} title="No active share link to embed" data-testid="embed-empty">
          'Share Dashboard' on a ship's dashboard creates a read-only link with its embed code; its view can
          be embedded from here too.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <SelectField
            label="Share link"
            value={String(selected.id)}
            onChange={(e) => {
              setChosen(Number(e.target.value));
              create.reset();
            }}
            options={active.map((s) => ({ value: String(s.id), label: optionLabel(s) }))}
            hint="Sextant keeps only a fingerprint of each link, so a link's address is shown once. The embed code is a new link of the same view that ends no later than the chosen one (whole days), revocable on its own under Share links."
            data-testid="embed-share"
          />
          <div>
            <Button onClick={makeSnippet} disabled={create.isPending || days < 1} data-testid="create-embed">
              {create.isPending ? "Creating…" : "Create embed code"}
            </Button>
          </div>
          {days < 1 ? (
            <p className="text-slate-600">
              This link ends within a day: choose another, or share the ship's dashboard again for a new one.
            </p>
          ) : null}
          {create.isError ? <ErrorAlert>{errorMessageOf(create.error)}</ErrorAlert> : null}
          {made ? (
            <div className="flex flex-col gap-2" data-testid="embed-result">
              <CopyField
                label="Embed code"
                value={embedSnippet(made.embedUrl)}
                rows={4}
                data-testid="embed-snippet"
              />
              <p className="text-xs text-slate-500">
                Works until {formatInstant(made.expiresAt)} or until revoked.
              </p>
            </div>
          ) : null}
          <AllowedOrigins />
        </div>
      )}
    </Card>
  );
}
