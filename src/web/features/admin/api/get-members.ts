import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Member } from "../../../../contracts/auth";
import { apiRequestAllPages } from "../../../lib/api";

export const membersQueryKey = ["org", "members"] as const;

export const getMembers = (signal?: AbortSignal) =>
  apiRequestAllPages<Member[]>("/api/org/members", { signal });

export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersQueryKey, queryFn: ({ signal }) => getMembers(signal) });

/** The members of the caller's organisation with their roles. */
export const useMembers = () => useQuery(membersQueryOptions());
