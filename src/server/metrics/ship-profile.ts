/** The ship an analysis is about, scoped by the caller's organisation (another organisation's ship: 404). */
import { and, eq } from "drizzle-orm";
import type { ShopTestPoint } from "../../domain/engine/shop-test-curve";
import type { Db } from "../db/client";
import { ships } from "../db/schema";
import { notFound } from "../http/errors";

export type ShipRow = typeof ships.$inferSelect;

export async function loadShip(db: Db, orgId: number, shipId: number): Promise<ShipRow> {
  const [row] = await db
    .select()
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, shipId)));
  if (!row) throw notFound("Ship");
  return row;
}

/** The ship's shop-test curve in the domain's shape (stored as {loadPercent, sfoc}), or null with fewer than two points. */
export function shopTestCurveOf(ship: ShipRow): ShopTestPoint[] | null {
  const pts = ship.shopTestSfoc ?? [];
  return pts.length >= 2 ? pts.map((p) => ({ loadPercent: p.loadPercent, sfocGPerKwh: p.sfoc })) : null;
}
