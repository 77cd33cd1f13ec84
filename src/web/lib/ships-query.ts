import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Ship } from "../../contracts/ships";
import { apiRequestAllPages } from "./api";

/**
 * The organisation's fleet, one query for every screen (the dashboard, the alerts' filter, the forms' and
 * the admin cards' ship selects), so all of them share one cache entry under one key.
 */
export const shipsQueryKey = ["ships"] as const;

/** Every page of `/api/ships`. */
export const getShips = (signal?: AbortSignal) => apiRequestAllPages<Ship[]>("/api/ships", { signal });

export const shipsQueryOptions = () =>
  queryOptions({ queryKey: shipsQueryKey, queryFn: ({ signal }) => getShips(signal) });

/** The organisation's ships. */
export const useShips = () => useQuery(shipsQueryOptions());
