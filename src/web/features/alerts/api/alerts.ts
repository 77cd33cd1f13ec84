import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertCounts, AlertItem, AlertListQuery, AlertListResponse } from "../../../../contracts/alerts";
import { apiPath, apiRequest } from "../../../lib/api";

/** The bell's counts are polled: alerts open on the server while nobody clicks (30 s, Sextant choice). */
export const ALERT_COUNTS_POLL_MS = 30_000;

export const alertListQueryOptions = (q: AlertListQuery) =>
  queryOptions({
    queryKey: ["alerts", "list", q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(
        Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      );
      return apiRequest<AlertListResponse>(`${apiPath("api", "alerts")}?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** GET /api/alerts?status=&shipId=&type=&page=: the inbox, newest first. */
export const useAlerts = (q: AlertListQuery) => useQuery(alertListQueryOptions(q));

/** GET /api/alerts/counts: unresolved alerts by status (the header bell). */
export const useAlertCounts = (enabled: boolean) =>
  useQuery({
    queryKey: ["alerts", "counts"],
    queryFn: ({ signal }) => apiRequest<AlertCounts>(apiPath("api", "alerts", "counts"), { signal }),
    refetchInterval: ALERT_COUNTS_POLL_MS,
    enabled,
  });

/** POST /api/alerts/:id/acknowledge or /resolve; refreshes the lists, counts and System Status. */
export function useAlertAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: "acknowledge" | "resolve"; note?: string }) =>
      apiRequest<AlertItem>(apiPath("api", "alerts", id, action), {
        method: "POST",
        ...(action === "resolve" ? { body: note ? { note } : {} } : {}),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["alerts"] });
      void client.invalidateQueries({ queryKey: ["analysis", "system-status"] });
    },
  });
}
