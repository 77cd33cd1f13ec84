/** The delivery log (`alert_deliveries`): one row per attempt, scoped by organisation. */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Delivery, DeliveryChannel } from "../../../contracts/alert-delivery";
import type { PageInfo, PageQuery } from "../../../contracts/pagination";
import type { Db } from "../../db/client";
import { alertDeliveries } from "../../db/schema";
import { afterCursor, countWhere, type KeysetOrder, keysetOrderBy, keysetPage } from "../../http/pagination";

export type DeliveryOutcome = "sent" | "failed" | "skipped";

export type AttemptRecord = {
  orgId: number;
  alertId: number | null;
  event: string;
  channel: DeliveryChannel;
  target: string;
  attempt: number;
  outcome: DeliveryOutcome;
  error: string | null;
};

export async function logAttempts(db: Db, attempts: AttemptRecord[]): Promise<void> {
  if (attempts.length > 0) await db.insert(alertDeliveries).values(attempts);
}

/**
 * The channel/target pairs already delivered (or skipped for good) for one alert event: a retry of the job
 * leaves them alone, so a webhook answering 500 never sends the e-mails again.
 */
export async function settledTargets(
  db: Db,
  orgId: number,
  alertId: number,
  event: string,
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ channel: alertDeliveries.channel, target: alertDeliveries.target })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.orgId, orgId),
        eq(alertDeliveries.alertId, alertId),
        eq(alertDeliveries.event, event),
        // 'skipped' is settled too: a missing gateway or recipient does not appear by retrying.
        sql`${alertDeliveries.outcome} in ('sent', 'skipped')`,
      ),
    );
  return new Set(rows.map((r) => targetKey(r.channel, r.target)));
}

export const targetKey = (channel: string, target: string) => `${channel}\u0000${target}`;

const deliveryOrder: KeysetOrder = { sort: alertDeliveries.id, id: alertDeliveries.id, direction: "desc" };

/** A page of the delivery log, newest first (ids follow the attempts), of the organisation or one alert. */
export async function listDeliveries(
  db: Db,
  orgId: number,
  query: PageQuery & { alertId?: number },
): Promise<{ deliveries: Delivery[] } & PageInfo> {
  const where: SQL[] = [eq(alertDeliveries.orgId, orgId)];
  if (query.alertId !== undefined) where.push(eq(alertDeliveries.alertId, query.alertId));
  const { items, page } = await keysetPage(
    db
      .select()
      .from(alertDeliveries)
      .where(and(...where, afterCursor(deliveryOrder, query.cursor)))
      .orderBy(...keysetOrderBy(deliveryOrder))
      .limit(query.limit + 1),
    countWhere(db, alertDeliveries, and(...where)),
    query,
    (r) => ({ after: r.id, id: r.id }),
  );
  const deliveries = items.map((r) => ({
    id: r.id,
    alertId: r.alertId,
    event: r.event,
    channel: r.channel,
    target: r.target,
    attempt: r.attempt,
    outcome: r.outcome,
    error: r.error,
    at: r.at.toISOString(),
  }));
  return { deliveries, ...page };
}
