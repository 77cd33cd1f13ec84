import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Member, Role } from "../../../../contracts/auth";
import { apiRequest } from "../../../lib/api";
import { membersQueryKey } from "./get-members";

export const changeRole = ({ userId, role }: { userId: number; role: Role }) =>
  apiRequest<Member>(`/api/org/members/${userId}`, { method: "PATCH", body: { role } });

export const removeMember = (userId: number) =>
  apiRequest<void>(`/api/org/members/${userId}`, { method: "DELETE" });

/** Changes a member's role (owners and admins; the server keeps the last owner); refreshes the list. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

/** Removes a member from the organisation (their sessions end); refreshes the list. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}
