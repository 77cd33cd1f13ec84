/**
 * 'Send test' (`POST /api/alerts/channels/test`): one message through one channel, now, with its outcome in
 * the answer and in the delivery log (`event` 'test', no alert). The e-mail goes to the admin who asks, the
 * SMS to the listed numbers, the webhook call is signed like an alert's. Admin self-tests reuse it.
 */
import { randomUUID } from "node:crypto";
import type { DeliveryChannel } from "../../../contracts/alert-delivery";
import { TEST_SMS, testEmail, testWebhookBody } from "./alert-messages";
import { sendEmail, sendSms, sendWebhook, webhookTarget } from "./channel-senders";
import { getChannels } from "./channels.repository";
import { attemptAll, type DeliveryDeps, NO_TARGET, type PlannedDelivery } from "./deliver-alert";
import { type AttemptRecord, logAttempts } from "./deliveries.repository";

async function planTest(
  deps: DeliveryDeps,
  orgId: number,
  callerEmail: string,
  channel: DeliveryChannel,
): Promise<PlannedDelivery[]> {
  if (channel === "email") {
    if (!deps.mailer.available) {
      return [{ channel, target: NO_TARGET, skip: "no mail server is configured (SMTP_URL)" }];
    }
    const content = testEmail(deps.config.PUBLIC_URL);
    return [{ channel, target: callerEmail, send: () => sendEmail(deps.mailer, callerEmail, content) }];
  }
  const channels = await getChannels(deps.db, orgId);
  if (channel === "webhook") {
    const { webhookUrl: url, webhookSecret: secret } = channels;
    if (!url || !secret) return [{ channel, target: NO_TARGET, skip: "no webhook is set" }];
    const id = `test-${randomUUID()}`;
    return [
      {
        channel,
        target: webhookTarget(url),
        send: () => sendWebhook(deps.config, { url, secret }, id, (ts) => testWebhookBody(id, ts)),
      },
    ];
  }
  if (!deps.config.SMS_GATEWAY_URL) {
    return [{ channel, target: NO_TARGET, skip: "no SMS gateway is configured (SMS_GATEWAY_URL)" }];
  }
  if (channels.smsRecipients.length === 0) {
    return [{ channel, target: NO_TARGET, skip: "the notification channels list no SMS number" }];
  }
  return channels.smsRecipients.map((to) => ({
    channel,
    target: to,
    send: () => sendSms(deps.config, to, TEST_SMS),
  }));
}

export async function testChannel(
  deps: DeliveryDeps,
  orgId: number,
  callerEmail: string,
  channel: DeliveryChannel,
): Promise<AttemptRecord[]> {
  const planned = await planTest(deps, orgId, callerEmail, channel);
  const records = await attemptAll(planned, { orgId, alertId: null, event: "test", attempt: 1 });
  await logAttempts(deps.db, records);
  return records;
}
