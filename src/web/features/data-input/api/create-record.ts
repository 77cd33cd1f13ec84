import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { invalidateDataQueries } from "./invalidate";

export type CreateRecordInput = { endpoint: string; body: unknown };

/** POST of one Add Data form (ship, voyage or a record); the answer is the created record. */
export const createRecord = ({ endpoint, body }: CreateRecordInput) =>
  apiRequest<unknown>(endpoint, { method: "POST", body });

/** Creates a record and refreshes the data it changes. */
export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: () => {
      void invalidateDataQueries(queryClient);
    },
  });
}
