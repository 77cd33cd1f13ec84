/**
 * The three ways out, one attempt each: an e-mail through the mailer, a signed webhook call, an SMS through
 * the configured HTTP gateway. Each rejects with a readable error; the caller logs and retries.
 */
import type { Config } from "../../config";
import type { Mailer } from "../../mail/mailer";
import type { EmailContent } from "./alert-messages";
import { postJson } from "./post-json";
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhookBody, TIMESTAMP_HEADER } from "./webhook-signature";

export type SenderConfig = Pick<
  Config,
  | "PUBLIC_URL"
  | "SMS_GATEWAY_URL"
  | "SMS_GATEWAY_TOKEN"
  | "WEBHOOK_ALLOW_PRIVATE"
  | "DELIVERY_TIMEOUT_MS"
  | "SMTP_URL"
>;

export async function sendEmail(mailer: Mailer, to: string, content: EmailContent): Promise<void> {
  await mailer.send({ to, ...content });
}

/**
 * POSTs `bodyAt(timestamp)` to the webhook, signed with the secret; the timestamp (Unix seconds) is taken
 * now, per attempt, and given in the body and the header alike.
 */
export async function sendWebhook(
  config: SenderConfig,
  webhook: { url: string; secret: string },
  deliveryId: string,
  bodyAt: (timestamp: number) => string,
): Promise<void> {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = bodyAt(timestamp);
  await postJson(webhook.url, body, {
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    headers: {
      [SIGNATURE_HEADER]: signWebhookBody(webhook.secret, body),
      [TIMESTAMP_HEADER]: String(timestamp),
      [DELIVERY_HEADER]: deliveryId,
    },
  });
}

/** The gateway is the operator's own (SMS_GATEWAY_URL), so private addresses are allowed for it. */
export async function sendSms(config: SenderConfig, to: string, text: string): Promise<void> {
  if (!config.SMS_GATEWAY_URL) throw new Error("no SMS gateway is configured (SMS_GATEWAY_URL)");
  await postJson(config.SMS_GATEWAY_URL, JSON.stringify({ to, text }), {
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    allowPrivate: true,
    headers: config.SMS_GATEWAY_TOKEN ? { authorization: `Bearer ${config.SMS_GATEWAY_TOKEN}` } : {},
  });
}

/** What the delivery log and other members see of a webhook: its origin (a URL's path or query may hold a token). */
export function webhookTarget(url: string): string {
  return new URL(url).origin;
}
