import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from "../../../../contracts/api-keys";
import { apiRequest, apiRequestAllPages } from "../../../lib/api";

export const apiKeysQueryKey = ["org", "api-keys"] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => apiRequestAllPages<ApiKey[]>("/api/api-keys", { signal }),
  });

/** The organisation's API keys (no secrets: prefix, scopes, ships, last use). */
export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** Creates a key; the answer holds the key itself, the only time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiRequest<CreatedApiKey>("/api/api-keys", { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** Revokes a key (it stops working at once); refreshes the list. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/api-keys/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
