import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiUpload } from "../../../lib/api";
import { invalidateDataQueries } from "./invalidate";
import type { UploadResult } from "./upload-types";

export type UploadDataInput = { file: File; mappingConfig: string };

/**
 * POST /api/upload-data: multipart `mappingConfig` (JSON text) then `dataFile`. The config goes first so a
 * streaming server knows the type and mapping before the file's bytes arrive.
 */
export function uploadData({ file, mappingConfig }: UploadDataInput): Promise<UploadResult> {
  const form = new FormData();
  form.append("mappingConfig", mappingConfig);
  form.append("dataFile", file, file.name);
  return apiUpload<UploadResult>("/api/upload-data", form);
}

/** Uploads one Excel or CSV file of one data type; refreshes the data and the upload history. */
export function useUploadData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadData,
    onSettled: () => {
      void invalidateDataQueries(queryClient);
    },
  });
}
