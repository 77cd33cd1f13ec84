import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Ship } from "../../../../contracts/ships";
import { apiRequestAllPages } from "../../../lib/api";

export const getShips = (signal?: AbortSignal) => apiRequestAllPages<Ship[]>("/api/ships", { signal });

export const shipsQueryOptions = () =>
  queryOptions({ queryKey: ["ships"], queryFn: ({ signal }) => getShips(signal) });

/** The organisation's fleet. */
export const useShips = () => useQuery(shipsQueryOptions());
