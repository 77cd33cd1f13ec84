/** The ship an analysis is about, in the domain's terms. */
import type { ShopTestPoint } from "../../domain/engine/shop-test-curve";
import type { ShipRow } from "../ships/ships.repository";

/** The ship's shop-test curve in the domain's shape (stored as {loadPercent, sfoc}), or null with fewer than two points. */
export function shopTestCurveOf(ship: ShipRow): ShopTestPoint[] | null {
  const pts = ship.shopTestSfoc ?? [];
  return pts.length >= 2 ? pts.map((p) => ({ loadPercent: p.loadPercent, sfocGPerKwh: p.sfoc })) : null;
}
