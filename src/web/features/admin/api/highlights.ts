import { useQuery } from "@tanstack/react-query";
import type { FleetHighlights } from "../../../../contracts/fleet";
import { apiRequest } from "../../../lib/api";

/** GET /api/fleet/highlights: the organisation's figures the marketing snippets quote, each dated. */
export const useFleetHighlights = () =>
  useQuery({
    queryKey: ["admin", "fleet-highlights"],
    queryFn: ({ signal }) => apiRequest<FleetHighlights>("/api/fleet/highlights", { signal }),
  });
