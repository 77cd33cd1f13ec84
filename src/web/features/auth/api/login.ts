import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, LoginBody } from "../../../../contracts/auth";
import { apiRequest } from "../../../lib/api";
import { currentUserQueryKey } from "./get-current-user";

export const login = (body: LoginBody) =>
  apiRequest<CurrentUser>("/api/auth/login", { method: "POST", body });

/**
 * Signs in. On success the cache is emptied (nothing of a previous session may show) and the user is
 * stored as the current user.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
