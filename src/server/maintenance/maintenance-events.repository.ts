/**
 * The only code that reads and writes maintenance events; every query is scoped by the caller's
 * organisation, and another organisation's ship or event answers exactly like a missing one.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { FUTURE_TOLERANCE_MS } from "../../contracts/common";
import {
  type createMaintenanceEventBody,
  eventDay,
  type MaintenanceEventDto,
  type updateMaintenanceEventBody,
} from "../../contracts/maintenance-events";
import type { MaintenanceEvent } from "../../domain/maintenance/maintenance-events";
import type { Db } from "../db/client";
import { maintenanceEvents, ships } from "../db/schema";
import { notifyDataWritten } from "../events/data-written";
import { badRequest, conflict, notFound } from "../http/errors";

type EventRow = typeof maintenanceEvents.$inferSelect;

/** Announces a written or deleted event on commit (alerts and hull analyses segment at events). */
function announce(db: Pick<Db, "execute">, row: Pick<EventRow, "orgId" | "shipId" | "eventDate">) {
  const day = `${row.eventDate}T00:00:00.000Z`;
  return notifyDataWritten(db, [
    { orgId: row.orgId, shipId: row.shipId, from: day, to: day, tables: ["maintenance_events"] },
  ]);
}

export function presentEvent(row: EventRow): MaintenanceEventDto {
  return {
    id: row.id,
    shipId: row.shipId,
    type: row.type,
    date: row.eventDate,
    status: row.status,
    notes: row.notes,
    coating: row.coating,
    coatingType: row.coatingType,
  };
}

/** A stored row in the domain's shape (what the hull analysis segments at). */
export function domainEvent(row: EventRow): MaintenanceEvent {
  const { id, type, date, status, notes, coating, coatingType } = presentEvent(row);
  return { id, type, date, status, notes, coating, coatingType, source: "stored" };
}

function duplicateEvent(err: unknown): never {
  const constraint = (err as { cause?: { constraint?: string } }).cause?.constraint;
  if (constraint === "maintenance_events_key") {
    throw conflict("This ship already has an event of this type on this date", [
      { field: "date", reason: "already has an event of this type for this ship" },
    ]);
  }
  throw err;
}

async function shipOfOrg(db: Db, orgId: number, shipId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ships.id })
    .from(ships)
    .where(and(eq(ships.orgId, orgId), eq(ships.id, shipId)));
  return row !== undefined;
}

/** The ship's stored events, oldest first; 404 when the ship is not the organisation's. */
export async function listShipEvents(db: Db, orgId: number, shipId: number): Promise<EventRow[]> {
  if (!(await shipOfOrg(db, orgId, shipId))) throw notFound("Ship");
  return db
    .select()
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.orgId, orgId), eq(maintenanceEvents.shipId, shipId)))
    .orderBy(asc(maintenanceEvents.eventDate), asc(maintenanceEvents.type));
}

export async function listMaintenanceEvents(
  db: Db,
  orgId: number,
  shipId: number,
): Promise<MaintenanceEventDto[]> {
  return (await listShipEvents(db, orgId, shipId)).map(presentEvent);
}

export async function getMaintenanceEvent(db: Db, orgId: number, id: number): Promise<MaintenanceEventDto> {
  const [row] = await db
    .select()
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.orgId, orgId), eq(maintenanceEvents.id, id)));
  if (!row) throw notFound("Maintenance event");
  return presentEvent(row);
}

/** The ship of the organisation's maintenance event `id`, or null when it has none (an API key's ship limit). */
export async function maintenanceEventShipId(db: Db, orgId: number, id: number): Promise<number | null> {
  const [row] = await db
    .select({ shipId: maintenanceEvents.shipId })
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.orgId, orgId), eq(maintenanceEvents.id, id)));
  return row?.shipId ?? null;
}

/**
 * Stores an event; one re-sent (same ship, type and day) updates the stored one instead of adding a second
 * (the series key), so a form submitted twice or a file uploaded again adds nothing.
 */
export async function upsertMaintenanceEvent(
  db: Db,
  orgId: number,
  input: z.output<typeof createMaintenanceEventBody>,
): Promise<MaintenanceEventDto> {
  // Another organisation's ship is reported exactly like a ship that does not exist.
  if (!(await shipOfOrg(db, orgId, input.shipId))) {
    throw badRequest([{ field: "shipId", reason: "is not a ship of your fleet" }]);
  }
  const values = {
    status: input.status,
    notes: input.notes ?? null,
    coating: input.coating ?? null,
    coatingType: input.coatingType ?? null,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(maintenanceEvents)
      .values({ orgId, shipId: input.shipId, type: input.type, eventDate: eventDay(input.date), ...values })
      .onConflictDoUpdate({
        target: [
          maintenanceEvents.orgId,
          maintenanceEvents.shipId,
          maintenanceEvents.type,
          maintenanceEvents.eventDate,
        ],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    await announce(tx, row!);
    return presentEvent(row!);
  });
}

export async function updateMaintenanceEvent(
  db: Db,
  orgId: number,
  id: number,
  patch: z.output<typeof updateMaintenanceEventBody>,
): Promise<MaintenanceEventDto> {
  const { date, ...rest } = patch;
  const set = { ...rest, ...(date ? { eventDate: eventDay(date) } : {}) };
  const where = and(eq(maintenanceEvents.orgId, orgId), eq(maintenanceEvents.id, id));
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(maintenanceEvents).where(where).for("update");
    if (!current) throw notFound("Maintenance event");
    // The contract checks a patch alone; a planned event marked done keeps its stored day, checked here.
    const merged = { ...current, ...set };
    if (
      merged.status === "done" &&
      Date.parse(`${merged.eventDate}T00:00:00Z`) > Date.now() + FUTURE_TOLERANCE_MS
    ) {
      throw badRequest([
        { field: "date", reason: "must not be in the future for a done event (use status planned)" },
      ]);
    }
    if (Object.keys(set).length === 0) return presentEvent(current);
    const [row] = await tx
      .update(maintenanceEvents)
      .set({ ...set, updatedAt: sql`now()` })
      .where(where)
      .returning()
      .catch(duplicateEvent);
    await announce(tx, current);
    if (row!.eventDate !== current.eventDate) await announce(tx, row!);
    return presentEvent(row!);
  });
}

export async function deleteMaintenanceEvent(db: Db, orgId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(maintenanceEvents)
      .where(and(eq(maintenanceEvents.orgId, orgId), eq(maintenanceEvents.id, id)))
      .returning();
    if (!deleted) throw notFound("Maintenance event");
    await announce(tx, deleted);
  });
}
