import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import { apiPath, apiRequest } from "./api";
import { apiQueryString, type DashboardFilters, filtersKey } from "./dashboard-filters";

/** GET /api/dashboard/:shipId?voyage=&range=&engine=[&from=&to=]: ship, voyages, latest records, KPI cards. */
export const getDashboard = (shipId: number, filters: DashboardFilters, signal?: AbortSignal) =>
  apiRequest<DashboardWithKpisResponse>(`${apiPath("api", "dashboard", shipId)}${apiQueryString(filters)}`, {
    signal,
  });

export const dashboardQueryOptions = (shipId: number, filters: DashboardFilters) =>
  queryOptions({
    queryKey: ["dashboard", shipId, ...filtersKey(filters)],
    queryFn: ({ signal }) => getDashboard(shipId, filters, signal),
  });

/**
 * The ship, its voyages, the latest records and the KPI cards for the filters; idle until a ship is chosen.
 * While new filters load, the previous answer of the same ship stays on screen (marked as refreshing).
 */
export const useDashboard = (shipId: number | null, filters: DashboardFilters) =>
  useQuery({
    ...dashboardQueryOptions(shipId ?? 0, filters),
    enabled: shipId !== null,
    placeholderData: (previous) => (previous?.ship.id === shipId ? previous : undefined),
  });
