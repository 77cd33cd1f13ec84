import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiDownload, apiUpload } from "../../../lib/api";
import { invalidateDataQueries } from "./invalidate";
import type { BulkUploadResult } from "./upload-types";

/** POST /api/data/bulk-upload: multipart `file`, a workbook with one sheet per data type. */
export function bulkUpload(file: File): Promise<BulkUploadResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiUpload<BulkUploadResult>("/api/data/bulk-upload", form);
}

/** Uploads a bulk workbook; refreshes the data and the upload history. */
export function useBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpload,
    onSettled: () => {
      void invalidateDataQueries(queryClient);
    },
  });
}

export const BULK_TEMPLATE_FILE_NAME = "sextant-bulk-template.xlsx";

/** GET /api/data/bulk-template: the workbook's bytes and its file name. */
export async function downloadBulkTemplate(): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await apiDownload("/api/data/bulk-template");
  return { blob, fileName: fileName ?? BULK_TEMPLATE_FILE_NAME };
}

export const useDownloadBulkTemplate = () => useMutation({ mutationFn: downloadBulkTemplate });
