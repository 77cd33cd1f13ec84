import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReportChecksResponse } from "../../../../contracts/report-checks";
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
