import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { UploadLogEntry } from "./upload-types";

export const uploadsQueryOptions = () =>
  queryOptions({
    queryKey: ["uploads"],
    queryFn: ({ signal }) => apiRequest<UploadLogEntry[]>("/api/uploads", { signal }),
  });

/** The organisation's past uploads, newest first (GET /api/uploads). */
export const useUploads = () => useQuery(uploadsQueryOptions());
