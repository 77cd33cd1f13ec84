import { Route } from "lucide-react";
import type { Voyage, VoyageStatus } from "../../../contracts/voyages";
import { formatInstant } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";

const STATUS_TONES = {
  planned: "info",
  active: "success",
  completed: "neutral",
  cancelled: "warning",
} as const satisfies Record<VoyageStatus, string>;

const STATUS_LABELS: Record<VoyageStatus, string> = {
  planned: "Planned",
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The ship's voyages: number, route, departure, arrival, status. */
export function VoyagesCard({ voyages }: { voyages: readonly Voyage[] }) {
  return (
    <Card title="Voyages" titleId="voyages-title" data-testid="voyages">
      {voyages.length === 0 ? (
        <EmptyState icon={Route} title="No voyages recorded yet for this ship" />
      ) : (
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">
                  Voyage
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Route
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Departure
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Arrival
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {voyages.map((voyage) => (
                <tr key={voyage.id} data-testid="voyage-row">
                  <td className="whitespace-nowrap px-5 py-2 font-medium text-slate-900">
                    {voyage.voyageNumber}
                  </td>
                  <td className="px-5 py-2">
                    {voyage.origin} → {voyage.destination}
                  </td>
                  <td className="whitespace-nowrap px-5 py-2">{formatInstant(voyage.departureDate)}</td>
                  <td className="whitespace-nowrap px-5 py-2">{formatInstant(voyage.arrivalDate)}</td>
                  <td className="px-5 py-2">
                    <Badge tone={STATUS_TONES[voyage.status]}>{STATUS_LABELS[voyage.status]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
