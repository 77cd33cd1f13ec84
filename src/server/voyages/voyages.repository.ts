/** The only code that reads and writes voyages; every query is scoped by the caller's organisation. */

import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { PageQuery } from "../../contracts/pagination";
import type { createVoyageBody, updateVoyageBody, Voyage } from "../../contracts/voyages";
import { bumpDataVersions } from "../cache/data-version";
import type { Db } from "../db/client";
import { ships, voyages } from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../http/pagination";

type VoyageRow = typeof voyages.$inferSelect;

export function presentVoyage(row: VoyageRow): Voyage {
  return {
    id: row.id,
    shipId: row.shipId,
    voyageNumber: row.voyageNumber,
    origin: row.origin,
    destination: row.destination,
    departureDate: row.departureDate.toISOString(),
    arrivalDate: row.arrivalDate?.toISOString() ?? null,
    status: row.status,
    cargoTonnes: row.cargoTonnes,
  };
}

function duplicateVoyage(err: unknown): never {
  const constraint = (err as { cause?: { constraint?: string } }).cause?.constraint;
  if (constraint === "voyages_org_ship_number_key") {
    throw conflict("This ship already has a voyage with this number", [
      { field: "voyageNumber", reason: "is already used for this ship" },
    ]);
  }
  throw err;
}

export async function listVoyages(db: Db, orgId: number, shipId?: number): Promise<Voyage[]> {
  const where =
    shipId === undefined
      ? eq(voyages.orgId, orgId)
      : and(eq(voyages.orgId, orgId), eq(voyages.shipId, shipId));
  const rows = await db.select().from(voyages).where(where).orderBy(desc(voyages.departureDate));
  return rows.map(presentVoyage);
}

const voyageOrder: KeysetOrder = { sort: voyages.departureDate, id: voyages.id, direction: "desc" };

/** A page of the organisation's voyages (of one ship when given), latest departure first (GET /api/voyages). */
export async function listVoyagesPage(db: Db, orgId: number, query: PageQuery & { shipId?: number }) {
  const where =
    query.shipId === undefined
      ? eq(voyages.orgId, orgId)
      : and(eq(voyages.orgId, orgId), eq(voyages.shipId, query.shipId));
  const { items, page } = await keysetPage(
    db
      .select()
      .from(voyages)
      .where(and(where, afterCursor(voyageOrder, query.cursor)))
      .orderBy(...keysetOrderBy(voyageOrder))
      .limit(query.limit + 1),
    countWhere(db, voyages, where),
    query,
    (r) => ({ after: r.departureDate, id: r.id }),
  );
  return { voyages: items.map(presentVoyage), page };
}

export async function getVoyage(db: Db, orgId: number, id: number): Promise<Voyage> {
  const [row] = await db
    .select()
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.id, id)));
  if (!row) throw notFound("Voyage");
  return presentVoyage(row);
}

/** The ship of the organisation's voyage `id`, or null when it has none (an API key's ship limit). */
export async function voyageShipId(db: Db, orgId: number, id: number): Promise<number | null> {
  const [row] = await db
    .select({ shipId: voyages.shipId })
    .from(voyages)
    .where(and(eq(voyages.orgId, orgId), eq(voyages.id, id)));
  return row?.shipId ?? null;
}

export async function createVoyage(
  db: Db,
  orgId: number,
  input: z.output<typeof createVoyageBody>,
): Promise<Voyage> {
  const [owner] = await db
    .select({ id: ships.id })
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, input.shipId)));
  // Another organisation's ship is reported exactly like a ship that does not exist.
  if (!owner) throw badRequest([{ field: "shipId", reason: "is not a ship of your fleet" }]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(voyages)
      .values({
        ...input,
        arrivalDate: input.arrivalDate ?? null,
        cargoTonnes: input.cargoTonnes ?? null,
        orgId,
      })
      .returning()
      .catch(duplicateVoyage);
    await bumpDataVersions(tx, orgId, [row!.shipId]);
    return presentVoyage(row!);
  });
}

/** Applies a partial change; the merged dates must stay in order, checked inside the same transaction. */
export async function updateVoyage(
  db: Db,
  orgId: number,
  id: number,
  patch: z.output<typeof updateVoyageBody>,
): Promise<Voyage> {
  return db.transaction(async (tx) => {
    const where = and(eq(voyages.orgId, orgId), eq(voyages.id, id));
    const [current] = await tx.select().from(voyages).where(where).for("update");
    if (!current) throw notFound("Voyage");
    const merged = { ...current, ...patch };
    if (merged.arrivalDate && merged.arrivalDate < merged.departureDate) {
      throw badRequest([{ field: "arrivalDate", reason: "must not be before the departure date" }]);
    }
    if (Object.keys(patch).length === 0) return presentVoyage(current);
    const [row] = await tx.update(voyages).set(patch).where(where).returning().catch(duplicateVoyage);
    await bumpDataVersions(tx, orgId, [row!.shipId]);
    return presentVoyage(row!);
  });
}

export async function deleteVoyage(db: Db, orgId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(voyages)
      .where(and(eq(voyages.orgId, orgId), eq(voyages.id, id)))
      .returning({ shipId: voyages.shipId });
    if (deleted.length === 0) throw notFound("Voyage");
    await bumpDataVersions(tx, orgId, [deleted[0]!.shipId]);
  });
}

/**
 * Sets (or with null clears) the EU ETS / FuelEU scope override of a voyage of the caller's ship; 404 when
 * the voyage is not one of that ship's in the caller's organisation.
 */
export async function setVoyageEuScope(
  db: Db,
  orgId: number,
  shipId: number,
  voyageId: number,
  scope: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(voyages)
      .set({ euScopeOverride: scope })
      .where(and(eq(voyages.orgId, orgId), eq(voyages.shipId, shipId), eq(voyages.id, voyageId)))
      .returning({ id: voyages.id });
    if (rows.length === 0) throw notFound("Voyage");
    await bumpDataVersions(tx, orgId, [shipId]);
  });
}
