import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalysisSummaryResponse } from "../../../../contracts/analysis/analysis-summary";
import { apiPath, apiRequest } from "../../../lib/api";
import { apiQueryString, type DashboardFilters, filtersKey } from "../../../lib/dashboard-filters";

/** GET /api/ships/:id/analysis-summary?<filters>: the sidebar's figures per category. */
export const summaryQueryOptions = (shipId: number, filters: DashboardFilters) =>
  queryOptions({
    queryKey: ["analysis", "summary", shipId, ...filtersKey(filters)],
    queryFn: ({ signal }) =>
      apiRequest<AnalysisSummaryResponse>(
        `${apiPath("api", "ships", shipId, "analysis-summary")}${apiQueryString(filters)}`,
        { signal },
      ),
  });

export const useAnalysisSummary = (shipId: number, filters: DashboardFilters) =>
  useQuery({
    ...summaryQueryOptions(shipId, filters),
    placeholderData: (previous) => (previous?.shipId === shipId ? previous : undefined),
  });
