/**
 * Alert rows: the inbox's reads (scoped by organisation, paginated) and the lifecycle's writes. Opening uses
 * the partial unique index `alerts_one_unresolved_key` (one unresolved alert per ship and type) with ON
 * CONFLICT, so two processes evaluating the same ship at once open one alert; only the one whose insert
 * happened reports it as opened (and sends its notification).
 */

import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AlertItem, AlertListFilter, AlertStatus } from "../../contracts/alerts";
import type { AlertType, RuleResult } from "../../domain/alerts/alert-types";
import { ALERT_LABELS } from "../../domain/alerts/alert-types";
import type { Db } from "../db/client";
import { alerts, ships, users } from "../db/schema";
import { conflict, notFound } from "../http/errors";

export type AlertRow = typeof alerts.$inferSelect;

const ackUser = alias(users, "ack_user");
const resUser = alias(users, "res_user");
const UNRESOLVED: AlertStatus[] = ["open", "acknowledged"];

type Person = { id: number; firstName: string; email: string } | null;
const nameOf = (u: Person) => (u === null ? null : { id: u.id, name: u.firstName || u.email || "User" });

function presentAlert(r: AlertRow, shipName: string, ack: Person, res: Person): AlertItem {
  return {
    id: r.id,
    shipId: r.shipId,
    shipName,
    type: r.type,
    status: r.status,
    severity: r.severity,
    figure: r.figure,
    threshold: r.threshold,
    unit: r.unit === "days" ? "days" : "%",
    message: r.message,
    latestFigure: r.latestFigure,
    latestMessage: r.latestMessage,
    link: r.link,
    openedAt: r.openedAt.toISOString(),
    evaluatedAt: r.evaluatedAt.toISOString(),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: nameOf(ack),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedBy: nameOf(res),
    resolutionNote: r.resolutionNote,
  };
}

