import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../contracts/auth";
import { ApiError, apiRequest } from "../../../lib/api";

export const currentUserQueryKey = ["auth", "user"] as const;

/** The signed-in user, or null when signed out: a 401 here is an answer, not an error (spec §7). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>("/api/auth/user", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
  });

export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; user: CurrentUser }
  | { status: "error"; error: Error };

/** The authentication state of the page (spec §4): loading, signed out, signed in, or the check failed. */
export function useAuth(): AuthState {
  const query = useQuery(currentUserQueryOptions());
  if (query.isPending) return { status: "loading" };
  if (query.isError) return { status: "error", error: query.error };
  return query.data ? { status: "signed-in", user: query.data } : { status: "signed-out" };
}
