import { Route } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Voyage, VoyageStatus } from "../../../contracts/voyages";
import { formatInstant } from "../../lib/format";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
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

/**
 * The ship's voyages: number, route, departure, arrival, status; with `charterParty` (the app layer's slot),
 * a button per voyage opens its Charter Party panel under its row.
 */
export function VoyagesCard({
  voyages,
  charterParty,
}: {
  voyages: readonly Voyage[];
  charterParty?: (voyage: Voyage) => ReactNode;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opened = voyages.find((v) => v.id === open) ?? null;
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
                {charterParty ? (
                  <th scope="col" className="px-5 py-2 font-medium">
                    <span className="sr-only">Charter party</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {voyages.map((voyage) => (
                <tr key={voyage.id} data-testid="voyage-row" data-voyage-id={voyage.id}>
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
                  {charterParty ? (
                    <td className="px-5 py-2 text-right">
                      <Button
                        variant="secondary"
                        className="px-2 py-1 text-xs"
                        aria-expanded={open === voyage.id}
                        aria-controls={`cp-${voyage.id}`}
                        onClick={() => setOpen(open === voyage.id ? null : voyage.id)}
                        data-testid="open-charter-party"
                      >
                        {open === voyage.id ? "Close charter party" : "Charter party"}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {charterParty && opened ? (
        <section
          id={`cp-${opened.id}`}
          aria-labelledby="cp-panel-title"
          className="mt-4 border-t border-slate-200 pt-4"
          data-testid="charter-party"
        >
          <h3 id="cp-panel-title" className="mb-3 text-base font-semibold text-slate-900">
            Charter Party — voyage {opened.voyageNumber}
          </h3>
          {charterParty(opened)}
        </section>
      ) : null}
    </Card>
  );
}
