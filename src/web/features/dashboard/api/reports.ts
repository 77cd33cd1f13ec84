/**
 * Report downloads (issue 17): the PDF vessel report for the dashboard's filters, a ship's statement of a
 * year (IMO DCS, EU MRV, CII; PDF or XLSX) and the fleet workbook. Each answers the file's bytes and the name
 * the server gave it (Content-Disposition).
 */
import { useMutation } from "@tanstack/react-query";
import type { StatementFormat, StatementKindId } from "../../../../contracts/reports";
import { apiDownload, apiPath } from "../../../lib/api";
import { apiQueryString, type DashboardFilters } from "../../../lib/dashboard-filters";

type Download = { blob: Blob; fileName: string };

/** GET /api/reports/vessel/:shipId?<filters>. */
export async function downloadVesselReport(shipId: number, filters: DashboardFilters): Promise<Download> {
  const { blob, fileName } = await apiDownload(
    `${apiPath("api", "reports", "vessel", shipId)}${apiQueryString(filters)}`,
  );
  return { blob, fileName: fileName ?? `vessel-report-${shipId}.pdf` };
}

export type StatementRequest = {
  shipId: number | "fleet";
  year: number;
  kind: StatementKindId;
  format: StatementFormat;
};

/** GET /api/reports/statements/:shipId/:year?kind=&format=, or the fleet workbook (always XLSX). */
export async function downloadStatement(r: StatementRequest): Promise<Download> {
  const path =
    r.shipId === "fleet"
      ? apiPath("api", "reports", "statements", "fleet", r.year)
      : `${apiPath("api", "reports", "statements", r.shipId, r.year)}?kind=${r.kind}&format=${r.format}`;
  const { blob, fileName } = await apiDownload(path);
  return { blob, fileName: fileName ?? `statement-${r.year}.${r.shipId === "fleet" ? "xlsx" : r.format}` };
}

export const useDownloadVesselReport = () =>
  useMutation({
    mutationFn: (v: { shipId: number; filters: DashboardFilters }) =>
      downloadVesselReport(v.shipId, v.filters),
  });

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
