import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReadySectionId } from "../../../../contracts/analysis/section-ids";
import type { NotYetSection, SectionResponse } from "../../../../contracts/analysis/sections";
import { apiPath, apiRequest } from "../../../lib/api";
import { apiQueryString, type DashboardFilters, filtersKey } from "../../../lib/dashboard-filters";
import { useAnalysisShareToken } from "./analysis-source";

/**
 * GET /api/ships/:id/analysis/:section?<filters>: one Analysis Center section, ready to plot; with a share
 * token, GET /api/shared/:token/analysis/:section (the link's ship and filters).
 */
export const getSection = <S extends ReadySectionId>(
  shipId: number,
  section: S,
  filters: DashboardFilters,
  signal?: AbortSignal,
  shareToken: string | null = null,
) =>
  apiRequest<SectionResponse<S> | NotYetSection>(
    shareToken
      ? apiPath("api", "shared", shareToken, "analysis", section)
      : `${apiPath("api", "ships", shipId, "analysis", section)}${apiQueryString(filters)}`,
    { signal },
  );

export const sectionQueryOptions = <S extends ReadySectionId>(
  shipId: number,
  section: S,
  filters: DashboardFilters,
  shareToken: string | null = null,
) =>
  queryOptions({
    queryKey: ["analysis", "section", shipId, section, ...filtersKey(filters), shareToken],
    queryFn: ({ signal }) => getSection(shipId, section, filters, signal, shareToken),
  });

/** One section for the ship and filters; the previous answer of the same section stays while new filters load. */
export const useSection = <S extends ReadySectionId>(shipId: number, section: S, filters: DashboardFilters) =>
  useQuery({
    ...sectionQueryOptions(shipId, section, filters, useAnalysisShareToken()),
    placeholderData: (previous) =>
      previous && previous.section === section && "shipId" in previous && previous.shipId === shipId
        ? previous
        : undefined,
  });
