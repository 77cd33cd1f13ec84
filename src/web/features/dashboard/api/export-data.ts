import { useMutation } from "@tanstack/react-query";
import { EXPORT_RECORDS_HEADER } from "../../../../contracts/exports";
import { ApiError, apiPath } from "../../../lib/api";
import { type DashboardFilters, filtersToApiQuery } from "../../../lib/dashboard-filters";
import { type ExportProgress, lineFeeds } from "../export-progress";

export type ExportFormat = "xlsx" | "csv";
export type ExportResult = { blob: Blob; fileName: string };

/** The file name the server gave (Content-Disposition), else a plain one. */
function fileNameOf(response: Response, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? `sextant-export.${format}`;
}

/**
 * GET /api/exports/:shipId?format=&…filters: the ship's records over the dashboard's filters, read as it
 * streams so that `onProgress` can say how much has arrived (a ten-year ship's workbook takes a while): bytes,
 * CSV rows (line feeds after the header's), and the wholes the server announced (export-progress.ts).
 * A transfer cut by the server (a failure half-way) rejects: a partial file is never saved.
 */
export async function exportData(
  shipId: number,
  filters: DashboardFilters,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportResult> {
  const query = new URLSearchParams({ ...filtersToApiQuery(filters), format });
  const response = await fetch(`${apiPath("api", "exports", shipId)}?${query}`, { credentials: "include" });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const header = (name: string) => {
    const v = Number(response.headers.get(name) ?? Number.NaN);
    return Number.isFinite(v) ? v : null;
  };
  const totalRows = header(EXPORT_RECORDS_HEADER);
  const totalBytes = header("content-length");
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let feeds = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (format === "csv") feeds += lineFeeds(value);
    onProgress({ bytes, totalBytes, totalRows, rows: format === "csv" ? Math.max(0, feeds - 1) : null });
  }
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: fileNameOf(response, format) };
}

export const useExportData = (onProgress: (progress: ExportProgress) => void) =>
  useMutation({
    mutationFn: (v: { shipId: number; filters: DashboardFilters; format: ExportFormat }) =>
      exportData(v.shipId, v.filters, v.format, onProgress),
  });
