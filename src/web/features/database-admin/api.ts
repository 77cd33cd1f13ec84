import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CleanupRequest,
  CleanupResponse,
  DatabaseIntegrityResponse,
  DatabaseStatsResponse,
  OptimizeResponse,
  RestoreResponse,
  SelfTestsResponse,
} from "../../../contracts/database-admin";
import { apiDownload, apiRequest, apiUpload, isStepUpRequired } from "../../lib/api";
import { saveFile } from "../../lib/save-file";

/** Polling of the admin screen (spec §7): stats every 30 s, integrity every 60 s. */
export const STATS_POLL_MS = 30_000;
export const INTEGRITY_POLL_MS = 60_000;

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ["database", "stats"],
    queryFn: ({ signal }) => apiRequest<DatabaseStatsResponse>("/api/database/stats", { signal }),
    refetchInterval: STATS_POLL_MS,
  });
export const useDatabaseStats = () => useQuery(statsQueryOptions());

export const useDatabaseIntegrity = () =>
  useQuery({
    queryKey: ["database", "integrity"],
    queryFn: ({ signal }) => apiRequest<DatabaseIntegrityResponse>("/api/database/integrity", { signal }),
    refetchInterval: INTEGRITY_POLL_MS,
  });

/** After a write every figure of the organisation may change: dashboards and the admin screen refetch. */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

export function useCleanup() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: CleanupRequest) =>
      apiRequest<CleanupResponse>("/api/database/cleanup", { method: "POST", body }),
    onSuccess: (data) => (data.dryRun ? undefined : invalidate()),
  });
}

export function useOptimize() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => apiRequest<OptimizeResponse>("/api/database/optimize", { method: "POST" }),
    onSuccess: invalidate,
  });
}

export function useRestore() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return apiUpload<RestoreResponse>("/api/database/restore", form);
    },
    onSuccess: invalidate,
  });
}

export const useSelfTests = () =>
  useMutation({
    mutationFn: () => apiRequest<SelfTestsResponse>("/api/database/self-tests", { method: "POST" }),
  });

export function useBackupDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload("/api/database/backup");
      saveFile(blob, fileName ?? "sextant-backup.gz");
    },
    // spec §8: a failed backup download is only logged; a request for the password is a prompt instead
    onError: (error) => {
      if (!isStepUpRequired(error)) console.error("Backup download failed", error);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["database"] }),
  });
}
