import { QueryClient } from "@tanstack/react-query";

/**
 * Query behaviour of spec §7: no retries, no refetch on focus or reconnect, data never goes stale;
 * mutations are not retried. A query that must poll (server health) says so itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
