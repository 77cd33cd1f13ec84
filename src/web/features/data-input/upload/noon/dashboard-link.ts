/**
 * Where the result of a noon upload sends the user: the ship's dashboard over the span of the reports just
 * written (a custom range from the first report's day to the last voyage's end), because the dashboard's
 * default range is the last 7 days and a year of past reports would otherwise open on an empty page.
 */
import type { NoonParsedRow, NoonProposedVoyage } from "./noon-types";

const day = (iso: string) => iso.slice(0, 10);

export function noonDashboardLink(
  firstRows: readonly Pick<NoonParsedRow, "shipId" | "timestamp">[],
  voyages: readonly Pick<NoonProposedVoyage, "shipId" | "departureDate" | "arrivalDate">[],
): string {
  const shipId = firstRows.find((r) => r.shipId !== null)?.shipId ?? voyages[0]?.shipId;
  if (shipId === undefined || shipId === null) return "/dashboard";
  const from = firstRows.map((r) => r.timestamp).sort()[0];
  const ends = voyages.filter((v) => v.shipId === shipId).map((v) => v.arrivalDate ?? v.departureDate);
  const to = [...ends, ...firstRows.map((r) => r.timestamp)].sort().at(-1);
  if (!from || !to || day(to) <= day(from)) return `/dashboard/${shipId}`;
  return `/dashboard/${shipId}?range=custom&from=${day(from)}&to=${day(to)}`;
}
