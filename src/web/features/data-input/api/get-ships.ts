import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Ship } from "../../../../contracts/ships";
import { apiRequestAllPages } from "../../../lib/api";

/** The fleet, under the same key as the dashboard's ship list, so both share one cache entry. */
export const shipsQueryKey = ["ships"] as const;

export const shipsQueryOptions = () =>
  queryOptions({
    queryKey: shipsQueryKey,
    queryFn: ({ signal }) => apiRequestAllPages<Ship[]>("/api/ships", { signal }),
  });

/** The organisation's ships, for the forms' ship select. */
export const useShips = () => useQuery(shipsQueryOptions());
