import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SystemStatusResponse } from "../../../../contracts/analysis/system-status";
import { apiRequest } from "../../../lib/api";

/** How often the System Status is asked again, ms (the time since the last record ticks with the clock). */
export const SYSTEM_STATUS_POLL_MS = 60_000;

/** GET /api/system-status?shipId=: data quality, last record, active alerts. */
export const systemStatusQueryOptions = (shipId: number | null) =>
  queryOptions({
    queryKey: ["analysis", "system-status", shipId],
    queryFn: ({ signal }) =>
      apiRequest<SystemStatusResponse>(`/api/system-status${shipId === null ? "" : `?shipId=${shipId}`}`, {
        signal,
      }),
    refetchInterval: SYSTEM_STATUS_POLL_MS,
  });

export const useSystemStatus = (shipId: number | null) => useQuery(systemStatusQueryOptions(shipId));
