import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertConfigBody, AlertConfigResponse } from "../../../../contracts/alerts";
import { apiPath, apiRequest } from "../../../lib/api";

const path = (shipId: number | null) =>
  `${apiPath("api", "alerts", "config")}${shipId === null ? "" : `?shipId=${shipId}`}`;

export const alertConfigQueryOptions = (shipId: number | null) =>
  queryOptions({
    queryKey: ["alerts", "config", shipId],
    queryFn: ({ signal }) => apiRequest<AlertConfigResponse>(path(shipId), { signal }),
  });

/** GET /api/alerts/config[?shipId=]: the effective configuration by type. */
export const useAlertConfig = (shipId: number | null) => useQuery(alertConfigQueryOptions(shipId));

/** PUT /api/alerts/config[?shipId=]; the server evaluates the ships again, so the alerts are refreshed too. */
export function useSaveAlertConfig(shipId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertConfigBody) =>
      apiRequest<AlertConfigResponse>(path(shipId), { method: "PUT", body }),
    onSuccess: (data) => {
      client.setQueryData(alertConfigQueryOptions(shipId).queryKey, data);
      void client.invalidateQueries({ queryKey: ["alerts"] });
      void client.invalidateQueries({ queryKey: ["analysis", "system-status"] });
    },
  });
}
