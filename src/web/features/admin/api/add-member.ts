import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddMemberBody, Member } from "../../../../contracts/auth";
import { apiRequest } from "../../../lib/api";
import { membersQueryKey } from "./get-members";

export const addMember = (body: AddMemberBody) =>
  apiRequest<Member>("/api/org/members", { method: "POST", body });

/** Adds a member with a role (owner or admin only; the server checks); refreshes the member list. */
export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}
