/**
 * The alert-notify job's handler: delivers one alert event (opened or resolved) by e-mail (when the alert
 * type's notification method is 'email'), SMS (method 'sms') and the organisation's webhook (every alert,
 * when one is set); the dashboard needs nothing (the alert itself is there).
 *
 * Every attempt is logged per channel and target. The job is retried with backoff (pg-boss) while any target
 * failed; a retry skips the targets already delivered, so a webhook answering 500 never repeats the e-mails.
 * Delivery is at least once: a message sent just before the process died is sent again (a webhook receiver
 * dedupes by the body's `id`). The targets of one event are tried in parallel, each bounded by
 * DELIVERY_TIMEOUT_MS, so one frozen server delays nothing else, and no request waits for any of it.
 */
import type { DeliveryChannel } from "../../../contracts/alert-delivery";
import type { Db } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { AlertNotification } from "../alert-notification";
import { alertEmail, alertSms, webhookBody } from "./alert-messages";
import { type SenderConfig, sendEmail, sendSms, sendWebhook, webhookTarget } from "./channel-senders";
import { emailRecipients, getChannels, type StoredChannels } from "./channels.repository";
import { type AttemptRecord, logAttempts, settledTargets, targetKey } from "./deliveries.repository";

export type DeliveryDeps = {
  db: Db;
  mailer: Mailer;
  config: SenderConfig;
  /** Counts each attempt by channel and outcome (Prometheus `sextant_alert_deliveries_total`). */
  countAttempt?: (channel: string, outcome: string) => void;
};

/** One target of a delivery: a send to try, or a reason it cannot be tried (logged as 'skipped'). */
export type PlannedDelivery = {
  channel: DeliveryChannel;
  target: string;
} & ({ send: () => Promise<void> } | { skip: string });

/** Shown as the target of a skipped delivery that had none. */
export const NO_TARGET = "(none)";

function planEmail(deps: DeliveryDeps, n: AlertNotification, recipients: string[]): PlannedDelivery[] {
  if (!deps.mailer.available) {
    return [{ channel: "email", target: NO_TARGET, skip: "no mail server is configured (SMTP_URL)" }];
  }
  if (recipients.length === 0) {
    return [
      {
        channel: "email",
        target: NO_TARGET,
        skip: "no member has alert e-mails on and the notification channels list no address",
      },
    ];
  }
  const content = alertEmail(n, deps.config.PUBLIC_URL);
  return recipients.map((to) => ({
    channel: "email",
    target: to,
    send: () => sendEmail(deps.mailer, to, content),
  }));
}

function planSms(deps: DeliveryDeps, n: AlertNotification, channels: StoredChannels): PlannedDelivery[] {
  if (!deps.config.SMS_GATEWAY_URL) {
    return [{ channel: "sms", target: NO_TARGET, skip: "no SMS gateway is configured (SMS_GATEWAY_URL)" }];
  }
  if (channels.smsRecipients.length === 0) {
    return [{ channel: "sms", target: NO_TARGET, skip: "the notification channels list no SMS number" }];
  }
  const text = alertSms(n, deps.config.PUBLIC_URL);
  return channels.smsRecipients.map((to) => ({
    channel: "sms",
    target: to,
    send: () => sendSms(deps.config, to, text),
  }));
}

/** The targets of one alert event, from the organisation's channels as they are now. */
export async function planAlertDelivery(
  deps: DeliveryDeps,
  n: AlertNotification,
): Promise<PlannedDelivery[]> {
  const channels = await getChannels(deps.db, n.orgId);
  const planned: PlannedDelivery[] = [];
  if (n.notificationMethod === "email") {
    planned.push(...planEmail(deps, n, await emailRecipients(deps.db, n.orgId, channels)));
  }
  if (n.notificationMethod === "sms") planned.push(...planSms(deps, n, channels));
  const { webhookUrl, webhookSecret } = channels;
  if (webhookUrl && webhookSecret) {
    planned.push({
      channel: "webhook",
      target: webhookTarget(webhookUrl),
      send: () =>
        sendWebhook(
          deps.config,
          { url: webhookUrl, secret: webhookSecret },
          `alert-${n.alertId}-${n.event}`,
          (ts) => webhookBody(n, deps.config.PUBLIC_URL, ts),
        ),
    });
  }
  return planned;
}

/** Tries every planned target at once; each ends as one attempt record, never as a thrown error. */
export async function attemptAll(
  planned: PlannedDelivery[],
  base: Pick<AttemptRecord, "orgId" | "alertId" | "event" | "attempt">,
): Promise<AttemptRecord[]> {
  return Promise.all(
    planned.map(async (p): Promise<AttemptRecord> => {
      const record = { ...base, channel: p.channel, target: p.target };
      if ("skip" in p) return { ...record, outcome: "skipped", error: p.skip };
      try {
        await p.send();
        return { ...record, outcome: "sent", error: null };
      } catch (err) {
        return { ...record, outcome: "failed", error: errorText(err) };
      }
    }),
  );
}

export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 500);
}

/**
 * Delivers one alert event; `attempt` is the job's try (1 the first). Throws when a target failed, so that
 * the job is retried; the attempts are logged before.
 */
export async function deliverAlert(deps: DeliveryDeps, n: AlertNotification, attempt: number): Promise<void> {
  const planned = await planAlertDelivery(deps, n);
  const settled = await settledTargets(deps.db, n.orgId, n.alertId, n.event);
  const todo = planned.filter((p) => !settled.has(targetKey(p.channel, p.target)));
  const records = await attemptAll(todo, { orgId: n.orgId, alertId: n.alertId, event: n.event, attempt });
  await logAttempts(deps.db, records);
  for (const r of records) deps.countAttempt?.(r.channel, r.outcome);
  const failed = records.filter((r) => r.outcome === "failed");
  if (failed.length > 0) {
    throw new Error(
      `alert ${n.alertId} (${n.event}): ${failed.length} of ${records.length} deliveries failed: ${failed
        .map((f) => `${f.channel} ${f.target}: ${f.error}`)
        .join("; ")}`,
    );
  }
}
