/**
 * The admin self-tests of alert delivery (issue 18 item 4): whether e-mail can leave (a mail server is
 * configured) and whether a webhook is set. Sending a real test message is the channels card's 'Send test'
 * (POST /api/alerts/channels/test), which logs its attempt in the delivery log.
 */
import type { SelfTest } from "../../database-admin/self-tests";
import { getChannels } from "./channels.repository";

export const mailDeliveryTest: SelfTest = {
  id: "mail-delivery",
  name: "Mail delivery",
  async run({ mailerAvailable }) {
    return mailerAvailable
      ? {
          status: "pass",
          detail: "Connected successfully: a mail server is configured (SMTP_URL); 'Send test' sends one",
        }
      : {
          status: "not_configured",
          detail: "Not configured: no mail server (SMTP_URL), so e-mail alerts cannot leave",
        };
  },
};

export const webhookDeliveryTest: SelfTest = {
  id: "webhook-delivery",
  name: "Webhook delivery",
  async run({ db, orgId }) {
    const channels = await getChannels(db, orgId);
    if (!channels.webhookUrl)
      return { status: "not_configured", detail: "Not configured: no webhook set for the organisation" };
    return {
      status: "pass",
      detail: `Connected successfully: alerts are posted to ${new URL(channels.webhookUrl).origin}, signed${channels.webhookSecret ? "" : " (no secret set: unsigned)"}`,
    };
  },
};
