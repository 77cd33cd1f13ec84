/**
 * Answers of the upload calls (spec §3 'Upload result', 'Bulk upload result'; issue 5): counts per data
 * type, rejected rows, and the recorded upload. The server half defines these on its side; the browser
 * reads only what it shows.
 */
import type { UploadError } from "../upload/upload-errors";

export type UploadCounts = { new: number; updated: number; unchanged: number; rejected: number };

/** POST /api/upload-data. */
export type UploadResult = {
  success: boolean;
  message: string;
  data?: Record<string, Partial<UploadCounts>> | null;
  errors?: UploadError[] | null;
  uploadId?: number | null;
};

/** POST /api/data/bulk-upload. */
export type BulkUploadResult = {
  success: boolean;
  message: string;
  recordsProcessed?: number | null;
  data?: Record<string, Partial<UploadCounts>> | null;
  errors?: UploadError[] | null;
};

/** One entry of GET /api/uploads (the upload log): the file, who and when, and the rows per outcome. */
export type UploadLogEntry = {
  id: number;
  fileName: string;
  sizeBytes: number;
  /** A data type, or 'bulk' for a workbook. */
  dataType: string;
  status: string;
  rowsTotal?: number;
  rowsNew?: number;
  rowsUpdated?: number;
  rowsUnchanged?: number;
  rowsRejected?: number;
  /** Counts per data type. */
  counts?: Record<string, Partial<UploadCounts>> | null;
  message?: string | null;
  uploadedBy?: string | null;
  createdAt: string;
};
