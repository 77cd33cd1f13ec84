/**
 * Alerts API (issue 16 items 1 and 4): the configuration (organisation and per-ship overrides), the inbox
 * with its filters and counts, acknowledge and resolve. Everyone signed in reads; analysts and above write
 * (viewers read only). Every query is scoped by the caller's organisation: another organisation's ship or
 * alert answers 404.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  alertConfigBody,
  alertConfigQuery,
  alertConfigResponse,
  alertCountsResponse,
  alertItem,
  alertListQuery,
  alertListResponse,
  resolveAlertBody,
} from "../../contracts/alerts";
import { idParams } from "../../contracts/common";
import type { AppDeps } from "../app-deps";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { fleetWide, shipFromQuery } from "../auth/ship-scope";
import { getShipProfile, listShips } from "../ships/ships.repository";
import { loadAlertConfig, saveAlertConfig } from "./alert-config.repository";
import { notificationOf, queueNotification } from "./alert-evaluation";
import { queueEvaluation, registerAlertJobs } from "./alert-jobs";
import { acknowledgeAlert, alertCounts, getAlert, listAlerts, resolveAlertByHand } from "./alerts.repository";

export const alertRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  registerAlertJobs(app, db, config.ALERT_SWEEP_CRON);
  app.addHook("onRequest", signedInOnly);
  const tags = ["alerts"];

  app.get(
    "/api/alerts/config",
    {
      config: { shipScope: shipFromQuery },
      schema: {
        tags,
        description:
          "The alert configuration by type: the organisation's, or with shipId the ship's (its overrides over the organisation's). Types never set have the specification's defaults.",
        querystring: alertConfigQuery,
        response: { 200: alertConfigResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const shipId = request.query.shipId ?? null;
      if (shipId !== null) await getShipProfile(db, orgId, shipId);
      return loadAlertConfig(db, orgId, shipId);
    },
  );

  app.put(
    "/api/alerts/config",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        description:
          "Sets the types given, all or none. With shipId they are the ship's overrides (null removes one); without, the organisation's (null restores the default). The affected ships are evaluated again at once.",
        querystring: alertConfigQuery,
        body: alertConfigBody,
        response: { 200: alertConfigResponse },
      },
    },
    async (request) => {
      const { orgId, userId } = requireWriter(request);
      const shipId = request.query.shipId ?? null;
      if (shipId !== null) await getShipProfile(db, orgId, shipId);
      await saveAlertConfig(db, orgId, shipId, request.body, userId);
      const affected = shipId !== null ? [shipId] : (await listShips(db, orgId)).map((s) => s.id);
      for (const id of affected) await queueEvaluation(app, orgId, id);
      return loadAlertConfig(db, orgId, shipId);
    },
  );

  app.get(
    "/api/alerts",
    {
      config: { shipScope: shipFromQuery },
      schema: {
        tags,
        description: "The organisation's alerts, newest first, by status, ship and type; paginated.",
        querystring: alertListQuery,
        response: { 200: alertListResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      if (request.query.shipId !== undefined) await getShipProfile(db, orgId, request.query.shipId);
      return listAlerts(db, orgId, request.query);
    },
  );

  app.get(
    "/api/alerts/counts",
    {
      config: { shipScope: fleetWide },
      schema: {
        tags,
        description: "Unresolved alerts of the organisation by status (the header bell).",
        response: { 200: alertCountsResponse },
      },
    },
    async (request) => alertCounts(db, requireAuth(request).orgId),
  );

  app.post(
    "/api/alerts/:id/acknowledge",
    {
      onRequest: writersOnly,
      schema: { tags, params: idParams, response: { 200: alertItem } },
    },
    async (request) => {
      const { orgId, userId } = requireWriter(request);
      return acknowledgeAlert(db, orgId, request.params.id, userId, new Date());
    },
  );

  app.post(
    "/api/alerts/:id/resolve",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        description:
          "Resolves an open or acknowledged alert by hand, with an optional note; 409 when already resolved.",
        params: idParams,
        body: resolveAlertBody,
        response: { 200: alertItem },
      },
    },
    async (request) => {
      const { orgId, userId } = requireWriter(request);
      const now = new Date();
      const note = request.body.note ? request.body.note : null;
      const row = await resolveAlertByHand(db, orgId, request.params.id, userId, note, now);
      const [ship, cfg] = await Promise.all([
        getShipProfile(db, orgId, row.shipId),
        loadAlertConfig(db, orgId, row.shipId),
      ]);
      await queueNotification(
        { db, jobs: app.jobs, log: app.log },
        notificationOf(
          row,
          "resolved",
          ship,
          cfg.config[row.type].notificationMethod,
          row.latestFigure,
          note ? `Resolved by hand: ${note}` : "Resolved by hand.",
          now,
        ),
      );
      return getAlert(db, orgId, row.id);
    },
  );
};
