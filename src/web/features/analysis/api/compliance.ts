import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnnualFigures } from "../../../../contracts/analysis/annual-figures";
import type {
  CiiWhatIfBody,
  CiiWhatIfResponse,
} from "../../../../contracts/analysis/environment-compliance-section";
import type { EuVoyageScope } from "../../../../domain/regulation/eu-voyage-scope";
import { apiPath, apiRequest } from "../../../lib/api";

type EuaPrice = { euaPrice: number | null; currency: string };

export const euaPriceQueryOptions = () =>
  queryOptions({
    queryKey: ["analysis", "settings", "eua-price"],
    queryFn: ({ signal }) => apiRequest<EuaPrice>("/api/settings/eua-price", { signal }),
  });

/** GET /api/settings/eua-price: the organisation's EU allowance price. */
export const useEuaPrice = () => useQuery(euaPriceQueryOptions());

/** PUT /api/settings/eua-price; refreshes the sections (the ETS cost). */
export function useSaveEuaPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { euaPrice: number | null }) =>
      apiRequest<EuaPrice>("/api/settings/eua-price", { method: "PUT", body }),
    onSuccess: (data) => {
      client.setQueryData(euaPriceQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: ["analysis", "section"] });
    },
  });
}

/** PUT /api/ships/:id/voyages/:voyageId/eu-scope (null clears the override); refreshes the sections. */
export function useSetVoyageScope(shipId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voyageId, scope }: { voyageId: number; scope: EuVoyageScope | null }) =>
      apiRequest(apiPath("api", "ships", shipId, "voyages", voyageId, "eu-scope"), {
        method: "PUT",
        body: { scope },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["analysis", "section"] }),
  });
}

/** POST /api/ships/:id/cii-what-if: the year-end projection under the what-if, beside the baseline. */
export function useCiiWhatIf(shipId: number) {
  return useMutation({
    mutationFn: (body: CiiWhatIfBody) =>
      apiRequest<CiiWhatIfResponse>(apiPath("api", "ships", shipId, "cii-what-if"), { method: "POST", body }),
  });
}

export const annualFiguresQueryOptions = (shipId: number, year: number) =>
  queryOptions({
    queryKey: ["analysis", "annual", shipId, year],
    queryFn: ({ signal }) =>
      apiRequest<AnnualFigures>(apiPath("api", "ships", shipId, "annual", year), { signal }),
  });

/** GET /api/ships/:id/annual/:year: the year's IMO DCS / EU MRV figures (fuel per grade and per class). */
export const useAnnualFigures = (shipId: number, year: number) =>
  useQuery(annualFiguresQueryOptions(shipId, year));
