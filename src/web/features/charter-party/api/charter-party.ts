import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CharterPartyPerformanceAnswer,
  CharterPartyTermsAnswer,
  CharterPartyTermsBody,
} from "../../../../contracts/charter-party";
import { apiDownload, apiPath, apiRequest } from "../../../lib/api";

const cpKey = (voyageId: number) => ["charter-party", voyageId] as const;

export const voyageTermsQueryOptions = (voyageId: number) =>
  queryOptions({
    queryKey: [...cpKey(voyageId), "terms"],
    queryFn: ({ signal }) =>
      apiRequest<{ terms: CharterPartyTermsAnswer | null }>(
        apiPath("api", "voyages", voyageId, "charter-party"),
        { signal },
      ),
  });

/** GET /api/voyages/:id/charter-party: the terms that apply (the voyage's own or the ship's default), or null. */
export const useVoyageTerms = (voyageId: number) => useQuery(voyageTermsQueryOptions(voyageId));

export const cpPerformanceQueryOptions = (voyageId: number) =>
  queryOptions({
    queryKey: [...cpKey(voyageId), "performance"],
    queryFn: ({ signal }) =>
      apiRequest<CharterPartyPerformanceAnswer>(
        apiPath("api", "voyages", voyageId, "charter-party", "performance"),
        { signal },
      ),
    // a 409 (no terms) or 404 is an answer, not a hiccup to retry
    retry: false,
  });

/** GET /api/voyages/:id/charter-party/performance, asked only once the voyage has terms. */
export const useCpPerformance = (voyageId: number, enabled: boolean) =>
  useQuery({ ...cpPerformanceQueryOptions(voyageId), enabled });

/** PUT /api/voyages/:id/charter-party (writers); the voyage's figures and the fleet page's column follow. */
export function useSaveVoyageTerms(voyageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CharterPartyTermsBody) =>
      apiRequest<CharterPartyTermsAnswer>(apiPath("api", "voyages", voyageId, "charter-party"), {
        method: "PUT",
        body,
      }),
    onSuccess: (terms) => {
      client.setQueryData(voyageTermsQueryOptions(voyageId).queryKey, { terms });
      void client.invalidateQueries({ queryKey: cpPerformanceQueryOptions(voyageId).queryKey });
      void client.invalidateQueries({ queryKey: ["fleet"] });
    },
  });
}

/** DELETE /api/voyages/:id/charter-party (writers): the voyage's own terms go; the ship's default applies again. */
export function useRemoveVoyageTerms(voyageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<void>(apiPath("api", "voyages", voyageId, "charter-party"), { method: "DELETE" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cpKey(voyageId) });
      void client.invalidateQueries({ queryKey: ["fleet"] });
    },
  });
}

export type CpStatementFormat = "pdf" | "xlsx";

/** GET /api/voyages/:id/charter-party/statement?format=: the statement's bytes and the name the server gave it. */
export async function downloadCpStatement(voyageId: number, format: CpStatementFormat) {
  const { blob, fileName } = await apiDownload(
    `${apiPath("api", "voyages", voyageId, "charter-party", "statement")}?format=${format}`,
  );
  return { blob, fileName: fileName ?? `cp-statement-${voyageId}.${format}` };
}

export const useDownloadCpStatement = (voyageId: number) =>
  useMutation({ mutationFn: (format: CpStatementFormat) => downloadCpStatement(voyageId, format) });
