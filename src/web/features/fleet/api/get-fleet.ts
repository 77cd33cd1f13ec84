import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FleetResponse } from "../../../../contracts/fleet";
import { apiRequestAllPages } from "../../../lib/api";

export const fleetQueryKey = ["fleet"] as const;

/** The whole fleet: the pages of GET /api/fleet, ships joined (the sister groups are the whole fleet's). */
export const getFleet = (signal?: AbortSignal) =>
  apiRequestAllPages<FleetResponse>("/api/fleet", {
    signal,
    merge: (all, page) => ({ ...all, ships: [...all.ships, ...page.ships] }),
  });

/** Asked again every minute, and after 10 s while a line is being recomputed after new data. */
export const fleetQueryOptions = () =>
  queryOptions({
    queryKey: fleetQueryKey,
    queryFn: ({ signal }) => getFleet(signal),
    refetchInterval: (q) => (q.state.data?.ships.some((s) => s.stale) ? 10_000 : 60_000),
  });

/** Every ship of the organisation with its figures and the sister-ship groups. */
export const useFleet = () => useQuery(fleetQueryOptions());