async function selectAlerts(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<AlertItem[]> {
  const rows = await db
    .select({
      alert: alerts,
      shipName: ships.name,
      ack: { id: ackUser.id, firstName: ackUser.firstName, email: ackUser.email },
      res: { id: resUser.id, firstName: resUser.firstName, email: resUser.email },
    })
    .from(alerts)
    .innerJoin(ships, and(eq(ships.orgId, alerts.orgId), eq(ships.id, alerts.shipId)))
    .leftJoin(ackUser, eq(ackUser.id, alerts.acknowledgedBy))
    .leftJoin(resUser, eq(resUser.id, alerts.resolvedBy))
    .where(where)
    .orderBy(desc(alerts.openedAt), desc(alerts.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => presentAlert(r.alert, r.shipName, r.ack, r.res));
}

/** The organisation's alerts, newest first, filtered by status, ship and type. */
export async function listAlerts(db: Db, orgId: number, q: AlertListFilter) {
  const where = and(
    eq(alerts.orgId, orgId),
    q.status ? eq(alerts.status, q.status) : undefined,
    q.shipId ? eq(alerts.shipId, q.shipId) : undefined,
    q.type ? eq(alerts.type, q.type) : undefined,
  );
  const { page, pageSize } = q;
  const [items, [total]] = await Promise.all([
    selectAlerts(db, where, pageSize, (page - 1) * pageSize),
    db.select({ n: count() }).from(alerts).where(where),
  ]);
  return { items, total: total?.n ?? 0, page, pageSize };
}

/** One alert of the organisation; 404 otherwise. */
export async function getAlert(db: Db, orgId: number, id: number): Promise<AlertItem> {
  const [item] = await selectAlerts(db, and(eq(alerts.orgId, orgId), eq(alerts.id, id)), 1, 0);
  if (!item) throw notFound("Alert");
  return item;
}

/** Unresolved alerts by status, of the organisation or one of its ships. */
export async function alertCounts(db: Db, orgId: number, shipId?: number) {
  const rows = await db
    .select({ status: alerts.status, n: count() })
    .from(alerts)
    .where(
      and(
        eq(alerts.orgId, orgId),
        inArray(alerts.status, UNRESOLVED),
        shipId === undefined ? undefined : eq(alerts.shipId, shipId),
      ),
    )
    .groupBy(alerts.status);
  const of = (s: AlertStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  return { open: of("open"), acknowledged: of("acknowledged") };
}

/** Unresolved (open or acknowledged) alerts per ship of the organisation: the fleet page's count. */
export async function unresolvedAlertsByShip(db: Db, orgId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ shipId: alerts.shipId, n: count() })
    .from(alerts)
    .where(and(eq(alerts.orgId, orgId), inArray(alerts.status, UNRESOLVED)))
    .groupBy(alerts.shipId);
  return new Map(rows.map((r) => [r.shipId, r.n]));
}

/** The ship's unresolved alerts, newest first, as the PDF vessel report lists them. */
export async function unresolvedAlertsOfShip(db: Db, orgId: number, shipId: number) {
  const where = and(eq(alerts.orgId, orgId), eq(alerts.shipId, shipId), inArray(alerts.status, UNRESOLVED));
  const items = await selectAlerts(db, where, 100, 0);
  return items.map((a) => ({
    type: a.type,
    severity: a.severity,
    title: `${ALERT_LABELS[a.type]}${a.status === "acknowledged" ? " (acknowledged)" : ""}`,
    message: a.latestMessage,
    occurredAt: a.openedAt,
  }));
}

/** Why a lifecycle step does not apply: 404 for another organisation's or no alert, 409 for a wrong state. */
async function refuse(db: Db, orgId: number, id: number, step: string): Promise<never> {
  const [row] = await db
    .select({ status: alerts.status })
    .from(alerts)
    .where(and(eq(alerts.orgId, orgId), eq(alerts.id, id)));
  if (!row) throw notFound("Alert");
  throw conflict(`The alert is ${row.status}: it cannot be ${step}`);
}

/** open → acknowledged, with who and when. */
export async function acknowledgeAlert(db: Db, orgId: number, id: number, userId: number, now: Date) {
  const done = await db
    .update(alerts)
    .set({ status: "acknowledged", acknowledgedAt: now, acknowledgedBy: userId })
    .where(and(eq(alerts.orgId, orgId), eq(alerts.id, id), eq(alerts.status, "open")))
    .returning({ id: alerts.id });
  if (done.length === 0) await refuse(db, orgId, id, "acknowledged");
  return getAlert(db, orgId, id);
}

/** open or acknowledged → resolved by a person, with an optional note. */
export async function resolveAlertByHand(
  db: Db,
  orgId: number,
  id: number,
  userId: number,
  note: string | null,
  now: Date,
): Promise<AlertRow> {
  const [row] = await db
    .update(alerts)
    .set({ status: "resolved", resolvedAt: now, resolvedBy: userId, resolutionNote: note })
    .where(and(eq(alerts.orgId, orgId), eq(alerts.id, id), inArray(alerts.status, UNRESOLVED)))
    .returning();
  if (!row) return refuse(db, orgId, id, "resolved");
  return row;
}

export type OpenAlert = {
  orgId: number;
  shipId: number;
  type: AlertType;
  severity: AlertRow["severity"];
  result: RuleResult;
  link: string;
  now: Date;
};

/**
 * Opens the ship's alert of this type, or refreshes the unresolved one with the latest figure. Returns the
 * row and whether this call opened it (false: it was already open, perhaps opened a moment ago by another
 * process evaluating the same ship).
 */
export async function openOrRefreshAlert(db: Db, a: OpenAlert): Promise<{ row: AlertRow; opened: boolean }> {
  const { rows } = await db.execute<AlertRow & { opened: boolean }>(sql`
    insert into alerts (org_id, ship_id, type, status, severity, figure, unit, threshold, latest_figure,
                        message, latest_message, link, opened_at, evaluated_at)
    values (${a.orgId}, ${a.shipId}, ${a.type}, 'open', ${a.severity}, ${a.result.figure}, ${a.result.unit},
            ${a.result.threshold}, ${a.result.figure}, ${a.result.reason}, ${a.result.reason}, ${a.link},
            ${a.now}, ${a.now})
    on conflict (org_id, ship_id, type) where status in ('open', 'acknowledged')
    do update set latest_figure = excluded.latest_figure, latest_message = excluded.latest_message,
                  evaluated_at = excluded.evaluated_at
    returning id, org_id as "orgId", ship_id as "shipId", type, severity, figure, unit, threshold,
              message, link, opened_at as "openedAt", (xmax = 0) as opened`);
  const r = rows[0]!;
  return { row: { ...r, openedAt: new Date(r.openedAt) } as AlertRow, opened: r.opened };
}

/** Resolves the ship's unresolved alert of this type because its condition cleared; the row, or null if none. */
export async function resolveCleared(
  db: Db,
  orgId: number,
  shipId: number,
  type: AlertType,
  result: RuleResult,
  now: Date,
): Promise<AlertRow | null> {
  const [row] = await db
    .update(alerts)
    .set({
      status: "resolved",
      resolvedAt: now,
      resolvedBy: null,
      latestFigure: result.figure,
      latestMessage: result.reason,
      evaluatedAt: now,
      resolutionNote: `Resolved automatically: ${result.reason}`,
    })
    .where(
      and(
        eq(alerts.orgId, orgId),
        eq(alerts.shipId, shipId),
        eq(alerts.type, type),
        inArray(alerts.status, UNRESOLVED),
      ),
    )
    .returning();
  return row ?? null;
}
