/** The upload tool's toast texts (spec §5, §8), word for word. */
export const UPLOAD_MESSAGES = {
  invalidFileType: {
    title: "Invalid File Type",
    description: "Please select an Excel (.xlsx, .xls) or CSV file.",
  },
  invalidBulkFileType: {
    title: "Invalid File Type",
    description: "Please select an Excel (.xlsx, .xls) file for bulk upload.",
  },
  noFile: { title: "No File Selected", description: "Please select a file to upload." },
  noBulkFile: { title: "No File Selected", description: "Please select a bulk upload file" },
  uploadSuccessful: "Upload Successful",
  uploadWithErrors: "Upload Completed with Errors",
  uploadFailed: { title: "Upload Failed", fallback: "Upload failed" },
  bulkSuccess: "Bulk Upload Success",
  bulkFailed: { title: "Bulk Upload Failed", fallback: "Failed to process bulk upload. Please try again." },
  templateDownloaded: "Template Downloaded",
  templateFailed: { title: "Download Failed", description: "Failed to download template" },
  invalidMapping: "Invalid Mapping",
} as const;
