import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ShipBaselineBody, ShipBaselineResponse } from "../../../../contracts/analysis/baselines";
import { apiPath, apiRequest } from "../../../lib/api";

export const shipBaselineQueryOptions = (shipId: number) =>
  queryOptions({
    queryKey: ["analysis", "baseline", shipId],
    queryFn: ({ signal }) =>
      apiRequest<ShipBaselineResponse>(apiPath("api", "ships", shipId, "baseline"), { signal }),
  });

/** GET /api/ships/:id/baseline: shop-test SFOC curve, speed–power curve, reference displacement, status. */
export const useShipBaseline = (shipId: number) => useQuery(shipBaselineQueryOptions(shipId));

/** PATCH /api/ships/:id/baseline; refreshes everything computed from the baselines. */
export function useUpdateShipBaseline(shipId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipBaselineBody) =>
      apiRequest<ShipBaselineResponse>(apiPath("api", "ships", shipId, "baseline"), {
        method: "PATCH",
        body,
      }),
    onSuccess: (data) => {
      client.setQueryData(shipBaselineQueryOptions(shipId).queryKey, data);
      void client.invalidateQueries({ queryKey: ["dashboard"] });
      void client.invalidateQueries({ queryKey: ["analysis"] });
    },
  });
}
