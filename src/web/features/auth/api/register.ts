import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser, RegisterBody } from "../../../../contracts/auth";
import { apiRequest } from "../../../lib/api";
import { currentUserQueryKey } from "./get-current-user";

export const register = (body: RegisterBody) =>
  apiRequest<CurrentUser>("/api/auth/register", { method: "POST", body });

/** Creates an organisation with the caller as owner and signs in (201). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
