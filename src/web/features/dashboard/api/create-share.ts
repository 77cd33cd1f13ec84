import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateShareResponse, ShareFilters } from "../../../../contracts/shares";
import { apiRequest } from "../../../lib/api";
import { type DashboardFilters, filtersToApiQuery } from "../../../lib/dashboard-filters";

/** The dashboard's filters as a share link keeps them (the same query the page sends). */
export function shareFiltersOf(filters: DashboardFilters): ShareFilters {
  const q = filtersToApiQuery(filters);
  return {
    range: filters.range,
    voyage: filters.voyage,
    engine: filters.engine,
    ...(q.from && q.to ? { from: q.from, to: q.to } : {}),
  };
}

/** POST /api/shares: a link to the ship's read-only dashboard with these filters (answered once). */
export const createShare = (shipId: number, filters: DashboardFilters, expiresInDays?: number) =>
  apiRequest<CreateShareResponse>("/api/shares", {
    method: "POST",
    body: { shipId, filters: shareFiltersOf(filters), ...(expiresInDays ? { expiresInDays } : {}) },
  });

export const useCreateShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { shipId: number; filters: DashboardFilters; expiresInDays?: number }) =>
      createShare(v.shipId, v.filters, v.expiresInDays),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["shares"] }),
  });
};
