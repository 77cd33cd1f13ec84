/** Badge tone of a report check's severity: the records' checks (issue 11) and the noon sheets' (issue 13) alike. */
export const CHECK_SEVERITY_TONE = {
  error: "danger",
  warning: "warning",
  info: "info",
} as const satisfies Record<"error" | "warning" | "info", "danger" | "warning" | "info">;
