/**
 * Alert delivery (issue 16 item 5): defines the alert-notify job's handler, and the routes of the
 * notification channels (owners and admins edit, members read), the per-member e-mail opt-in (each member
 * their own, owners and admins anyone's), 'Send test' and the delivery log.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type AlertChannels,
  alertChannelsBody,
  alertChannelsResponse,
  channelTestBody,
  channelTestResponse,
  deliveriesQuery,
  deliveriesResponse,
  emailPreferenceBody,
  emailPreferenceParams,
  emailPreferencesResponse,
} from "../../../contracts/alert-delivery";
import { ADMIN_ROLES } from "../../../contracts/auth";
import type { AppDeps } from "../../app-deps";
import { adminsOnly, requireAdmin, requireAuth, signedInOnly } from "../../auth/guards";
import { fleetWide } from "../../auth/ship-scope";
import { forbidden, notFound } from "../../http/errors";
import { sendPageHeaders } from "../../http/pagination";
import { ALERT_NOTIFY_JOB } from "../alert-notification";
import { webhookTarget } from "./channel-senders";
import { testChannel } from "./channel-test";
import {
  countOptedIn,
  getChannels,
  listEmailPreferences,
  saveChannels,
  setEmailPreference,
} from "./channels.repository";
import { type DeliveryDeps, deliverAlert } from "./deliver-alert";
import { listDeliveries } from "./deliveries.repository";
import { checkWebhookInput } from "./webhook-input";

export const alertDeliveryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const deps: DeliveryDeps = {
    db,
    mailer: app.mailer,
    config,
    countAttempt: (channel, outcome) => app.metrics?.alertDeliveries.inc({ channel, outcome }),
  };
  app.jobs.define({
    ...ALERT_NOTIFY_JOB,
    handler: (payload, job) => deliverAlert(deps, payload, job.retryCount + 1),
    options: {
      retryLimit: config.ALERT_DELIVERY_RETRIES,
      retryDelaySeconds: config.ALERT_DELIVERY_RETRY_DELAY_SECONDS,
      retryBackoff: true,
    },
  });

  app.addHook("onRequest", signedInOnly);
  const tags = ["alerts"];

  const channelsView = async (orgId: number, fullWebhookUrl: boolean): Promise<AlertChannels> => {
    const [c, optedInMembers] = await Promise.all([getChannels(db, orgId), countOptedIn(db, orgId)]);
    return {
      emailRecipients: c.emailRecipients,
      smsRecipients: c.smsRecipients,
      webhookUrl: c.webhookUrl && !fullWebhookUrl ? `${webhookTarget(c.webhookUrl)}/…` : c.webhookUrl,
      webhookSecretSet: c.webhookSecret !== null,
      emailAvailable: app.mailer.available,
      smsAvailable: Boolean(config.SMS_GATEWAY_URL),
      optedInMembers,
      updatedAt: c.updatedAt?.toISOString() ?? null,
    };
  };
  const isAdmin = (request: FastifyRequest) => ADMIN_ROLES.includes(requireAuth(request).role);

  app.get(
    "/api/alerts/channels",
    {
      config: { shipScope: fleetWide },
      schema: {
        tags,
        description:
          "Where alerts go beyond the dashboard (never the webhook secret), and whether e-mail and SMS are available on this server.",
        response: { 200: alertChannelsResponse },
      },
    },
    async (request) => channelsView(requireAuth(request).orgId, isAdmin(request)),
  );

  app.put(
    "/api/alerts/channels",
    {
      onRequest: adminsOnly,
      schema: {
        tags,
        description:
          "Sets the extra e-mail addresses, SMS numbers and the webhook (URL and signing secret; an absent secret keeps the stored one).",
        body: alertChannelsBody,
        response: { 200: alertChannelsResponse },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const stored = await getChannels(db, auth.orgId);
      await checkWebhookInput(request.body, stored.webhookSecret !== null, config);
      await saveChannels(db, auth.orgId, auth.userId, request.body);
      return channelsView(auth.orgId, true);
    },
  );

  app.post(
    "/api/alerts/channels/test",
    {
      onRequest: adminsOnly,
      schema: {
        tags,
        description:
          "Sends a test now through one channel (the e-mail to the caller) and answers each attempt's outcome; logged.",
        body: channelTestBody,
        response: { 200: channelTestResponse },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const records = await testChannel(deps, auth.orgId, auth.email, request.body.channel);
      return {
        results: records.map((r) => ({
          channel: r.channel,
          target: r.target,
          outcome: r.outcome,
          error: r.error,
        })),
      };
    },
  );

  app.get(
    "/api/alerts/deliveries",
    {
      config: { shipScope: fleetWide },
      schema: {
        tags,
        description: "Every delivery attempt, newest first (`alertId` for one alert's).",
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse },
      },
    },
    async (request, reply) => {
      const list = await listDeliveries(db, requireAuth(request).orgId, request.query);
      sendPageHeaders(reply, list);
      return list;
    },
  );

  app.get(
    "/api/alerts/email-preferences",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: emailPreferencesResponse } } },
    async (request) => ({ members: await listEmailPreferences(db, requireAuth(request).orgId) }),
  );

  app.put(
    "/api/alerts/email-preferences/:userId",
    {
      // A member sets their own opt-in; owners and admins anyone's. Checked before the body is read.
      onRequest: async (request) => {
        const auth = requireAuth(request);
        const userId = Number((request.params as Record<string, unknown>).userId);
        if (userId !== auth.userId && !ADMIN_ROLES.includes(auth.role)) throw forbidden();
      },
      schema: {
        tags,
        description:
          "Turns alert e-mails on or off for a member (themselves, or anyone for owners and admins).",
        params: emailPreferenceParams,
        body: emailPreferenceBody,
        response: { 200: emailPreferencesResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const found = await setEmailPreference(db, orgId, request.params.userId, request.body.alertEmails);
      if (!found) throw notFound("Member");
      return { members: await listEmailPreferences(db, orgId) };
    },
  );
};
