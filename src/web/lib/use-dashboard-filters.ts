import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type DashboardFilters,
  parseFilters,
  parseSection,
  writeFilters,
  writeSection,
} from "./dashboard-filters";

/**
 * The dashboard's filters and Analysis Center section, kept in the URL's query string (PRODUCT.md D6).
 * Changing them pushes a history entry, so Back returns to the previous view.
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const section = useMemo(() => parseSection(params), [params]);
  const setFilters = useCallback(
    (next: DashboardFilters) => setParams((current) => writeFilters(current, next)),
    [setParams],
  );
  const setSection = useCallback(
    (next: string | null) => setParams((current) => writeSection(current, next)),
    [setParams],
  );
  return { filters, section, setFilters, setSection, search: params.toString() };
}
