/**
 * Answers of the upload calls (spec §3 'Upload result', 'Bulk upload result'; issue 5): the shared contract
 * of src/contracts/uploads.ts, which the server serialises with.
 */
export type {
  BulkUploadResult,
  UploadCounts,
  UploadLogEntry,
  UploadResult,
} from "../../../../contracts/uploads";
