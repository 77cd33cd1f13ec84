/** The Actions & Export card's toasts and labels (spec §4 'Generating...', §8 toasts), word for word. */
export const EXPORT_MESSAGES = {
  generating: "Generating...",
  excelExported: "Excel Data Exported",
  excelFailed: { title: "Export Failed", description: "Failed to export Excel data. Please try again." },
  linkCopied: "Dashboard Link Copied",
  shareFailed: { title: "Share Failed", description: "Could not copy link. Please copy the URL manually." },
  copied: "Copied to Clipboard",
} as const;
