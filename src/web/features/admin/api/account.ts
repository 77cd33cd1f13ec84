import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody, RevokedSessions } from "../../../../contracts/auth";
import { apiRequest } from "../../../lib/api";

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<RevokedSessions>("/api/auth/password", { method: "POST", body });

export const revokeOtherSessions = () =>
  apiRequest<RevokedSessions>("/api/auth/sessions/revoke-others", { method: "POST" });

/** Changes the signed-in user's password; the server ends their other sessions. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** Signs the user out everywhere but this browser. */
export const useRevokeOtherSessions = () => useMutation({ mutationFn: revokeOtherSessions });
