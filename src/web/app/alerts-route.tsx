import { AlertsPage } from "../features/alerts/alerts-page";
import { useShips } from "../lib/ships-query";
import { useCanEditFleet } from "./use-can-edit-fleet";

/** The alert list with the organisation's ships for its filter (features do not import each other). */
export function AlertsRoute() {
  const canEdit = useCanEditFleet();
  const ships = useShips();
  return <AlertsPage canEdit={canEdit} ships={ships.data ?? []} />;
}
