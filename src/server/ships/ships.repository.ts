/** The only code that reads and writes ships; every query is scoped by the caller's organisation. */

import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { PageQuery } from "../../contracts/pagination";
import type { createShipBody, Ship, updateShipBody } from "../../contracts/ships";
import { type ShipProfile, shopTestCurveOfPoints } from "../../domain/ships/ship-profile";
import { SHIP_TYPE_LABELS, type ShipType } from "../../domain/ships/ship-types";
import { bumpDataVersions } from "../cache/data-version";
import type { Db } from "../db/client";
import { ships } from "../db/schema";
import { notifyShipChanged } from "../events/data-written";
import { conflict, notFound } from "../http/errors";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../http/pagination";

type ShipRow = typeof ships.$inferSelect;

/** The ship in the domain's terms, made from its row: the one place the row is read (issue 31). */
export function shipProfileOf(row: ShipRow): ShipProfile {
  const { shopTestSfoc, ...rest } = row;
  return { ...rest, shopTestCurve: shopTestCurveOfPoints(shopTestSfoc) };
}
type ShipInput = z.output<typeof createShipBody>;
type ShipPatch = z.output<typeof updateShipBody>;

export function presentShip(row: Omit<ShipProfile, "shopTestCurve">): Ship {
  const type = row.shipType as ShipType;
  return {
    id: row.id,
    name: row.name,
    imo: row.imoNumber,
    type,
    typeLabel: SHIP_TYPE_LABELS[type] ?? row.shipType,
    deadweight: row.deadweight,
    grossTonnage: row.grossTonnage,
    enginePower: row.enginePowerKw,
    designSpeed: row.designSpeedKn,
    length: row.lengthM,
    beam: row.beamM,
    designDraught: row.designDraughtM,
    yearBuilt: row.yearBuilt,
  };
}

/** The API's ship fields → Drizzle properties of `ships` (one map for the routes and the uploads). */
export const SHIP_FIELD_COLUMNS = {
  name: "name",
  imo: "imoNumber",
  type: "shipType",
  deadweight: "deadweight",
  grossTonnage: "grossTonnage",
  enginePower: "enginePowerKw",
  designSpeed: "designSpeedKn",
  length: "lengthM",
  beam: "beamM",
  designDraught: "designDraughtM",
  yearBuilt: "yearBuilt",
} as const satisfies Record<string, keyof typeof ships.$inferInsert>;

/** Maps the API's field names to columns; only fields present in the input are set. */
function toColumns(input: ShipPatch): Partial<typeof ships.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const column = SHIP_FIELD_COLUMNS[key as keyof typeof SHIP_FIELD_COLUMNS];
    if (value !== undefined && column) out[column] = value;
  }
  return out as Partial<typeof ships.$inferInsert>;
}

/** Unique-violation on (org, name) or (org, IMO) becomes a 409 naming the field. */
function duplicateShip(err: unknown): never {
  const constraint =
    (err as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ??
    (err as { constraint?: string }).constraint;
  if (constraint === "ships_org_imo_key") {
    throw conflict("A ship with this IMO number already exists", [
      { field: "imo", reason: "is already in the fleet" },
    ]);
  }
  if (constraint === "ships_org_name_key") {
    throw conflict("A ship with this name already exists", [
      { field: "name", reason: "is already in the fleet" },
    ]);
  }
  throw err;
}

/** The organisation's ships, by name. */
export async function listShipProfiles(db: Db, orgId: number): Promise<ShipProfile[]> {
  return (await db.select().from(ships).where(eq(ships.orgId, orgId)).orderBy(asc(ships.name))).map(
    shipProfileOf,
  );
}

export async function listShips(db: Db, orgId: number): Promise<Ship[]> {
  return (await listShipProfiles(db, orgId)).map(presentShip);
}

const shipOrder: KeysetOrder = { sort: ships.name, id: ships.id, direction: "asc" };

/** A page of the organisation's ships, by name (GET /api/ships). */
export async function listShipsPage(db: Db, orgId: number, query: PageQuery) {
  const { items, page } = await keysetPage(
    db
      .select()
      .from(ships)
      .where(and(eq(ships.orgId, orgId), afterCursor(shipOrder, query.cursor)))
      .orderBy(...keysetOrderBy(shipOrder))
      .limit(query.limit + 1),
    countWhere(db, ships, eq(ships.orgId, orgId)),
    query,
    (r) => ({ after: r.name, id: r.id }),
  );
  return { ships: items.map(presentShip), page };
}

/** A ship of the caller's organisation (404 'Ship not found' for a missing or another organisation's ship). */
export async function getShipProfile(db: Db, orgId: number, id: number): Promise<ShipProfile> {
  const [row] = await db
    .select()
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, id)));
  if (!row) throw notFound("Ship");
  return shipProfileOf(row);
}

export async function getShip(db: Db, orgId: number, id: number): Promise<Ship> {
  return presentShip(await getShipProfile(db, orgId, id));
}

export async function createShip(db: Db, orgId: number, input: ShipInput): Promise<Ship> {
  const values = { ...toColumns(input), orgId } as typeof ships.$inferInsert;
  const [row] = await db.insert(ships).values(values).returning().catch(duplicateShip);
  return presentShip(row!);
}

export async function updateShip(db: Db, orgId: number, id: number, patch: ShipPatch): Promise<Ship> {
  const columns = toColumns(patch);
  if (Object.keys(columns).length === 0) return getShip(db, orgId, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(ships)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(ships.orgId, orgId), eq(ships.id, id)))
      .returning()
      .catch(duplicateShip);
    if (!row) throw notFound("Ship");
    await notifyShipChanged(tx, orgId, id);
    return presentShip(row);
  });
}

/** Deletes the ship and, by cascade, its voyages and time series. */
export async function deleteShip(db: Db, orgId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(ships)
      .where(and(eq(ships.orgId, orgId), eq(ships.id, id)))
      .returning({ id: ships.id });
    if (deleted.length === 0) throw notFound("Ship");
    // its cached answers must not outlive it (a deleted ship answers 404)
    await bumpDataVersions(tx, orgId, [id]);
  });
}
