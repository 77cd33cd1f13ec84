import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NoonChecksResponse, ReportChecksResponse } from "../../../../contracts/report-checks";
import { apiPath, apiRequest } from "../../../lib/api";

/** GET /api/ships/:id/report-checks?from=&to=: the checks the ship's records fail in the range. */
export const reportChecksQueryOptions = (shipId: number, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ["analysis", "report-checks", shipId, range.from, range.to],
    queryFn: ({ signal }) =>
      apiRequest<ReportChecksResponse>(
        `${apiPath("api", "ships", shipId, "report-checks")}?${new URLSearchParams(range).toString()}`,
        { signal },
      ),
  });

export const useReportChecks = (shipId: number, range: { from: string; to: string }) =>
  useQuery(reportChecksQueryOptions(shipId, range));

/** GET /api/ships/:id/noon-checks?from=&to=: the report checks of the noon uploads of the ship's reports. */
export const useNoonChecks = (shipId: number, range: { from: string; to: string }) =>
  useQuery({
    queryKey: ["analysis", "noon-checks", shipId, range.from, range.to],
    queryFn: ({ signal }) =>
      apiRequest<NoonChecksResponse>(
        `${apiPath("api", "ships", shipId, "noon-checks")}?${new URLSearchParams(range).toString()}`,
        { signal },
      ),
  });
