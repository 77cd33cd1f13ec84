import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StepUpState } from "../../../../contracts/auth";
import { apiRequest } from "../../../lib/api";

export const stepUpQueryKey = ["auth", "step-up"] as const;

export const getStepUp = (signal?: AbortSignal) => apiRequest<StepUpState>("/api/auth/step-up", { signal });

export const stepUpQueryOptions = () =>
  queryOptions({ queryKey: stepUpQueryKey, queryFn: ({ signal }) => getStepUp(signal) });

/** Whether this session is elevated (the admin panel unlocked), and until when. */
export const useStepUpState = () => useQuery(stepUpQueryOptions());

/** Re-enters the password: the server elevates this session (POST /api/auth/step-up). */
export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<StepUpState>("/api/auth/step-up", { method: "POST", body: { password } }),
    onSuccess: (state) => queryClient.setQueryData(stepUpQueryKey, state),
  });
}

/** The admin panel's Logout: ends the elevation (the user stays signed in). */
export function useEndStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<StepUpState>("/api/auth/step-up", { method: "DELETE" }),
    onSuccess: (state) => {
      queryClient.setQueryData(stepUpQueryKey, state);
      queryClient.removeQueries({ queryKey: ["admin"] });
    },
  });
}
