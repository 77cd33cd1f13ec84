/**
 * Evaluates one ship's enabled alert rules as of `now` and moves its alerts accordingly (issue 16 items 3–4):
 * a rule that fires opens an alert (or refreshes the unresolved one's latest figure: no storms), a rule that
 * clears resolves the unresolved one automatically, and 'no-data' leaves any alert as it is (a missing input
 * neither raises nor clears). An opened or resolved alert queues its notification (ALERT_NOTIFY_JOB) for the
 * delivery; the payload carries everything the delivery needs.
 */

import { ALERT_LABELS, ALERT_TYPES, type AlertType, type RuleResult } from "../../domain/alerts/alert-types";
import { evaluateRule, type RuleInputs } from "../../domain/alerts/index";
import type { ShipProfile } from "../../domain/ships/ship-profile";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import type { JobQueue } from "../jobs/job-queue";
import { getShipProfile } from "../ships/ships.repository";
import { loadAlertConfig } from "./alert-config.repository";
import { alertLink, gatherRuleInputs } from "./alert-inputs";
import { ALERT_NOTIFY_JOB, type AlertNotification } from "./alert-notification";
import { type AlertRow, openOrRefreshAlert, resolveCleared } from "./alerts.repository";

export type EvaluationDeps = {
  db: Db;
  jobs: Pick<JobQueue, "send">;
  log: { warn: (obj: object, msg: string) => void };
};

export type RuleOutcome = {
  type: AlertType;
  result: RuleResult;
  action: "opened" | "refreshed" | "resolved" | "none";
  alertId: number | null;
};

const fmtFigure = (x: number | null, unit: string) =>
  x === null ? "no figure" : `${x.toFixed(unit === "days" ? 0 : 1)} ${unit}`;

/** The one-line title of an alert: its type, figure and threshold. */
export function alertTitle(type: AlertType, figure: number | null, threshold: number, unit: string): string {
  return `${ALERT_LABELS[type]}: ${fmtFigure(figure, unit)} (threshold ${threshold} ${unit})`;
}

/** The delivery's payload for an alert that opened or resolved. */
export function notificationOf(
  row: Pick<AlertRow, "id" | "orgId" | "shipId" | "type" | "severity" | "unit" | "threshold" | "link">,
  event: AlertNotification["event"],
  ship: Pick<ShipProfile, "name">,
  notificationMethod: AlertNotification["notificationMethod"],
  figure: number | null,
  message: string,
  at: Date,
): AlertNotification {
  const unit = row.unit;
  return {
    orgId: row.orgId,
    alertId: row.id,
    event,
    type: row.type,
    severity: row.severity,
    notificationMethod,
    shipId: row.shipId,
    shipName: ship.name,
    title: `${event === "resolved" ? "Resolved — " : ""}${alertTitle(row.type, figure, row.threshold, unit)}`,
    message,
    figure: { value: figure, unit, threshold: row.threshold },
    link: row.link,
    occurredAt: at.toISOString(),
  };
}

/** Queues a notification; a queue that cannot take it is logged, never thrown at the evaluation. */
export async function queueNotification(deps: EvaluationDeps, n: AlertNotification): Promise<void> {
  try {
    await deps.jobs.send(ALERT_NOTIFY_JOB, n);
  } catch (err) {
    deps.log.warn({ err, alertId: n.alertId }, "alert notification could not be queued");
  }
}

/** Evaluates the ship's enabled rules; [] when the ship no longer exists (deleted after the job was queued). */
export async function evaluateShip(
  deps: EvaluationDeps,
  orgId: number,
  shipId: number,
  now: Date,
): Promise<RuleOutcome[]> {
  const { db } = deps;
  let ship: ShipProfile;
  try {
    ship = await getShipProfile(db, orgId, shipId);
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 404) return [];
    throw err;
  }
  const { config } = await loadAlertConfig(db, orgId, shipId);
  const types = ALERT_TYPES.filter((t) => config[t].enabled);
  const inputs = await gatherRuleInputs(db, orgId, ship, types, now);
  const outcomes: RuleOutcome[] = [];
  for (const type of types) {
    const c = config[type];
    const result = evaluateRule(type, inputs[type] as RuleInputs[typeof type], c.threshold);
    if (result.state === "fires") {
      const { row, opened } = await openOrRefreshAlert(db, {
        orgId,
        shipId,
        type,
        severity: c.severity,
        result,
        link: alertLink(shipId, type),
        now,
      });
      if (opened)
        await queueNotification(
          deps,
          notificationOf(row, "opened", ship, c.notificationMethod, result.figure, result.reason, now),
        );
      outcomes.push({ type, result, action: opened ? "opened" : "refreshed", alertId: row.id });
    } else if (result.state === "clear") {
      const row = await resolveCleared(db, orgId, shipId, type, result, now);
      if (row)
        await queueNotification(
          deps,
          notificationOf(row, "resolved", ship, c.notificationMethod, result.figure, result.reason, now),
        );
      outcomes.push({ type, result, action: row ? "resolved" : "none", alertId: row?.id ?? null });
    } else outcomes.push({ type, result, action: "none", alertId: null });
  }
  return outcomes;
}
