import type { Ship } from "../../../contracts/ships";
import { Card } from "../../ui/card";
import { SelectField } from "../../ui/select-field";

const NO_SHIP = "";

/** The 'Dashboard Controls' card: for now the 'Ship ID' picker (ships by name, value = ship id). */
export function DashboardControls({
  ships,
  selectedId,
  onSelect,
}: {
  ships: readonly Ship[];
  selectedId: number | null;
  onSelect: (shipId: number) => void;
}) {
  const known = ships.some((ship) => ship.id === selectedId);
  const options = [
    ...(known ? [] : [{ value: NO_SHIP, label: "Select a ship" }]),
    ...ships.map((ship) => ({ value: String(ship.id), label: ship.name })),
  ];
  return (
    <Card title="Dashboard Controls" titleId="dashboard-controls-title" data-testid="dashboard-controls">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Ship ID"
          name="shipId"
          data-testid="ship-select"
          value={known ? String(selectedId) : NO_SHIP}
          options={options}
          onChange={(event) => {
            const id = Number(event.target.value);
            if (Number.isSafeInteger(id) && id > 0) onSelect(id);
          }}
        />
      </div>
    </Card>
  );
}
