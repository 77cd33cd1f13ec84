import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReadySectionId, SectionId } from "../../../../contracts/analysis/section-ids";
import type {
  AnalysisSectionResponse,
  NotYetSection,
  SectionResponse,
} from "../../../../contracts/analysis/sections";
import { apiPath, apiRequest } from "../../../lib/api";
import { apiQueryString, type DashboardFilters, filtersKey } from "../../../lib/dashboard-filters";

/** GET /api/ships/:id/analysis/:section?<filters>: one Analysis Center section, ready to plot. */
export const getSection = <S extends ReadySectionId>(
  shipId: number,
  section: S,
  filters: DashboardFilters,
  signal?: AbortSignal,
) =>
  apiRequest<SectionResponse<S> | NotYetSection>(
    `${apiPath("api", "ships", shipId, "analysis", section)}${apiQueryString(filters)}`,
    { signal },
  );

export const sectionQueryOptions = <S extends ReadySectionId>(
  shipId: number,
  section: S,
  filters: DashboardFilters,
) =>
  queryOptions({
    queryKey: ["analysis", "section", shipId, section, ...filtersKey(filters)],
    queryFn: ({ signal }) => getSection(shipId, section, filters, signal),
  });

/** One section for the ship and filters; the previous answer of the same section stays while new filters load. */
export const useSection = <S extends ReadySectionId>(shipId: number, section: S, filters: DashboardFilters) =>
  useQuery({
    ...sectionQueryOptions(shipId, section, filters),
    placeholderData: (previous) =>
      previous && previous.section === section && "shipId" in previous && previous.shipId === shipId
        ? previous
        : undefined,
  });

/**
 * Any section by id, whatever this build knows of its answer: the overview grid asks for sections by id
 * (hull-hull-resistance) and shows their 'not yet' state until they answer.
 */
export const useSectionById = (shipId: number, section: SectionId, filters: DashboardFilters) =>
  useQuery({
    queryKey: ["analysis", "section", shipId, section, ...filtersKey(filters)],
    queryFn: ({ signal }) =>
      apiRequest<AnalysisSectionResponse>(
        `${apiPath("api", "ships", shipId, "analysis", section)}${apiQueryString(filters)}`,
        { signal },
      ),
  });
