import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage } from "../../../../contracts/audit";
import { apiRequest } from "../../../lib/api";

export type AuditFilters = { from: string; to: string; actor: string; kind: string };

/** The audit trail, newest first, a keyset page at a time (GET /api/audit). */
export function useAuditTrail(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ["admin", "audit", filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: "25" });
      for (const [key, value] of Object.entries(filters)) if (value.trim()) query.set(key, value.trim());
      if (pageParam) query.set("before", String(pageParam));
      return apiRequest<AuditPage>(`/api/audit?${query}`, { signal });
    },
    getNextPageParam: (last) => last.nextBefore,
  });
}
