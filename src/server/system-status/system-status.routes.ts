import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { systemStatusQuery, systemStatusResponse } from "../../contracts/analysis/system-status";
import { alertCounts } from "../alerts/alerts.repository";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { shipFromQuery } from "../auth/ship-scope";
import { lastRecordAt } from "../records/newest-record";
import { getShipProfile } from "../ships/ships.repository";
import { fuelDataQualityWithReason } from "./data-quality-reason";

export const systemStatusRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/system-status",
    {
      config: { shipScope: shipFromQuery },
      schema: {
        tags: ["dashboard"],
        description:
          "Data quality of the last 30 days, the newest record and active alerts, for the organisation or one ship.",
        querystring: systemStatusQuery,
        response: { 200: systemStatusResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const shipId = request.query.shipId;
      if (shipId !== undefined) await getShipProfile(db, orgId, shipId);
      const ships = shipId === undefined ? null : [shipId];
      const now = new Date();
      const [{ quality, emptyReason }, last, alerts] = await Promise.all([
        fuelDataQualityWithReason(db, orgId, ships, now),
        lastRecordAt(db, orgId, ships),
        alertCounts(db, orgId, shipId),
      ]);
      return {
        dataQualityPercent: quality?.percent ?? null,
        dataQualityEmptyReason: emptyReason,
        dataQualityParts: quality?.parts ?? null,
        lastRecordAt: last?.toISOString() ?? null,
        secondsSinceLastRecord: last ? Math.max(0, (now.getTime() - last.getTime()) / 1000) : null,
        // unresolved alerts (open or acknowledged), of the ship or the organisation
        activeAlerts: alerts.open + alerts.acknowledged,
        computedAt: now.toISOString(),
      };
    },
  );
};
