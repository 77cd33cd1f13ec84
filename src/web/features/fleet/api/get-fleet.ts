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

/**
 * Asked again every minute; after 10 s while a line is being recomputed after new data, after 5 s while lines
 * are computed for the first time (their figures are not shown until then).
 */
export const fleetQueryOptions = () =>
  queryOptions({
    queryKey: fleetQueryKey,
    queryFn: ({ signal }) => getFleet(signal),
    refetchInterval: (q) => {
      const ships = q.state.data?.ships ?? [];
      if (ships.some((s) => s.pending)) return 5_000;
      return ships.some((s) => s.stale) ? 10_000 : 60_000;
    },
  });

/** Every ship of the organisation with its figures and the sister-ship groups. */
export const useFleet = () => useQuery(fleetQueryOptions());
