/**
 * A ship's maintenance events for the hull analysis (issue 14 item 1): the stored events plus the hull
 * records' 'Last Cleaning Date' as implied hull cleanings where no stored event says otherwise (the rule,
 * its window and why: domain `withImpliedCleanings`). Every hull section segments at these events.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { type MaintenanceEvent, withImpliedCleanings } from "../../domain/maintenance/maintenance-events";
import type { Db } from "../db/client";
import { hullCondition } from "../db/schema";
import { domainEvent, listShipEvents } from "../maintenance/maintenance-events.repository";

/** The distinct 'Last Cleaning Date's of a ship's hull records. */
async function hullRecordCleaningDates(db: Db, orgId: number, shipId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: hullCondition.lastCleaningDate })
    .from(hullCondition)
    .where(
      and(
        eq(hullCondition.orgId, orgId),
        eq(hullCondition.shipId, shipId),
        isNotNull(hullCondition.lastCleaningDate),
      ),
    );
  return rows.map((r) => r.date!);
}

/**
 * The ship's events, oldest first, stored and implied (`source` says which); 404 when the ship is not the
 * organisation's.
 */
export async function maintenanceEventsForHull(
  db: Db,
  orgId: number,
  shipId: number,
): Promise<MaintenanceEvent[]> {
  const stored = (await listShipEvents(db, orgId, shipId)).map(domainEvent);
  return withImpliedCleanings(stored, await hullRecordCleaningDates(db, orgId, shipId));
}
