import type { ReactNode } from "react";
import type { Ship } from "../../../contracts/ships";
import { formatNumber, formatQuantity, MISSING } from "../../lib/format";
import { Card } from "../../ui/card";

/** Length × beam × design draught, each part '—' when unknown; '—' alone when all are. */
export function formatDimensions(ship: Pick<Ship, "length" | "beam" | "designDraught">): string {
  const parts = [ship.length, ship.beam, ship.designDraught];
  if (parts.every((p) => p === null)) return MISSING;
  return `${parts.map((p) => formatNumber(p, 1)).join(" × ")} m`;
}

/** The ship's particulars with units; `children` follow them (the baselines). */
export function ShipDetailsCard({ ship, children }: { ship: Ship; children?: ReactNode }) {
  const rows: Array<[string, string]> = [
    ["Name", ship.name],
    ["IMO number", ship.imo],
    ["Type", ship.typeLabel],
    ["Deadweight", formatQuantity(ship.deadweight, "t")],
    ["Gross tonnage", formatQuantity(ship.grossTonnage, "GT")],
    ["Main engine power", formatQuantity(ship.enginePower, "kW")],
    ["Design speed", formatQuantity(ship.designSpeed, "kn", 1)],
    ["Dimensions (L × B × T)", formatDimensions(ship)],
    ["Year built", ship.yearBuilt === null ? MISSING : String(ship.yearBuilt)],
  ];
  return (
    <Card title="Ship Details" titleId="ship-details-title" data-testid="ship-details">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
