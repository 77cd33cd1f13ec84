import { useQuery } from "@tanstack/react-query";
import type { InstanceHealth, TechnicalSpecs } from "../../../../contracts/instance";
import { apiRequest } from "../../../lib/api";

/** The technical specs (GET /api/instance/specs). */
export const useTechnicalSpecs = () =>
  useQuery({
    queryKey: ["admin", "specs"],
    queryFn: ({ signal }) => apiRequest<TechnicalSpecs>("/api/instance/specs", { signal }),
  });

/** Instance health for the server's operators (GET /api/instance/health; 403 for everybody else). */
export const useInstanceHealth = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: ["admin", "instance-health"],
    queryFn: ({ signal }) => apiRequest<InstanceHealth>("/api/instance/health", { signal }),
    refetchInterval: 60_000,
  });
