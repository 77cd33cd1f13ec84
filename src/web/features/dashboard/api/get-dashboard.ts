import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardResponse } from "../../../../contracts/dashboard";
import { apiPath, apiRequest } from "../../../lib/api";

export const getDashboard = (shipId: number, signal?: AbortSignal) =>
  apiRequest<DashboardResponse>(apiPath("api", "dashboard", shipId), { signal });

export const dashboardQueryOptions = (shipId: number) =>
  queryOptions({ queryKey: ["dashboard", shipId], queryFn: ({ signal }) => getDashboard(shipId, signal) });

/** The ship, its voyages and the latest stored record of each kind; idle until a ship is chosen. */
export const useDashboard = (shipId: number | null) =>
  useQuery({ ...dashboardQueryOptions(shipId ?? 0), enabled: shipId !== null });
