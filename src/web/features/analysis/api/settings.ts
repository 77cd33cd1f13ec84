import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EeoiTargetBody,
  EeoiTargetResponse,
  ExcludeFlaggedReportsBody,
  ExcludeFlaggedReportsResponse,
  FuelPricesBody,
  FuelPricesResponse,
  HullCleaningCostBody,
  HullCleaningCostResponse,
} from "../../../../contracts/analysis/settings";
import { apiRequest } from "../../../lib/api";

export const fuelPricesQueryOptions = () =>
  queryOptions({
    queryKey: ["analysis", "settings", "fuel-prices"],
    queryFn: ({ signal }) => apiRequest<FuelPricesResponse>("/api/settings/fuel-prices", { signal }),
  });

/** GET /api/settings/fuel-prices: the organisation's dated prices per fuel type. */
export const useFuelPrices = () => useQuery(fuelPricesQueryOptions());

/** PUT /api/settings/fuel-prices (replaces the table); refreshes the analyses that use prices. */
export function useSaveFuelPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FuelPricesBody) =>
      apiRequest<FuelPricesResponse>("/api/settings/fuel-prices", { method: "PUT", body }),
    onSuccess: (data) => {
      client.setQueryData(fuelPricesQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: ["analysis", "section"] });
      void client.invalidateQueries({ queryKey: ["analysis", "summary"] });
    },
  });
}

export const eeoiTargetQueryOptions = () =>
  queryOptions({
    queryKey: ["analysis", "settings", "eeoi-target"],
    queryFn: ({ signal }) => apiRequest<EeoiTargetResponse>("/api/settings/eeoi-target", { signal }),
  });

export const useEeoiTarget = () => useQuery(eeoiTargetQueryOptions());

/** PUT /api/settings/eeoi-target; refreshes the EEOI section. */
export function useSaveEeoiTarget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EeoiTargetBody) =>
      apiRequest<EeoiTargetResponse>("/api/settings/eeoi-target", { method: "PUT", body }),
    onSuccess: (data) => {
      client.setQueryData(eeoiTargetQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: ["analysis", "section"] });
    },
  });
}

export const hullCleaningCostQueryOptions = () =>
  queryOptions({
    queryKey: ["analysis", "settings", "hull-cleaning-cost"],
    queryFn: ({ signal }) =>
      apiRequest<HullCleaningCostResponse>("/api/settings/hull-cleaning-cost", { signal }),
  });

/** GET /api/settings/hull-cleaning-cost: what one hull cleaning costs the organisation (or the default). */
export const useHullCleaningCost = () => useQuery(hullCleaningCostQueryOptions());

/** PUT /api/settings/hull-cleaning-cost (null: back to the default); refreshes the cleaning recommendation. */
export function useSaveHullCleaningCost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HullCleaningCostBody) =>
      apiRequest<HullCleaningCostResponse>("/api/settings/hull-cleaning-cost", { method: "PUT", body }),
    onSuccess: (data) => {
      client.setQueryData(hullCleaningCostQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: ["analysis", "section"] });
    },
  });
}

/**
 * PUT /api/settings/exclude-flagged-reports: leave the noon reports failing an error check out of the figures
 * (or count them again). Every figure may change, so every query is refreshed.
 */
export function useSaveExcludeFlaggedReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExcludeFlaggedReportsBody) =>
      apiRequest<ExcludeFlaggedReportsResponse>("/api/settings/exclude-flagged-reports", {
        method: "PUT",
        body,
      }),
    onSuccess: () => void client.invalidateQueries(),
  });
}
