/** The export buttons' labels and toasts (spec §2 'Actions and Export card', §4 'Exports', §8), word for word. */
export const EXPORT_MESSAGES = {
  cardTitle: "Actions & Export",
  exportPdf: "Export PDF Report",
  generating: "Generating...",
  pdfGenerated: "PDF Report Generated",
  pdfFailed: { title: "Export Failed", description: "Failed to generate PDF report. Please try again." },
  statementDownloaded: "Statement Downloaded",
  statementFailed: {
    title: "Export Failed",
    description: "Failed to generate the statement. Please try again.",
  },
} as const;
