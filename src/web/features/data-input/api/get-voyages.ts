import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Voyage } from "../../../../contracts/voyages";
import { apiRequestAllPages } from "../../../lib/api";

export const voyagesQueryOptions = (shipId: number) =>
  queryOptions({
    queryKey: ["voyages", shipId],
    queryFn: ({ signal }) =>
      apiRequestAllPages<Voyage[]>(`/api/voyages?shipId=${encodeURIComponent(shipId)}`, { signal }),
  });

/** The voyages of a ship (GET /api/voyages?shipId=), for the records' voyage select; idle without a ship. */
export const useVoyages = (shipId: number | null) =>
  useQuery({ ...voyagesQueryOptions(shipId ?? 0), enabled: shipId !== null });
