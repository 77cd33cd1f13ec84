/**
 * Alert delivery (issue 16 item 5): the organisation's notification channels, the per-member e-mail opt-in,
 * channel tests and the delivery log. Shared by the server's routes and the web's Notification channels card.
 */
import { z } from "zod";
import { idParam } from "./common";
import { pageFields, pageQueryFieldsOf } from "./pagination";

export const DELIVERY_CHANNELS = ["email", "webhook", "sms"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_OUTCOMES = ["sent", "failed", "skipped"] as const;

/** Most extra e-mail addresses and SMS numbers per organisation. */
export const MAX_RECIPIENTS = 50;
/** A webhook secret is at least this long (HMAC-SHA256 key; a guessable one signs nothing). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("must be a valid email address"))
  .pipe(z.string().max(254, "must be at most 254 characters"));

/** E.164: '+', country code and number, 8 to 15 digits (ITU-T E.164 §6.2.1). */
const phoneNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, "must be an international number like +4712345678"));

/** An http(s) URL without credentials; whether its host is public is checked by the server (and at send). */
export const webhookUrl = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "must be an http:// or https:// URL without a user name or password");

const unique = <T>(items: T[]) => [...new Set(items)];

/**
 * `PUT /api/alerts/channels`. `webhookSecret`: a string sets it, null removes it, absent keeps the stored one;
 * a webhook needs a secret (its calls are signed).
 */
export const alertChannelsBody = z
  .object({
    emailRecipients: z
      .array(emailAddress)
      .max(MAX_RECIPIENTS, `must list at most ${MAX_RECIPIENTS} addresses`)
      .transform(unique),
    smsRecipients: z
      .array(phoneNumber)
      .max(MAX_RECIPIENTS, `must list at most ${MAX_RECIPIENTS} numbers`)
      .transform(unique)
      .optional(),
    webhookUrl: webhookUrl.nullable(),
    webhookSecret: z
      .string()
      .min(WEBHOOK_SECRET_MIN_LENGTH, `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`)
      .max(200, "must be at most 200 characters")
      .nullable()
      .optional(),
  })
  .strict();
export type AlertChannelsBody = z.infer<typeof alertChannelsBody>;
export type AlertChannelsInput = z.input<typeof alertChannelsBody>;

/** `GET /api/alerts/channels`: the channels (never the secret) and which ones this server can use. */
export const alertChannelsResponse = z.object({
  emailRecipients: z.array(z.string()),
  smsRecipients: z.array(z.string()),
  /** The full URL for owners and admins; its origin only for other members (a URL may carry a token). */
  webhookUrl: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  /** SMTP_URL is set. */
  emailAvailable: z.boolean(),
  /** SMS_GATEWAY_URL is set. */
  smsAvailable: z.boolean(),
  /** Members who receive alert e-mails (their own opt-in). */
  optedInMembers: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AlertChannels = z.infer<typeof alertChannelsResponse>;

/** `POST /api/alerts/channels/test`: send a test through one channel now. */
export const channelTestBody = z.object({ channel: z.enum(DELIVERY_CHANNELS) }).strict();
export type ChannelTestBody = z.infer<typeof channelTestBody>;

const deliveryAttempt = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  target: z.string(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  error: z.string().nullable(),
});
export const channelTestResponse = z.object({ results: z.array(deliveryAttempt) });
export type ChannelTestResponse = z.infer<typeof channelTestResponse>;

/** `GET /api/alerts/deliveries?alertId=&limit=`: the newest attempts first. */
export const deliveriesQuery = z
  .object({
    alertId: idParam.optional(),
    // deliveries are numbered by a bigint identity
    ...pageQueryFieldsOf("id", Number.MAX_SAFE_INTEGER),
  })
  .strict();
export const delivery = deliveryAttempt.extend({
  id: z.number().int(),
  alertId: z.number().int().nullable(),
  event: z.string(),
  attempt: z.number().int(),
  at: z.string(),
});
export type Delivery = z.infer<typeof delivery>;
/** A page of the log (contracts/pagination.ts). */
export const deliveriesResponse = z.object({ deliveries: z.array(delivery), ...pageFields });
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;

/** `GET /api/alerts/email-preferences`: every member's opt-in (all members read; self or admins write). */
export const emailPreference = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  alertEmails: z.boolean(),
});
export type EmailPreference = z.infer<typeof emailPreference>;
export const emailPreferencesResponse = z.object({ members: z.array(emailPreference) });

/** `PUT /api/alerts/email-preferences/:userId {alertEmails}`. */
export const emailPreferenceParams = z.object({ userId: idParam }).strict();
export const emailPreferenceBody = z.object({ alertEmails: z.boolean() }).strict();
export type EmailPreferenceBody = z.infer<typeof emailPreferenceBody>;
