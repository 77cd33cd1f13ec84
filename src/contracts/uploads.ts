/**
 * Answers of the upload routes (spec §3: upload result, bulk upload result) and of the upload log, shared by
 * the server (which serialises with them) and the browser (which reads them). Each rejected row carries its
 * row number as the user sees it, the column header, the value and the reason, plus a ready sentence
 * (`message`) for the result panel.
 */
import { z } from "zod";
import { storedNoonCheckResult } from "./noon-check-result";
import { pageQueryFieldsOf } from "./pagination";

export const typeCounts = z.object({
  new: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
});

export const uploadError = z.object({
  row: z.number(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
  sheet: z.string().optional(),
  message: z.string(),
});
export type UploadError = z.infer<typeof uploadError>;

/**
 * How an upload that was read ended: 'ok' every row saved; 'partial' some rows saved and some rejected
 * (`data.<type>.rejected` and `errors` say which); 'failed' rows rejected and none saved.
 */
export const UPLOAD_OUTCOMES = ["ok", "partial", "failed"] as const;
export type UploadOutcomeKind = (typeof UPLOAD_OUTCOMES)[number];

/** POST /api/upload-data → 200. `success` is false when rows were rejected ('Upload Completed with Errors'). */
export const uploadResult = z.object({
  success: z.boolean(),
  outcome: z.enum(UPLOAD_OUTCOMES),
  message: z.string(),
  /** Counts per data type: { fuel: { new, updated, unchanged, rejected } }. */
  data: z.record(z.string(), typeCounts),
  /** The first 100 rejected rows; `data.<type>.rejected` has the full count. */
  errors: z.array(uploadError),
  /** Rows skipped on purpose, with where and why ('Sheet "Ships", row 2: the template's example row…'). */
  notices: z.array(z.string()),
  rowsTotal: z.number(),
  uploadId: z.number(),
});

/** POST /api/data/bulk-upload → 200. */
export const bulkUploadResult = uploadResult.extend({
  recordsProcessed: z.number(),
  /** Sheets whose name is not a data type, left alone. */
  ignoredSheets: z.array(z.string()),
});

export const uploadLogEntry = z.object({
  id: z.number(),
  fileName: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  dataType: z.string(),
  status: z.enum(["completed", "completed_with_errors", "failed"]),
  rowsTotal: z.number(),
  rowsNew: z.number(),
  rowsUpdated: z.number(),
  rowsUnchanged: z.number(),
  rowsRejected: z.number(),
  counts: z.record(z.string(), typeCounts),
  errors: z.array(uploadError.omit({ message: true })),
  message: z.string().nullable(),
  /**
   * Report checks of a noon-report upload (decision 008): per check the sheet rows that fail it, for the
   * data-quality panel. Absent for other data types.
   */
  checks: z.array(storedNoonCheckResult).optional(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});

/** `GET /api/uploads?limit=&cursor=`: a page of the history, newest first (50 unless a limit is sent). */
const uploadPageFields = pageQueryFieldsOf("id");
export const uploadLogQuery = z
  .object({ ...uploadPageFields, limit: uploadPageFields.limit.removeDefault().default(50) })
  .strict();
export type UploadResult = z.infer<typeof uploadResult>;
export type BulkUploadResult = z.infer<typeof bulkUploadResult>;
export type UploadLogEntry = z.infer<typeof uploadLogEntry>;
export type UploadCounts = z.infer<typeof typeCounts>;
