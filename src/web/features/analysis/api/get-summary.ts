import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalysisSummaryResponse } from "../../../../contracts/analysis/analysis-summary";
import { apiPath, apiRequest } from "../../../lib/api";
import { apiQueryString, type DashboardFilters, filtersKey } from "../../../lib/dashboard-filters";
import { useAnalysisShareToken } from "./analysis-source";

/**
 * GET /api/ships/:id/analysis-summary?<filters>: the sidebar's figures per category; with a share token,
 * GET /api/shared/:token/analysis-summary.
 */
export const summaryQueryOptions = (
  shipId: number,
  filters: DashboardFilters,
  shareToken: string | null = null,
) =>
  queryOptions({
    queryKey: ["analysis", "summary", shipId, ...filtersKey(filters), shareToken],
    queryFn: ({ signal }) =>
      apiRequest<AnalysisSummaryResponse>(
        shareToken
          ? apiPath("api", "shared", shareToken, "analysis-summary")
          : `${apiPath("api", "ships", shipId, "analysis-summary")}${apiQueryString(filters)}`,
        { signal },
      ),
  });

export const useAnalysisSummary = (shipId: number, filters: DashboardFilters) =>
  useQuery({
    ...summaryQueryOptions(shipId, filters, useAnalysisShareToken()),
    placeholderData: (previous) => (previous?.shipId === shipId ? previous : undefined),
  });
