import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { STEP_UP_WRONG_PASSWORD, type StepUpState } from "../../contracts/auth";
import { ApiError, apiRequest, errorMessageOf } from "./api";

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

/**
 * The password form of a step-up (the admin panel's locked view, the prompt before an action): the field, its
 * error (required, the specification's wrong-password message, or the server's), and the submit that elevates
 * the session and then calls `onElevated`. The field is cleared after every answer.
 */
export function usePasswordStepUp(onElevated?: () => void) {
  const stepUp = useStepUp();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError("Password is required.");
      return;
    }
    setError(null);
    stepUp.mutate(password, {
      onSuccess: () => {
        setPassword("");
        onElevated?.();
      },
      onError: (err) => {
        setPassword("");
        const wrong = err instanceof ApiError && err.body?.error.code === "invalid_password";
        setError(wrong ? STEP_UP_WRONG_PASSWORD : errorMessageOf(err));
      },
    });
  }

  function reset() {
    setPassword("");
    setError(null);
    stepUp.reset();
  }

  return { password, setPassword, error, submit, reset, pending: stepUp.isPending };
}
