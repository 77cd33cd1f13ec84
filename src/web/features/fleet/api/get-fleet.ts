import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FleetResponse } from "../../../../contracts/fleet";
import { apiRequest } from "../../../lib/api";

export const fleetQueryKey = ["fleet"] as const;

export const getFleet = (signal?: AbortSignal) => apiRequest<FleetResponse>("/api/fleet", { signal });

/** Asked again every minute, and after 10 s while a line is being recomputed after new data. */
export const fleetQueryOptions = () =>
  queryOptions({
    queryKey: fleetQueryKey,
    queryFn: ({ signal }) => getFleet(signal),
    refetchInterval: (q) => (q.state.data?.ships.some((s) => s.stale) ? 10_000 : 60_000),
  });

/** Every ship of the organisation with its figures and the sister-ship groups. */
export const useFleet = () => useQuery(fleetQueryOptions());
