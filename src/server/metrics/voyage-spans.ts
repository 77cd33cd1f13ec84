/** The spans of a ship's voyages that a dashboard range can be set to ('This Voyage', a selected voyage). */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { voyages } from "../db/schema";
import { notFound } from "../http/errors";

/** A voyage's id and span: departure → arrival, or `now` while under way. */
export type VoyageSpan = { id: number; from: Date; to: Date };

/** A voyage of the ship (404 when the ship has no such voyage in the caller's organisation). */
export async function voyageSpan(
  db: Db,
  orgId: number,
  shipId: number,
  voyageId: number,
  now: Date,
): Promise<VoyageSpan> {
  const [v] = await db
    .select()
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.shipId, shipId), eq(voyages.id, voyageId)));
  if (!v) throw notFound("Voyage");
  return { id: v.id, from: v.departureDate, to: v.arrivalDate ?? now };
}

/** The ship's active voyage (latest departure first), else its latest voyage; null when it has none. */
export async function currentVoyageSpan(
  db: Db,
  orgId: number,
  shipId: number,
  now: Date,
): Promise<VoyageSpan | null> {
  const rows = await db
    .select()
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.shipId, shipId)))
    .orderBy(desc(voyages.departureDate))
    .limit(20);
  const started = rows.filter((v) => v.departureDate.getTime() <= now.getTime());
  const active = started.find((v) => v.status === "active") ?? started[0] ?? rows[0];
  return active ? { id: active.id, from: active.departureDate, to: active.arrivalDate ?? now } : null;
}
