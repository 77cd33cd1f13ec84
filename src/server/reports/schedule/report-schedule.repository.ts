/**
 * The monthly report schedule (`report_schedules`) and its delivery log (`report_deliveries`), scoped by
 * organisation. A delivery row is also the claim that makes one process, and only one, send a month's report
 * to a recipient: `claimDelivery` wins with an insert, or with a conditional update of a failed (or abandoned)
 * attempt; every other caller gets false.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ReportDelivery, ReportScheduleBody } from "../../../contracts/report-schedule";
import type { Db } from "../../db/client";
import { memberships, reportDeliveries, reportSchedules, ships, users } from "../../db/schema";
import { badRequest } from "../../http/errors";

export type StoredSchedule = {
  enabled: boolean;
  shipIds: number[];
  memberIds: number[];
  updatedAt: Date | null;
};

const OFF: StoredSchedule = { enabled: false, shipIds: [], memberIds: [], updatedAt: null };

/**
 * A 'sending' claim older than this is taken as abandoned (its process died mid-send) and may be claimed
 * again: the report may then arrive twice, never zero times (the PDFs of a fleet take seconds, not minutes).
 */
export const ABANDONED_CLAIM_MINUTES = 30;

export async function getSchedule(db: Db, orgId: number): Promise<StoredSchedule> {
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.orgId, orgId));
  return row
    ? { enabled: row.enabled, shipIds: row.shipIds, memberIds: row.memberIds, updatedAt: row.updatedAt }
    : OFF;
}

/** Saves the schedule after checking every ship and member is the organisation's (400 naming the field). */
export async function saveSchedule(
  db: Db,
  orgId: number,
  userId: number,
  body: ReportScheduleBody,
): Promise<void> {
  const [ownShips, members] = await Promise.all([
    body.shipIds.length === 0
      ? []
      : db
          .select({ id: ships.id })
          .from(ships)
          .where(and(eq(ships.orgId, orgId), inArray(ships.id, body.shipIds))),
    body.memberIds.length === 0
      ? []
      : db
          .select({ id: memberships.userId })
          .from(memberships)
          .where(and(eq(memberships.orgId, orgId), inArray(memberships.userId, body.memberIds))),
  ]);
  const details = [
    ...missing(body.shipIds, ownShips, "shipIds", "ship"),
    ...missing(body.memberIds, members, "memberIds", "member of the organisation"),
  ];
  if (details.length > 0) throw badRequest(details);
  const values = { ...body, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(reportSchedules)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: reportSchedules.orgId, set: values });
}

function missing(asked: number[], found: { id: number }[], field: string, what: string) {
  const known = new Set(found.map((f) => f.id));
  return asked
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => !known.has(id))
    .map(({ id, i }) => ({ field: `${field}.${i}`, reason: `${id} is no ${what}` }));
}

/** The organisations whose schedule is on (the monthly sweep's fan-out). */
export async function scheduledOrgIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ orgId: reportSchedules.orgId })
    .from(reportSchedules)
    .where(eq(reportSchedules.enabled, true));
  return rows.map((r) => r.orgId);
}

/** The schedule's members who are still members, with their address (lower case), in the listed order. */
export async function recipientsOf(db: Db, orgId: number, memberIds: number[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.userId, memberIds)));
  const byId = new Map(rows.map((r) => [r.userId, r.email.toLowerCase()]));
  return [...new Set(memberIds.flatMap((id) => byId.get(id) ?? []))];
}

type DeliveryKey = { orgId: number; period: string; target: string };

const keyIs = (k: DeliveryKey) =>
  and(
    eq(reportDeliveries.orgId, k.orgId),
    eq(reportDeliveries.period, k.period),
    eq(reportDeliveries.target, k.target),
  );

/**
 * Takes the right to send the month's report to `target`: true for exactly one caller while the previous
 * attempt (if any) failed or was abandoned; false when it was sent, skipped, or is being sent by another.
 */
export async function claimDelivery(db: Db, k: DeliveryKey, shipIds: number[]): Promise<boolean> {
  const inserted = await db
    .insert(reportDeliveries)
    .values({ ...k, shipIds, outcome: "sending" })
    .onConflictDoNothing()
    .returning({ id: reportDeliveries.id });
  if (inserted.length > 0) return true;
  const retaken = await db
    .update(reportDeliveries)
    .set({
      outcome: "sending",
      shipIds,
      attempts: sql`${reportDeliveries.attempts} + 1`,
      at: new Date(),
      error: null,
    })
    .where(
      and(
        keyIs(k),
        sql`(${reportDeliveries.outcome} = 'failed' or (${reportDeliveries.outcome} = 'sending' and ${reportDeliveries.at} < now() - make_interval(mins => ${ABANDONED_CLAIM_MINUTES})))`,
      ),
    )
    .returning({ id: reportDeliveries.id });
  return retaken.length > 0;
}

/** Ends a claim with its outcome. */
export async function settleDelivery(
  db: Db,
  k: DeliveryKey,
  outcome: "sent" | "failed",
  error: string | null,
): Promise<void> {
  await db.update(reportDeliveries).set({ outcome, error, at: new Date() }).where(keyIs(k));
}

/** Logs a month that could not be sent at all (no mail server, nobody to send to), once. */
export async function logSkipped(db: Db, k: DeliveryKey, reason: string): Promise<void> {
  await db
    .insert(reportDeliveries)
    .values({ ...k, outcome: "skipped", error: reason })
    .onConflictDoNothing();
}

export async function listReportDeliveries(db: Db, orgId: number, limit = 24): Promise<ReportDelivery[]> {
  const rows = await db
    .select()
    .from(reportDeliveries)
    .where(eq(reportDeliveries.orgId, orgId))
    .orderBy(desc(reportDeliveries.at), desc(reportDeliveries.id))
    .limit(limit);
  return rows.map((r) => ({
    period: r.period,
    target: r.target,
    shipIds: r.shipIds,
    outcome: r.outcome,
    attempts: r.attempts,
    error: r.error,
    at: r.at.toISOString(),
  }));
}
