import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateShareBody, CreateShareResponse, ShareLink } from "../../../../contracts/shares";
import { apiRequest, apiRequestAllPages } from "../../../lib/api";

export const sharesQueryKey = ["shares"] as const;
const originsQueryKey = ["embed-origins"] as const;

/** GET /api/shares: the organisation's share links, newest first. */
export const sharesQueryOptions = () =>
  queryOptions({
    queryKey: sharesQueryKey,
    queryFn: ({ signal }) =>
      apiRequestAllPages<{ shares: ShareLink[] }>("/api/shares", {
        signal,
        merge: (all, page) => ({ shares: [...all.shares, ...page.shares] }),
      }).then((r) => r.shares),
  });
export const useShares = () => useQuery(sharesQueryOptions());

/** DELETE /api/shares/:id: the link stops working at once. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/shares/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}

/** GET /api/settings/embed-origins: where the embeddable view may be framed. */
export const useEmbedOrigins = () =>
  useQuery({
    queryKey: originsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ origins: string[] }>("/api/settings/embed-origins", { signal }).then((r) => r.origins),
  });

/** PUT /api/settings/embed-origins (owners and admins). */
export function useSaveEmbedOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) =>
      apiRequest<{ origins: string[] }>("/api/settings/embed-origins", { method: "PUT", body: { origins } }),
    onSuccess: (saved) => queryClient.setQueryData(originsQueryKey, saved.origins),
  });
}

/**
 * POST /api/shares with a chosen link's ship, view and remaining days: the server keeps only a fingerprint of
 * each link's token, so an existing link's address cannot be shown again; its embed code is a new link's.
 */
export function useCreateEmbedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) =>
      apiRequest<CreateShareResponse>("/api/shares", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}
