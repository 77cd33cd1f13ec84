import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReportSchedule, ReportScheduleBody } from "../../../../contracts/report-schedule";
import { apiRequest } from "../../../lib/api";

const scheduleKey = ["reports", "schedule"] as const;

/** The monthly report schedule with its latest deliveries. */
export const useReportSchedule = () =>
  useQuery(
    queryOptions({
      queryKey: scheduleKey,
      queryFn: ({ signal }) => apiRequest<ReportSchedule>("/api/reports/schedule", { signal }),
    }),
  );

/** Saves the schedule (owners and admins; the server checks). */
export function useSaveReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleBody) =>
      apiRequest<ReportSchedule>("/api/reports/schedule", { method: "PUT", body }),
    onSuccess: (data) => queryClient.setQueryData(scheduleKey, data),
  });
}
