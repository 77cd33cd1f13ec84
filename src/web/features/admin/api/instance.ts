import { useQuery } from "@tanstack/react-query";
import type { DeploymentLinks, InstanceHealth, TechnicalSpecs } from "../../../../contracts/instance";
import { apiRequest } from "../../../lib/api";

/** The technical specs (GET /api/instance/specs). */
export const useTechnicalSpecs = () =>
  useQuery({
    queryKey: ["admin", "specs"],
    queryFn: ({ signal }) => apiRequest<TechnicalSpecs>("/api/instance/specs", { signal }),
  });

/** Instance health for the server's operators (GET /api/instance/health; 403 for everybody else). */
export const useInstanceHealth = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: ["admin", "instance-health"],
    queryFn: ({ signal }) => apiRequest<InstanceHealth>("/api/instance/health", { signal }),
    refetchInterval: 60_000,
  });

/** This instance's addresses under PUBLIC_URL with what the server says of each (GET /api/instance/deployment). */
export const useDeploymentLinks = () =>
  useQuery({
    queryKey: ["admin", "deployment"],
    queryFn: ({ signal }) => apiRequest<DeploymentLinks>("/api/instance/deployment", { signal }),
  });

/** What this browser got asking one address: its HTTP status and time, or that nothing answered. */
export type LinkCheck = { path: string; status: number | null; ms: number };

/**
 * Asks each path from this browser, at this page's origin (the Content Security Policy lets a page fetch only its
 * own origin), without credentials as a load balancer or a monitor would: what answers here, through whatever
 * proxy stands between, is what the panel reports.
 */
async function checkPath(path: string, signal: AbortSignal): Promise<LinkCheck> {
  const started = performance.now();
  try {
    const res = await fetch(path, { credentials: "omit", cache: "no-store", signal });
    return { path, status: res.status, ms: performance.now() - started };
  } catch {
    if (signal.aborted) throw signal.reason;
    return { path, status: null, ms: performance.now() - started };
  }
}

export const useLinkChecks = (paths: readonly string[]) =>
  useQuery({
    enabled: paths.length > 0,
    queryKey: ["admin", "deployment-checks", paths],
    queryFn: ({ signal }) => Promise.all(paths.map((p) => checkPath(p, signal))),
  });
