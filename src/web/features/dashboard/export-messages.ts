/** The Actions & Export card's labels and toasts (spec §2, §4 'Exports', §8), word for word. */
export const EXPORT_MESSAGES = {
  generating: "Generating...",
  excelExported: "Excel Data Exported",
  excelFailed: { title: "Export Failed", description: "Failed to export Excel data. Please try again." },
  linkCopied: "Dashboard Link Copied",
  shareFailed: { title: "Share Failed", description: "Could not copy link. Please copy the URL manually." },
  copied: "Copied to Clipboard",
  cardTitle: "Actions & Export",
  exportPdf: "Export PDF Report",
  pdfGenerated: "PDF Report Generated",
  pdfFailed: { title: "Export Failed", description: "Failed to generate PDF report. Please try again." },
  statementDownloaded: "Statement Downloaded",
  statementFailed: {
    title: "Export Failed",
    description: "Failed to generate the statement. Please try again.",
  },
} as const;
