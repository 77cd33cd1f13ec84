import { RefreshCw } from "lucide-react";
import type { DeploymentLinks } from "../../../contracts/instance";
import { errorMessageOf } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { type LinkCheck, useDeploymentLinks, useLinkChecks } from "./api/instance";

type Link = DeploymentLinks["links"][number];

const STATE_BADGE = {
  up: { tone: "success", label: "Up" },
  down: { tone: "danger", label: "Down" },
  needs_token: { tone: "info", label: "Token required" },
  off: { tone: "neutral", label: "Off" },
} as const;

/**
 * The addresses the browser asks: those that should serve (and readiness when down, a fault worth the console's
 * error). An address refused by design (metrics without its token, or switched off) is not asked: its 401 or 404
 * would log an error in every admin's console on every visit, and the server's word already says why.
 */
const askedFromBrowser = (link: Link) => link.state === "up" || link.state === "down";

/**
 * The browser's answer against the one the server's state leads to expect: green when the address is up and
 * answers so, red when readiness answers its 503 or nothing answers, amber for another status (a proxy or
 * another server stands between).
 */
function CheckResult({ link, check }: { link: Link; check: LinkCheck | undefined }) {
  if (!askedFromBrowser(link))
    return (
      <span className="text-slate-500" data-testid="link-check">
        not asked ({link.expectedStatus} by design)
      </span>
    );
  if (!check) return <span className="text-slate-500">checking…</span>;
  if (check.status === null)
    return (
      <Badge tone="danger" data-testid="link-check">
        No answer
      </Badge>
    );
  const expected = check.status === link.expectedStatus;
  const tone = !expected ? "warning" : link.state === "up" ? "success" : "danger";
  return (
    <>
      <Badge tone={tone} data-testid="link-check">
        {expected ? String(check.status) : `${check.status} (expected ${link.expectedStatus})`}
      </Badge>{" "}
      <span className="text-slate-500">in {formatNumber(check.ms, 0)} ms</span>
    </>
  );
}

/**
 * Deployment links (spec §2, unlocked view): this instance's own addresses under PUBLIC_URL (the base of every
 * link Sextant sends), what the server says of each, and what this browser gets asking it now.
 */
export function DeploymentLinksCard() {
  const deployment = useDeploymentLinks();
  const links = deployment.data?.links ?? [];
  const checks = useLinkChecks(links.filter(askedFromBrowser).map((l) => l.path));
  const here = window.location.origin;
  const publicOrigin = deployment.data ? new URL(deployment.data.publicUrl).origin : null;
  return (
    <Card
      title="Deployment links"
      titleId="deployment-links-title"
      data-testid="deployment-links"
      actions={
        <Button
          variant="ghost"
          onClick={() => checks.refetch()}
          disabled={checks.isFetching || links.length === 0}
          data-testid="recheck-links"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Check again
        </Button>
      }
    >
      {deployment.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {deployment.isError ? <ErrorAlert>{errorMessageOf(deployment.error)}</ErrorAlert> : null}
      {deployment.data ? (
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-slate-600">
            PUBLIC_URL{" "}
            <code className="font-mono text-slate-900" data-testid="public-url">
              {deployment.data.publicUrl}
            </code>{" "}
            is where people reach this Sextant: the links in its e-mails, SMS and webhooks start with it.
          </p>
          {publicOrigin !== here ? (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
              data-testid="origin-mismatch"
            >
              This page is open at <code className="font-mono">{here}</code>, not at PUBLIC_URL: if people use
              this address, set PUBLIC_URL to it (docs/configuration.md). The checks below ask this page's
              address.
            </p>
          ) : null}
          <ul className="flex flex-col divide-y divide-slate-100">
            {links.map((l) => (
              <li key={l.id} className="flex flex-col gap-1 py-2" data-testid={`deployment-${l.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{l.label}</span>
                  <a className="break-all font-mono text-xs text-sky-700 underline" href={l.url}>
                    {l.url}
                  </a>
                </div>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                  <span>Server:</span>
                  <Badge tone={STATE_BADGE[l.state].tone} data-testid="link-state">
                    {STATE_BADGE[l.state].label}
                  </Badge>
                  <span>{l.note}.</span>
                  <span className="ml-auto">This browser:</span>
                  {checks.isError ? (
                    <span className="text-red-700">{errorMessageOf(checks.error)}</span>
                  ) : (
                    <CheckResult link={l} check={checks.data?.find((c) => c.path === l.path)} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
