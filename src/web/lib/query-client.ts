import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

type Options = {
  /** Called when any call answers 401: the session ended (expired, or signed out in another tab). */
  onUnauthorized?: (client: QueryClient) => void;
};

/**
 * Query behaviour of spec §7: no retries, no refetch on focus or reconnect, data never goes stale;
 * mutations are not retried. A query that must poll (server health) says so itself.
 */
export function createQueryClient({ onUnauthorized }: Options = {}): QueryClient {
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}
