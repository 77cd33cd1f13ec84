/**
 * Alert configuration rows (issue 16 item 1): the organisation's per type, and a ship's overrides. The
 * effective configuration of a ship is its override, else the organisation's, else the specification's
 * default (domain ALERT_DEFAULTS). Every query is scoped by the caller's organisation.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AlertConfigBody, AlertConfigMap, AlertConfigResponse } from "../../contracts/alerts";
import {
  ALERT_DEFAULTS,
  ALERT_TYPES,
  type AlertConfig,
  type AlertType,
} from "../../domain/alerts/alert-types";
import type { Db } from "../db/client";
import { alertConfigs } from "../db/schema";

type Row = typeof alertConfigs.$inferSelect;
const itemOf = (r: Row): AlertConfig => ({
  enabled: r.enabled,
  threshold: r.threshold,
  severity: r.severity,
  notificationMethod: r.notificationMethod,
});

/** The effective configuration of the organisation (`shipId` null) or of one of its ships. */
export async function loadAlertConfig(
  db: Db,
  orgId: number,
  shipId: number | null,
): Promise<AlertConfigResponse> {
  const rows = await db
    .select()
    .from(alertConfigs)
    .where(and(eq(alertConfigs.orgId, orgId), shipId === null ? isNull(alertConfigs.shipId) : undefined));
  const orgRows = new Map(rows.filter((r) => r.shipId === null).map((r) => [r.type, r]));
  const shipRows = new Map(
    shipId === null ? [] : rows.filter((r) => r.shipId === shipId).map((r) => [r.type, r]),
  );
  const config = Object.fromEntries(
    ALERT_TYPES.map((t) => {
      const row = shipRows.get(t) ?? orgRows.get(t);
      return [t, row ? itemOf(row) : { ...ALERT_DEFAULTS[t] }];
    }),
  ) as AlertConfigMap;
  return {
    shipId,
    config,
    overridden: ALERT_TYPES.filter((t) => shipRows.has(t)),
    customised: ALERT_TYPES.filter((t) => orgRows.has(t)),
  };
}

/**
 * Sets the types given (one transaction: all or none). For a ship, null removes its override; for the
 * organisation, null puts the type back to the specification's default.
 */
export async function saveAlertConfig(
  db: Db,
  orgId: number,
  shipId: number | null,
  body: AlertConfigBody,
  userId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const type of ALERT_TYPES) {
      const item = body[type];
      if (item === undefined) continue;
      const scope = and(
        eq(alertConfigs.orgId, orgId),
        eq(alertConfigs.type, type as AlertType),
        shipId === null ? isNull(alertConfigs.shipId) : eq(alertConfigs.shipId, shipId),
      );
      if (item === null) {
        await tx.delete(alertConfigs).where(scope);
        continue;
      }
      const values = { ...item, updatedBy: userId, updatedAt: new Date() };
      // an upsert on the partial unique index: two saves at once leave one row, the later one's values
      await tx
        .insert(alertConfigs)
        .values({ orgId, shipId, type, ...values })
        .onConflictDoUpdate({
          target:
            shipId === null
              ? [alertConfigs.orgId, alertConfigs.type]
              : [alertConfigs.orgId, alertConfigs.shipId, alertConfigs.type],
          targetWhere: shipId === null ? sql`ship_id is null` : sql`ship_id is not null`,
          set: values,
        });
    }
  });
}
