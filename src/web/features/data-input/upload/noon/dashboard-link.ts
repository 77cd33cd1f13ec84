/**
 * Where the result of a noon upload sends the user: the ship's dashboard over the span of the reports just
 * written (a custom range from the first report's day to the ship's latest record, or the last voyage's
 * end), because the dashboard's default range is the last 7 days and a year of past reports would otherwise
 * open on an empty page.
 */
import type { NoonParsedRow, NoonProposedVoyage } from "./noon-types";

const day = (iso: string) => iso.slice(0, 10);

/** The ship the upload's first reports (or voyages) belong to, or null. */
export function noonShipOf(
  firstRows: readonly Pick<NoonParsedRow, "shipId">[],
  voyages: readonly Pick<NoonProposedVoyage, "shipId">[],
): number | null {
  return firstRows.find((r) => r.shipId !== null)?.shipId ?? voyages[0]?.shipId ?? null;
}

export function noonDashboardLink(
  firstRows: readonly Pick<NoonParsedRow, "shipId" | "reportedAt">[],
  voyages: readonly Pick<NoonProposedVoyage, "shipId" | "departureDate" | "arrivalDate">[],
  latestRecord: string | null = null,
): string {
  const shipId = noonShipOf(firstRows, voyages);
  if (shipId === null) return "/dashboard";
  const from = firstRows.map((r) => r.reportedAt).sort()[0];
  const ends = voyages.filter((v) => v.shipId === shipId).map((v) => v.arrivalDate ?? v.departureDate);
  const to = [...ends, ...firstRows.map((r) => r.reportedAt), ...(latestRecord ? [latestRecord] : [])]
    .sort()
    .at(-1);
  if (!from || !to || day(to) <= day(from)) return `/dashboard/${shipId}`;
  return `/dashboard/${shipId}?range=custom&from=${day(from)}&to=${day(to)}`;
}
