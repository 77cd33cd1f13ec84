import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export type Health = { status: "ok"; time: string };

/** How often the header and footer ask whether the server answers. */
export const HEALTH_POLL_MS = 30_000;

export const getHealth = (signal?: AbortSignal) => apiRequest<Health>("/api/health", { signal });

/** The one polling query of the shell: the rest of the app never refetches on an interval (spec §7). */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ["health"],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
  });

/** True while the last health check succeeded, false after a failure, undefined before the first answer. */
export function useServerUp(): boolean | undefined {
  const { isSuccess, isError } = useQuery(healthQueryOptions());
  if (isError) return false;
  if (isSuccess) return true;
  return undefined;
}
