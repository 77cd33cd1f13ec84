import { useQuery } from "@tanstack/react-query";
import type { DashboardWithKpisResponse } from "../../../../contracts/analysis/kpis";
import { apiPath, apiRequest } from "../../../lib/api";

/** GET /api/shared/:token/dashboard: a share link's read-only dashboard (no session needed). */
export const useSharedDashboard = (token: string) =>
  useQuery({
    queryKey: ["shared-dashboard", token],
    queryFn: ({ signal }) =>
      apiRequest<DashboardWithKpisResponse>(apiPath("api", "shared", token, "dashboard"), { signal }),
  });
